import { describe, expect, it } from 'vitest';
import type { Booking } from '@basira/shared/appointments/appointments.schemas';
import {
  bookingLook,
  closedReason,
  isMovable,
  overdueText,
  sessionsOn,
  timeSpan,
  toWallTime,
  weekOf,
} from './book-events.ts';
import { axisOf, lanes, minuteAt, slotAt, topOf } from './book-grid-layout.ts';
import { rate } from './report-page.tsx';

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 7,
  patient: { id: 3, name: 'Ali', fileNumber: 12, phone: null },
  doctorId: 2,
  start: '2026-12-06T06:30:00.000Z',
  minutes: 20,
  examTypes: ['Lasik'],
  note: null,
  statusId: 0,
  overbooked: false,
  isRewaiting: false,
  arrivedAt: null,
  reply: null,
  version: 1,
  ...over,
});

const hours = {
  doctor: { id: 2, name: 'Dr' },
  week: {
    0: [
      { start: '09:00', end: '12:30' },
      { start: '13:00', end: '16:00' },
    ],
    1: [],
    2: [],
    3: [],
    4: [],
    5: [],
    6: [],
  },
  version: 2,
  updatedAt: null,
};

describe('the book’s arithmetic', () => {
  it('reads a booking on the clinic clock, and drags only a timed booking still booked', () => {
    expect(toWallTime(booking().start, 'Asia/Baghdad')).toBe('2026-12-06 09:30:00');
    expect(isMovable(booking({ minutes: null }))).toBe(false);
    expect(isMovable(booking({ statusId: 1 }))).toBe(false);
    expect(isMovable(booking())).toBe(true);
  });

  it('shades the sessions (a break between two) and none on closed days', () => {
    const book = {
      closures: [{ id: 1, day: '2026-12-07', name: 'Eid', kind: 'holiday' as const }],
      closedWeekdays: [5],
    };
    expect(sessionsOn(book, hours, '2026-12-06')).toEqual([
      { start: '09:00', end: '12:30' },
      { start: '13:00', end: '16:00' },
    ]);
    expect(sessionsOn(book, hours, '2026-12-07')).toEqual([]);
    expect(closedReason(book, '2026-12-07')).toEqual({ kind: 'closure', name: 'Eid' });
    expect(closedReason(book, '2026-12-11')).toEqual({ kind: 'weekday' });
    expect(closedReason(book, '2026-12-06')).toBeNull();
    expect(timeSpan([hours])).toEqual({ start: '08:00', end: '18:00' });
  });

  it('places minutes on the axis and a pointer back on 5-minute steps, inside the axis', () => {
    const axis = axisOf({ start: '08:00', end: '18:00' });
    expect(topOf(axis, 9 * 60 + 30)).toBeCloseTo(90 * 1.6);
    // 10:07 under the pointer lands on 10:05; a drop past the end keeps the whole booking on the axis.
    expect(minuteAt(axis, 127 * 1.6)).toBe(10 * 60 + 5);
    expect(minuteAt(axis, 10_000, 5, 60)).toBe(17 * 60);
    expect(minuteAt(axis, -50)).toBe(8 * 60);
    // A click books the slot it falls in: 10:29 in a 15-minute day is the 10:15 slot.
    expect(slotAt(axis, 149 * 1.6, 15)).toBe(10 * 60 + 15);
    expect(axisOf({ start: '07:00', end: '23:59' }).end).toBe(24 * 60);
  });

  it('sets overlapping bookings side by side, and a booking alone at full width', () => {
    const placed = lanes([
      { id: 1, start: 540, minutes: 30 },
      { id: 2, start: 540, minutes: 15 }, // overbooked on the same slot
      { id: 3, start: 555, minutes: 15 }, // after 2 ends, beside 1
      { id: 4, start: 600, minutes: 15 }, // alone
    ]);
    expect(placed.get(1)).toEqual({ lane: 0, of: 2 });
    expect(placed.get(2)).toEqual({ lane: 1, of: 2 });
    expect(placed.get(3)).toEqual({ lane: 1, of: 2 });
    expect(placed.get(4)).toEqual({ lane: 0, of: 1 });
  });

  it('starts the week on Saturday', () => {
    expect(weekOf('2026-12-05')).toEqual({ from: '2026-12-05', to: '2026-12-11' }); // a Saturday
    expect(weekOf('2026-12-11')).toEqual({ from: '2026-12-05', to: '2026-12-11' }); // the Friday after
  });

  it('says due today or overdue N days, and the statuses', () => {
    expect(overdueText(0)).toEqual({ key: 'appointments.due.today', count: 0 });
    expect(overdueText(4)).toEqual({ key: 'appointments.due.overdue', count: 4 });
    expect(bookingLook(2)).toBe('arrived');
    expect(bookingLook(4)).toBe('canceled');
    expect(rate(1, 4)).toBe('25%');
    expect(rate(0, 0)).toBe('—');
  });
});
