import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import dayjs from 'dayjs';
import type { Book, Booking, Session } from '@basira/shared/appointments/appointments.schemas';
import { localeOf } from '../../lib/format.ts';
import {
  axisOf,
  heightOf,
  lanes,
  minuteAt,
  minutesOf,
  PX_PER_MINUTE,
  slotAt,
  timeOf,
  topOf,
  type Axis,
} from './book-grid-layout.ts';
import { bookingLook, closedReason, isMovable, LOOK_COLOR, sessionsOn, toWallTime } from './book-events.ts';
import './book-grid.css';

export interface BookMove {
  day: string;
  time: string;
  doctorId: number;
  minutes: number;
}

export interface BookGridProps {
  book: Book;
  days: readonly string[];
  doctors: readonly { id: number; name: string }[];
  span: { start: string; end: string };
  /** The length a click books (and the axis's lines): 15 minutes in a day, 30 in a week. */
  slotMinutes: number;
  canBook: boolean;
  today: string;
  /** The clinic's wall clock now, minutes since midnight: the red line on today's columns. */
  nowMinutes: number | null;
  /** The day names' calendar (dayjs locale): the clinic's Arabic words or English. */
  calendarLocale: string;
  timeZone: string | undefined;
  onSlot: (slot: { doctorId: number; day: string; time: string }) => void;
  onOpen: (bookingId: number) => void;
  onMove: (booking: Booking, to: BookMove) => void;
  testId: string;
}

interface Placed {
  booking: Booking;
  /** Minutes since midnight on the clinic's clock. */
  start: number;
}

interface Preview {
  column: string;
  start: number;
  minutes: number;
}

const columnKey = (day: string, doctorId: number) => `${day}|${doctorId}`;

/**
 * The book's day and week: one column per doctor (per day in a week), time running down, bookings placed by their
 * start and length. Our own grid rather than the calendar library's resource views: those placed events with a
 * physical `left` that broke in Arabic, dragged with HTML drag and drop that a tablet's finger and the browser tests
 * could not drive across days, and had long tasks scrolling a week of 120 bookings (docs/appointments.md). Here a
 * drag is pointer events (mouse, pen, finger), and columns follow the page's direction.
 */
