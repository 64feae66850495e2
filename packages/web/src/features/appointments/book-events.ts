import dayjs from 'dayjs';
import type { MantineColor } from '@mantine/core';
import type { Book, Booking, DoctorHours, Session } from '@basira/shared/appointments/appointments.schemas';
import { zonedParts } from '../../lib/dates.ts';

/** The schedule's wall-clock form of a date-time: `YYYY-MM-DD HH:mm:ss` on the clinic's clock. */
export type WallTime = string;

/** An instant (ISO 8601) → the schedule's wall-clock string on the clinic's clock. */
export function toWallTime(iso: string, timeZone?: string): WallTime {
  const { day, time } = zonedParts(new Date(iso), timeZone);
  return `${day} ${time}:00`;
}

export type BookingLook = 'booked' | 'arrived' | 'finished' | 'noShow' | 'canceled';

/** How a booking reads on the book, from its queue status (0 Booked … 5 NoShow). */
export function bookingLook(statusId: number): BookingLook {
  switch (statusId) {
    case 0:
      return 'booked';
    case 1:
    case 2:
      return 'arrived';
    case 3:
      return 'finished';
    case 5:
      return 'noShow';
    default:
      return 'canceled';
  }
}

export const LOOK_COLOR: Record<BookingLook, MantineColor> = {
  booked: 'violet',
  arrived: 'orange',
  finished: 'teal',
  noShow: 'gray',
  canceled: 'gray',
};

/** Only a booking still booked moves or resizes by drag (an arrived visit is in the queue now). */
export const isMovable = (booking: Pick<Booking, 'statusId' | 'minutes'>) =>
  booking.statusId === 0 && booking.minutes !== null;

const addDays = (day: string, n: number) => dayjs(day).add(n, 'day').format('YYYY-MM-DD');

/** The days of a range, both ends included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length < 62; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Whether a day is closed for everyone: a closed weekday or one of the clinic's closures. */
export function closedReason(
  book: Pick<Book, 'closures' | 'closedWeekdays'>,
  day: string,
): { kind: 'weekday' } | { kind: 'closure'; name: string } | null {
  const closure = book.closures.find((c) => c.day === day);
  if (closure) return { kind: 'closure', name: closure.name };
  if (book.closedWeekdays.includes(dayjs(day).day())) return { kind: 'weekday' };
  return null;
}

/** A doctor's sessions on a day (none on a closed day). */
export function sessionsOn(
  book: Pick<Book, 'closures' | 'closedWeekdays'>,
  hours: DoctorHours | undefined,
  day: string,
): Session[] {
  if (!hours || closedReason(book, day)) return [];
  const weekday = String(dayjs(day).day()) as `${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
  return hours.week[weekday] ?? [];
}

/** The hours the time axis shows: from the earliest session to the latest (whole hours), 08:00–18:00 at least. */
export function timeSpan(hours: readonly DoctorHours[]): { start: string; end: string } {
  let first = 8 * 60;
  let last = 18 * 60;
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  for (const h of hours)
    for (const sessions of Object.values(h.week))
      for (const s of sessions) {
        first = Math.min(first, minutes(s.start));
        last = Math.max(last, minutes(s.end));
      }
  const hour = (m: number) => `${String(Math.min(24, m / 60)).padStart(2, '0')}:00`;
  return {
    start: hour(Math.floor(first / 60) * 60),
    end: last >= 24 * 60 ? '23:59' : hour(Math.ceil(last / 60) * 60),
  };
}

/** The week (Saturday first, as the clinic counts) holding a day. */
export function weekOf(day: string): { from: string; to: string } {
  const d = dayjs(day);
  const back = (d.day() + 1) % 7; // Saturday → 0, Sunday → 1 … Friday → 6
  const from = d.subtract(back, 'day').format('YYYY-MM-DD');
  return { from, to: addDays(from, 6) };
}

/** The month holding a day, first to last. */
export function monthOf(day: string): { from: string; to: string } {
  const d = dayjs(day);
  return { from: d.startOf('month').format('YYYY-MM-DD'), to: d.endOf('month').format('YYYY-MM-DD') };
}

/** The i18n key and count of a due booking's age: "due today", "overdue 1 day", "overdue 4 days". */
export function overdueText(days: number): { key: string; count: number } {
  return days <= 0
    ? { key: 'appointments.due.today', count: 0 }
    : { key: 'appointments.due.overdue', count: days };
}
