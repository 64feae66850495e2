/**
 * The arithmetic of the book's grid (book-grid.tsx), kept apart so it is tested without a browser: where a minute of
 * the day sits on the time axis, where a pointer lands, and how overlapping bookings share a column.
 */

/** Pixels per minute of the time axis: a 15-minute slot is 24 px, tall enough for a name on a tablet. */
export const PX_PER_MINUTE = 1.6;
/** A drag or a resize lands on 5-minute steps, as the API's booking times do. */
export const SNAP_MINUTES = 5;

/** `HH:mm` → minutes since midnight. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes since midnight → `HH:mm`. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The axis from `start` to `end` (`HH:mm`), in minutes since midnight. */
export interface Axis {
  start: number;
  end: number;
}

export const axisOf = (span: { start: string; end: string }): Axis => ({
  start: minutesOf(span.start),
  end: span.end === '23:59' ? 24 * 60 : minutesOf(span.end),
});

/** The top of a minute of the day on the axis, in pixels. */
export const topOf = (axis: Axis, minutes: number): number => (minutes - axis.start) * PX_PER_MINUTE;

/** The axis's whole height in pixels. */
export const heightOf = (axis: Axis): number => (axis.end - axis.start) * PX_PER_MINUTE;

/** A pixel offset from the axis's top → the minute of the day there, snapped down to `step`, kept on the axis. */
export function minuteAt(axis: Axis, offsetPx: number, step = SNAP_MINUTES, length = 0): number {
  const raw = axis.start + offsetPx / PX_PER_MINUTE;
  const snapped = Math.round(raw / step) * step;
  return Math.min(Math.max(snapped, axis.start), axis.end - Math.max(length, step));
}

/** A free time's start where a click landed: the slot (of `slot` minutes) holding that point. */
export function slotAt(axis: Axis, offsetPx: number, slot: number): number {
  const raw = axis.start + offsetPx / PX_PER_MINUTE;
  const floored = Math.floor((raw - axis.start) / slot) * slot + axis.start;
  return Math.min(Math.max(floored, axis.start), axis.end - slot);
}

export interface Span {
  id: number;
  start: number;
  minutes: number;
}

/**
 * Overlapping bookings (an overbooked slot) side by side: each gets a lane, and every booking of a cluster of
 * overlapping ones divides the column by that cluster's lanes; a booking alone keeps the whole width.
 */
export function lanes(spans: readonly Span[]): Map<number, { lane: number; of: number }> {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.minutes - a.minutes || a.id - b.id);
  const out = new Map<number, { lane: number; of: number }>();
  let cluster: { id: number; lane: number }[] = [];
  let clusterEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    const of = laneEnds.length;
    for (const c of cluster) out.set(c.id, { lane: c.lane, of });
    cluster = [];
    laneEnds = [];
  };
  for (const s of sorted) {
    const end = s.start + Math.max(s.minutes, 1);
    if (s.start >= clusterEnd) close();
    let lane = laneEnds.findIndex((e) => e <= s.start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    cluster.push({ id: s.id, lane });
    clusterEnd = Math.max(clusterEnd, end);
  }
  close();
  return out;
}