export function BookGrid(props: BookGridProps) {
  const { book, days, doctors, span, slotMinutes, canBook, timeZone, onMove, onOpen, onSlot } = props;
  const { t, i18n } = useTranslation();
  const axis = useMemo(() => axisOf(span), [span]);
  const scroller = useRef<HTMLDivElement>(null);

  // Opened on the hour before now on today's book, else on the day's first session: not on an empty morning.
  const firstDay = days[0];
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const firsts = book.hours.flatMap((h) =>
      Object.values(h.week).flatMap((s) => s.map((x) => minutesOf(x.start))),
    );
    const target =
      props.nowMinutes !== null && days.includes(props.today)
        ? props.nowMinutes - 60
        : firsts.length > 0
          ? Math.min(...firsts)
          : axis.start;
    el.scrollTop = Math.max(0, topOf(axis, target));
    // Only when another range opens: a refetch must not pull the grid away from where the receptionist scrolled.
  }, [firstDay, days.length]);

  // Bookings by column; a recall (no time) goes to its column's strip above the axis.
  const { timed, recalls } = useMemo(() => {
    const timed = new Map<string, Placed[]>();
    const recalls = new Map<string, Booking[]>();
    for (const booking of book.bookings) {
      if (booking.doctorId === null) continue;
      const wall = toWallTime(booking.start, timeZone);
      const key = columnKey(wall.slice(0, 10), booking.doctorId);
      if (booking.minutes === null) recalls.set(key, [...(recalls.get(key) ?? []), booking]);
      else timed.set(key, [...(timed.get(key) ?? []), { booking, start: minutesOf(wall.slice(11, 16)) }]);
    }
    return { timed, recalls };
  }, [book.bookings, timeZone]);

  const columns = useMemo(
    () =>
      days.flatMap((day) => {
        const closed = closedReason(book, day);
        return doctors.map((doctor, i) => ({
          key: columnKey(day, doctor.id),
          day,
          doctor,
          firstOfDay: i === 0 && days.length > 1,
          closedLabel: closed
            ? closed.kind === 'closure'
              ? closed.name
              : t('appointments.closedWeekday')
            : null,
          sessions: sessionsOn(
            book,
            book.hours.find((h) => h.doctor.id === doctor.id),
            day,
          ),
        }));
      }),
    [days, doctors, book, t],
  );

  // The drag: pointer events on the booking, followed on the window; the target column is the one under the pointer.
  const [preview, setPreview] = useState<Preview | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const swallowClick = useRef(false);
  const drag = useRef<{
    booking: Booking;
    mode: 'move' | 'resize';
    x: number;
    y: number;
    grab: number;
    start: number;
    active: boolean;
    preview: Preview | null;
  } | null>(null);
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);

  const onPointerMove = useCallback(
    (e: PointerEvent) => {
      const d = drag.current;
      if (!d) return;
      if (!d.active) {
        if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
        d.active = true;
        setDragging(d.booking.id);
      }
      edgeScroll(scroller.current, e.clientX, e.clientY);
      const minutes = d.booking.minutes ?? slotMinutes;
      let next: Preview | null = null;
      if (d.mode === 'resize') {
        const column = columnKey(toWallTime(d.booking.start, timeZone).slice(0, 10), d.booking.doctorId ?? 0);
        const el = scroller.current?.querySelector<HTMLElement>(`[data-col="${CSS.escape(column)}"]`);
        if (el) {
          const end = minuteAt(axis, e.clientY - el.getBoundingClientRect().top);
          next = { column, start: d.start, minutes: Math.max(5, end - d.start) };
        }
      } else {
        const el = document
          .elementsFromPoint(e.clientX, e.clientY)
          .find((n): n is HTMLElement => n instanceof HTMLElement && n.dataset.col !== undefined);
        const column = el?.dataset.col;
        if (el && column && !byKey.get(column)?.closedLabel) {
          const start = minuteAt(axis, e.clientY - el.getBoundingClientRect().top - d.grab, 5, minutes);
          next = { column, start, minutes };
        }
      }
      d.preview = next;
      setPreview(next);
    },
    [axis, byKey, slotMinutes, timeZone],
  );

  const onPointerUp = useCallback(() => {
    const d = drag.current;
    drag.current = null;
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    window.removeEventListener('pointercancel', onPointerUp);
    setPreview(null);
    setDragging(null);
    if (!d?.active) return;
    // The click that follows the release is the drag's end, not a click on a slot or on the booking.
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
    const p = d.preview;
    if (!p) return;
    const [day, doctorId] = p.column.split('|') as [string, string];
    const wall = toWallTime(d.booking.start, timeZone);
    const unchanged =
      wall.slice(0, 10) === day &&
      Number(doctorId) === d.booking.doctorId &&
      p.start === d.start &&
      p.minutes === d.booking.minutes;
    if (!unchanged)
      onMove(d.booking, { day, time: timeOf(p.start), doctorId: Number(doctorId), minutes: p.minutes });
  }, [onMove, onPointerMove, timeZone]);

  useEffect(
    () => () => {
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
    },
    [onPointerMove, onPointerUp],
  );

  const startDrag = useCallback(
    (e: React.PointerEvent<HTMLElement>, booking: Booking, start: number) => {
      if (!canBook || !isMovable(booking) || e.button !== 0) return;
      const rect = e.currentTarget.getBoundingClientRect();
      const resize = (e.target as HTMLElement).dataset.resize !== undefined;
      drag.current = {
        booking,
        mode: resize ? 'resize' : 'move',
        x: e.clientX,
        y: e.clientY,
        grab: e.clientY - rect.top,
        start,
        active: false,
        preview: null,
      };
      window.addEventListener('pointermove', onPointerMove);
      window.addEventListener('pointerup', onPointerUp);
      window.addEventListener('pointercancel', onPointerUp);
    },
    [canBook, onPointerMove, onPointerUp],
  );

  const clickSlot = useCallback(
    (e: React.MouseEvent<HTMLDivElement>) => {
      if (!canBook) return;
      const el = e.currentTarget;
      if ((e.target as HTMLElement).closest('[data-booking-id]')) return;
      const column = byKey.get(el.dataset.col ?? '');
      if (!column || column.closedLabel) return;
      const start = slotAt(axis, e.clientY - el.getBoundingClientRect().top, slotMinutes);
      onSlot({ doctorId: column.doctor.id, day: column.day, time: timeOf(start) });
    },
    [axis, byKey, canBook, onSlot, slotMinutes],
  );

  const calendar = (day: string) => dayjs(day).locale(props.calendarLocale);
  const withDoctorRow = doctors.length > 1 || days.length === 1;
  const withDayRow = days.length > 1;
  const anyRecall = recalls.size > 0;
  const minWidth = doctors.length > 1 && days.length > 1 ? 76 : 120;
  const hourLabel = useMemo(() => {
    const f = new Intl.DateTimeFormat(localeOf(i18n.language), {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    return (m: number) => f.format(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60));
  }, [i18n.language]);

  const height = heightOf(axis);
  const headRows = (withDayRow ? 1 : 0) + (withDoctorRow ? 1 : 0);
  const bodyRow = headRows + (anyRecall ? 1 : 0) + 1;
  const lines = `repeating-linear-gradient(to bottom, var(--mantine-color-default-border) 0 1px, transparent 1px ${
    slotMinutes * PX_PER_MINUTE
  }px)`;

  return (
    <div
      ref={scroller}
      className="book-grid-scroller"
      data-testid={props.testId}
      data-axis-start={axis.start}
      data-px-per-minute={PX_PER_MINUTE}
      onClickCapture={(e) => {
        if (swallowClick.current) {
          e.stopPropagation();
          e.preventDefault();
        }
      }}
    >
      <div
        className="book-grid"
        style={{
          gridTemplateColumns: `56px repeat(${columns.length}, minmax(${minWidth}px, 1fr))`,
          gridTemplateRows: `${'auto '.repeat(headRows + (anyRecall ? 1 : 0))}${height}px`,
        }}
      >
        <div
          className="book-grid-head book-grid-corner"
          style={{ gridColumn: 1, gridRow: `1 / ${headRows + 1}` }}
        />
        {withDayRow &&
          days.map((day, i) => (
            <div
              key={day}
              className="book-grid-head"
              data-today={day === props.today || undefined}
              style={{ gridRow: 1, gridColumn: `${2 + i * doctors.length} / span ${doctors.length}` }}
              data-testid="book-grid-day"
            >
              {calendar(day).format('dddd D MMMM')}
            </div>
          ))}
        {withDoctorRow &&
          columns.map((c, i) => (
            <div
              key={c.key}
              className="book-grid-head"
              title={c.doctor.name}
              style={{ gridRow: headRows, gridColumn: 2 + i, top: withDayRow ? 22 : 0 }}
            >
              <bdi>{c.doctor.name}</bdi>
            </div>
          ))}
        {anyRecall && (
          <>
            <div className="book-grid-gutter" style={{ gridRow: headRows + 1, gridColumn: 1, padding: 2 }}>
              {t('appointments.recalls')}
            </div>
            {columns.map((c, i) => (
              <div
                key={c.key}
                className="book-grid-recalls"
                style={{ gridRow: headRows + 1, gridColumn: 2 + i }}
              >
                {(recalls.get(c.key) ?? []).map((b) => (
                  <button
                    key={b.id}
                    type="button"
                    className="book-grid-recall"
                    data-booking-id={b.id}
                    data-status={b.statusId}
                    style={colors(b)}
                    onClick={() => onOpen(b.id)}
                  >
                    <bdi>{b.patient.name}</bdi>
                  </button>
                ))}
              </div>
            ))}
          </>
        )}
        <div className="book-grid-gutter" style={{ gridRow: bodyRow, gridColumn: 1 }}>
          <HourLabels axis={axis} label={hourLabel} />
        </div>
        {columns.map((c, i) => (
          <Column
            key={c.key}
            columnKey={c.key}
            gridColumn={2 + i}
            gridRow={bodyRow}
            axis={axis}
            lines={lines}
            firstOfDay={c.firstOfDay}
            closedLabel={c.closedLabel}
            sessions={c.sessions}
            placed={timed.get(c.key)}
            now={c.day === props.today ? props.nowMinutes : null}
            preview={preview?.column === c.key ? preview : null}
            dragging={dragging}
            canBook={canBook}
            label={`${c.doctor.name} ${calendar(c.day).format('dddd D MMMM')}`}
            onClick={clickSlot}
            onOpen={onOpen}
            onPointerDown={startDrag}
          />
        ))}
      </div>
    </div>
  );
}

