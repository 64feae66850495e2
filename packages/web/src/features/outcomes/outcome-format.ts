import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';

/**
 * The pure parts of the outcomes screens: how their numbers are written and where the charts draw them. Kept out
 * of the components so the tests need no DOM.
 */

/** A prediction error or a mean error: signed, two decimals, `+0.12` (a sign says myopic or hyperopic). */
export const signedD = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? formatDiopters(value) : '—';

/** An absolute error, an SD, a magnitude: unsigned, two decimals, `0.42`. */
export const plainD = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '—';

/** A share 0–1 as a whole percentage, `58 %`; null (nothing to count) as a dash. */
export const percent = (share: number | null | undefined): string =>
  typeof share === 'number' && Number.isFinite(share) ? `${Math.round(share * 100)} %` : '—';

/** A rate per 100 operations, one decimal: `1.2`. */
export const per100 = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : '—';

/** A refraction as the chart writes it: `-0.50 / -0.75 × 090`, or the sphere alone without a cylinder. */
export function refractionText(sphere: number, cylinder: number | null, axis: number | null): string {
  const sph = formatDiopters(sphere, { plano: true });
  if (cylinder === null || cylinder === 0) return sph;
  return axis === null
    ? `${sph} / ${formatDiopters(cylinder)}`
    : `${sph} / ${formatDiopters(cylinder)} × ${formatAxis(axis)}`;
}

/** An astigmatism (a SIA, a mean SIA): `0.42 D @ 095`, the axis in three digits. */
export function astigmatismText(value: { magnitude: number; axis: number | null } | null): string {
  if (!value) return '—';
  const magnitude = `${value.magnitude.toFixed(2)} D`;
  return value.axis === null ? magnitude : `${magnitude} @ ${formatAxis(value.axis)}`;
}

/** Whether a share passes a benchmark (null: nothing to judge). */
export const meetsBenchmark = (share: number | null, benchmark: number): boolean | null =>
  share === null ? null : share + 1e-9 >= benchmark;

// ---- the histogram ------------------------------------------------------------------------------------------------

export interface HistogramInputBin {
  from: number | null;
  to: number | null;
  count: number;
}

export interface HistogramBar {
  /** The bin's label: `< -2.00`, `> +2.00`, or its lower edge `-0.25`. */
  label: string;
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface HistogramLayout {
  bars: HistogramBar[];
  /** The axis's ticks at every whole dioptre (and the open ends), x in the drawing. */
  ticks: Array<{ x: number; label: string; open: boolean }>;
  /** The largest count (the scale's top). */
  max: number;
}

/**
 * Bars of equal width left to right in the bins' order (the open end bins first and last), their heights scaled
 * to the largest count; `plot` is the drawing area inside the axes.
 */
export function histogramLayout(
  bins: readonly HistogramInputBin[],
  plot: { x: number; y: number; width: number; height: number },
): HistogramLayout {
  const max = Math.max(1, ...bins.map((b) => b.count));
  const step = bins.length > 0 ? plot.width / bins.length : 0;
  const gap = Math.min(2, step * 0.1);
  const bars = bins.map((bin, i) => {
    const height = (bin.count / max) * plot.height;
    return {
      label: binLabel(bin),
      count: bin.count,
      x: plot.x + i * step + gap / 2,
      y: plot.y + plot.height - height,
      width: Math.max(0, step - gap),
      height,
    };
  });
  const ticks: HistogramLayout['ticks'] = [];
  bins.forEach((bin, i) => {
    if (bin.from === null || bin.to === null)
      ticks.push({ x: plot.x + (i + 0.5) * step, label: binLabel(bin), open: true });
    else if (Math.abs(bin.from - Math.round(bin.from)) < 1e-9)
      ticks.push({ x: plot.x + i * step, label: formatDiopters(bin.from), open: false });
  });
  // The closing edge of the last closed bin (+2.00) when it is a whole dioptre.
  let lastClosed = -1;
  bins.forEach((b, i) => void (b.from !== null && b.to !== null && (lastClosed = i)));
  const closing = bins[lastClosed]?.to;
  if (typeof closing === 'number' && Math.abs(closing - Math.round(closing)) < 1e-9)
    ticks.push({ x: plot.x + (lastClosed + 1) * step, label: formatDiopters(closing), open: false });
  return { bars, ticks: ticks.sort((a, b) => a.x - b.x), max };
}

export function binLabel(bin: HistogramInputBin): string {
  if (bin.from === null) return `< ${formatDiopters(bin.to ?? 0)}`;
  if (bin.to === null) return `> ${formatDiopters(bin.from)}`;
  return `${formatDiopters(bin.from)} … ${formatDiopters(bin.to)}`;
}

// ---- the double-angle plot ----------------------------------------------------------------------------------------

/** The plot's radius, D: the largest point or centroid rounded up to the next 0.5 D ring, at least 1.0 D. */
export function plotRadius(points: ReadonlyArray<{ x: number; y: number }>): number {
  const largest = Math.max(0, ...points.map((p) => Math.hypot(p.x, p.y)));
  return Math.max(1, Math.ceil(largest / 0.5 - 1e-9) * 0.5);
}

/** The rings at every 0.5 D up to the radius. */
export const ringsOf = (radius: number): number[] =>
  Array.from({ length: Math.round(radius / 0.5) }, (_, i) => (i + 1) * 0.5);

/**
 * A double-angle point (D) to the drawing: x to the right, y upward (SVG's y grows downward), the origin at the
 * centre, `radius` D at `size / 2 − margin` pixels.
 */
export function toPlot(
  point: { x: number; y: number },
  radius: number,
  size: number,
  margin: number,
): { cx: number; cy: number } {
  const centre = size / 2;
  const scale = (size / 2 - margin) / radius;
  return { cx: centre + point.x * scale, cy: centre - point.y * scale };
}

/**
 * Where an axis (degrees on the eye) sits on the double-angle plot: at twice its angle, so 0° is right, 45° up,
 * 90° left and 135° down.
 */
export function axisLabelPosition(
  axis: number,
  size: number,
  margin: number,
  offset: number,
): { x: number; y: number } {
  const rad = (2 * axis * Math.PI) / 180;
  const centre = size / 2;
  const r = size / 2 - margin + offset;
  return { x: centre + Math.cos(rad) * r, y: centre - Math.sin(rad) * r };
}
