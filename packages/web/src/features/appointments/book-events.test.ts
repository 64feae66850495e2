import { describe, expect, it } from 'vitest';
import type { Booking } from '@basira/shared/appointments/appointments.schemas';
import {
  backgroundEvents,
  bookingEvents,
  bookingLook,
  closedReason,
  fromWallTime,
  isMovable,
  minutesBetweenWall,
  overdueText,
  timeSpan,
  weekOf,
} from './book-events.ts';
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

describe('the book events', () => {
  it('maps a booking to its doctor row, on the clinic clock, coloured by status', () => {
    const [event] = bookingEvents([booking()], 'Asia/Baghdad');
    expect(event).toMatchObject({
      id: '7',
      title: 'Ali',
      start: '2026-12-06 09:30:00',
      end: '2026-12-06 09:50:00',
      color: 'violet',
      resourceId: 2,
    });
    expect(bookingEvents([booking({ statusId: 1 })], 'Asia/Baghdad')[0]!.color).toBe('orange');
    expect(bookingEvents([booking({ statusId: 5 })], 'Asia/Baghdad')[0]!.color).toBe('gray');
  });

  it('spans a recall over its whole day and never drags it', () => {
    const [event] = bookingEvents([booking({ minutes: null })], 'Asia/Baghdad');
    expect(event).toMatchObject({ start: '2026-12-06 00:00:00', end: '2026-12-07 00:00:00' });
    expect(isMovable(booking({ minutes: null }))).toBe(false);
    expect(isMovable(booking({ statusId: 1 }))).toBe(false);
    expect(isMovable(booking())).toBe(true);
  });

  it('turns a wall-clock drop back into an instant and a length', () => {
    expect(fromWallTime('2026-12-06 10:15:00', 'Asia/Baghdad')).toMatch(
      /^2026-12-06T10:15:00(\.000)?\+03:00$/,
    );
    expect(minutesBetweenWall('2026-12-06 10:15:00', '2026-12-06 11:00:00')).toBe(45);
  });

  it('shades the sessions (a break between two) and marks closed days', () => {
    const book = {
      closures: [{ id: 1, day: '2026-12-07', name: 'Eid', kind: 'holiday' as const }],
      closedWeekdays: [5],
      hours: [hours],
    };
    const events = backgroundEvents(
      book,
      ['2026-12-06', '2026-12-07', '2026-12-11'],
      [2],
      { start: '08:00', end: '18:00' },
      (r) => (r.kind === 'closure' ? r.name : 'weekly'),
    );
    expect(events.map((e) => [e.start, e.end, e.title])).toEqual([
      ['2026-12-06 09:00:00', '2026-12-06 12:30:00', ''],
      ['2026-12-06 13:00:00', '2026-12-06 16:00:00', ''],
      ['2026-12-07 08:00:00', '2026-12-07 18:00:00', 'Eid'],
      ['2026-12-11 08:00:00', '2026-12-11 18:00:00', 'weekly'],
    ]);
    expect(closedReason(book, '2026-12-11')).toEqual({ kind: 'weekday' });
    expect(timeSpan([hours])).toEqual({ start: '08:00', end: '18:00' });
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