function HourLabels({ axis, label }: { axis: Axis; label: (m: number) => string }) {
  const hours: number[] = [];
  for (let m = Math.ceil(axis.start / 60) * 60; m < axis.end; m += 60) hours.push(m);
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      {hours.map((m) => (
        <span key={m} style={{ top: Math.max(6, topOf(axis, m)) }}>
          {label(m)}
        </span>
      ))}
    </div>
  );
}

interface ColumnProps {
  columnKey: string;
  gridColumn: number;
  gridRow: number;
  axis: Axis;
  lines: string;
  firstOfDay: boolean;
  closedLabel: string | null;
  sessions: readonly Session[];
  placed: readonly Placed[] | undefined;
  now: number | null;
  preview: Preview | null;
  dragging: number | null;
  canBook: boolean;
  label: string;
  onClick: (e: React.MouseEvent<HTMLDivElement>) => void;
  onOpen: (id: number) => void;
  onPointerDown: (e: React.PointerEvent<HTMLElement>, booking: Booking, start: number) => void;
}

/** One doctor's day: the working sessions shaded, the bookings placed, a drag's landing outlined. */
const Column = memo(function Column(p: ColumnProps) {
  const { t, i18n } = useTranslation();
  const laneOf = useMemo(
    () =>
      lanes(
        (p.placed ?? []).map((x) => ({ id: x.booking.id, start: x.start, minutes: x.booking.minutes ?? 0 })),
      ),
    [p.placed],
  );
  return (
    <div
      className="book-grid-col"
      data-col={p.columnKey}
      data-first-of-day={p.firstOfDay || undefined}
      data-closed={p.closedLabel !== null || undefined}
      aria-label={p.label}
      style={{ gridColumn: p.gridColumn, gridRow: p.gridRow, backgroundImage: p.lines }}
      onClick={p.onClick}
    >
      {p.sessions.map((s) => (
        <div
          key={s.start}
          className="book-grid-hours"
          style={{
            top: topOf(p.axis, minutesOf(s.start)),
            height: (minutesOf(s.end) - minutesOf(s.start)) * PX_PER_MINUTE,
          }}
        />
      ))}
      {p.closedLabel !== null && <div className="book-grid-closed">{p.closedLabel}</div>}
      {p.now !== null && p.now >= p.axis.start && p.now < p.axis.end && (
        <div className="book-grid-now" style={{ top: topOf(p.axis, p.now) }} />
      )}
      {(p.placed ?? []).map(({ booking: b, start }) => {
        const lane = laneOf.get(b.id) ?? { lane: 0, of: 1 };
        const movable = p.canBook && isMovable(b);
        return (
          <button
            key={b.id}
            type="button"
            className="book-grid-booking"
            data-booking-id={b.id}
            data-status={b.statusId}
            data-overbooked={b.overbooked || undefined}
            data-movable={movable || undefined}
            data-dragging={p.dragging === b.id || undefined}
            data-short={(b.minutes ?? 0) < 30 || undefined}
            title={b.patient.name}
            aria-label={`${b.patient.name} ${t(`appointments.look.${bookingLook(b.statusId)}`)}`}
            style={{
              ...colors(b),
              top: topOf(p.axis, start),
              height: Math.max(14, (b.minutes ?? 0) * PX_PER_MINUTE),
              insetInlineStart: `${(lane.lane / lane.of) * 100}%`,
              width: `${100 / lane.of}%`,
            }}
            onPointerDown={(e) => p.onPointerDown(e, b, start)}
            onClick={() => p.onOpen(b.id)}
          >
            {/* The screen's direction, the name isolated: an Arabic name must not turn an English line around. */}
            <span dir={i18n.dir()} style={{ display: 'block' }}>
              <b>
                <bdi>{b.patient.name}</bdi>
              </b>
              {b.examTypes.length > 0 && ` · ${b.examTypes.map((r) => t(`queue.examTypes.${r}`)).join('، ')}`}
              {b.overbooked && ` · ${t('appointments.overbooked')}`}
              {b.reply && ` · ${t(`appointments.reply.${b.reply}`)}`}
            </span>
            {movable && <span className="book-grid-resize" data-resize="" aria-hidden />}
          </button>
        );
      })}
      {p.preview && (
        <div
          className="book-grid-preview"
          data-testid="book-grid-preview"
          style={{ top: topOf(p.axis, p.preview.start), height: p.preview.minutes * PX_PER_MINUTE }}
        >
          <bdi dir="ltr">{timeOf(p.preview.start)}</bdi>
        </div>
      )}
    </div>
  );
});

/** A booking's colours from its status: filled while it is to come or in the building, light when done or gone. */
function colors(b: Booking): React.CSSProperties {
  const look = bookingLook(b.statusId);
  const color = LOOK_COLOR[look];
  const filled = look === 'booked' || look === 'arrived';
  return filled
    ? { background: `var(--mantine-color-${color}-filled)`, color: 'var(--mantine-color-white)' }
    : {
        background: `var(--mantine-color-${color}-light)`,
        color: `var(--mantine-color-${color}-light-color)`,
      };
}

/** While dragging near the scroller's edge, the grid scrolls toward it (a week wider than the screen). */
function edgeScroll(el: HTMLElement | null, x: number, y: number) {
  if (!el) return;
  const r = el.getBoundingClientRect();
  const edge = 40;
  const step = 24;
  const dx = x < r.left + edge ? -step : x > r.right - edge ? step : 0;
  const dy = y < r.top + edge ? -step : y > r.bottom - edge ? step : 0;
  if (dx || dy) el.scrollBy({ left: dx, top: dy });
}
