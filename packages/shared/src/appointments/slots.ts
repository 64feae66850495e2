import { addToDay, startOfDay, zonedDateTimeToIso } from '../dates/calendar.ts';
import type { Session, Slot, WeekHours } from './appointments.schemas.ts';

/**
 * The appointment book's slots, pure (docs/appointments.md): a doctor's day is its sessions (`09:00–12:30`), cut
 * into slots on each session's grid (every `minutes` from the session's start). A slot never crosses a break or a
 * session's end. It is free when no held booking overlaps it: Booked, Waiting, WithDoctor and Finished (0–3) hold
 * their time; Canceled and NoShow (4, 5) do not. A booking off the grid (moved by hand, another length) still takes
 * every slot it overlaps.
 */

const MINUTE = 60_000;

/** The statuses whose booking holds its time: Booked, Waiting, WithDoctor, Finished. */
export const HOLDING_STATUSES = [0, 1, 2, 3] as const;
export const holdsTime = (status: number) => status >= 0 && status <= 3;

/** A booking as the slots see it: its start instant, its length and its queue status. */
export interface HeldBooking {
  id: number;
  /** The start: an ISO 8601 instant or a `Date`. */
  start: string | Date;
  minutes: number;
  status: number;
}

/** `HH:MM` → minutes since midnight. */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes since midnight → `HH:MM`. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A calendar day's weekday, 0 Sunday … 6 Saturday (as `WeekHours` is keyed). */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** A doctor's sessions of a day, in order. */
export function sessionsOn(week: WeekHours | null | undefined, day: string): Session[] {
  if (!week) return [];
  const list = week[weekdayOf(day) as keyof WeekHours] ?? [];
  return [...list].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start));
}

/** Minutes the sessions last together (how much of a day is open for bookings). */
export function openMinutes(sessions: readonly Session[]): number {
  return sessions.reduce((sum, s) => sum + minutesOfDay(s.end) - minutesOfDay(s.start), 0);
}

/** Whether `minutes` from `time` (`HH:MM`, the clinic's clock) lie inside one session (never across a break). */
export function isWithinSessions(sessions: readonly Session[], time: string, minutes: number): boolean {
  const start = minutesOfDay(time);
  return sessions.some((s) => minutesOfDay(s.start) <= start && start + minutes <= minutesOfDay(s.end));
}

const instantOf = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/**
 * The instant (epoch ms) of a local day's time, read once per session, not per slot. A day of 24 hours (no clock
 * change) is its start plus the minutes, from `startOfDay`'s cache; a day with a clock change asks the zone.
 */
function sessionStartMs(day: string, time: string, timeZone: string): number {
  const start = startOfDay(day, timeZone).getTime();
  if (startOfDay(addToDay(day, 1), timeZone).getTime() - start === 86_400_000)
    return start + minutesOfDay(time) * MINUTE;
  const iso = zonedDateTimeToIso(day, time, timeZone);
  if (iso === null) throw new Error(`slots: ${day} ${time} is not a time`);
  return Date.parse(iso);
}

export interface DaySlotsInput {
  day: string;
  sessions: readonly Session[];
  /** The slot length, minutes. */
  minutes: number;
  /** The day's bookings (any status: those that do not hold their time are skipped). */
  bookings: readonly HeldBooking[];
  timeZone: string;
}

/** A day's slots on the sessions' grid, each free or held (by the ids of the bookings overlapping it). */
export function daySlots({ day, sessions, minutes, bookings, timeZone }: DaySlotsInput): Slot[] {
  if (minutes <= 0) return [];
  const held = bookings
    .filter((b) => holdsTime(b.status))
    .map((b) => {
      const start = instantOf(b.start);
      return { id: b.id, start, end: start + b.minutes * MINUTE };
    })
    .sort((a, b) => a.start - b.start);
  const slots: Slot[] = [];
  for (const session of [...sessions].sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))) {
    const from = minutesOfDay(session.start);
    const to = minutesOfDay(session.end);
    const base = sessionStartMs(day, session.start, timeZone);
    for (let at = from; at + minutes <= to; at += minutes) {
      const start = base + (at - from) * MINUTE;
      const end = start + minutes * MINUTE;
      const ids: number[] = [];
      for (const b of held) {
        if (b.start >= end) break;
        if (b.end > start) ids.push(b.id);
      }
      slots.push({
        start: new Date(start).toISOString(),
        time: timeOfMinutes(at),
        minutes,
        free: ids.length === 0,
        bookings: ids,
      });
    }
  }
  return slots;
}

/** The held bookings overlapping `[start, start + minutes)`. */
export function overlapping<T extends HeldBooking>(
  bookings: readonly T[],
  start: Date,
  minutes: number,
): T[] {
  const from = start.getTime();
  const to = from + minutes * MINUTE;
  return bookings.filter((b) => {
    if (!holdsTime(b.status)) return false;
    const s = instantOf(b.start);
    return s < to && s + b.minutes * MINUTE > from;
  });
}
