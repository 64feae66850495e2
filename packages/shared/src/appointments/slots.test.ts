import { describe, expect, it } from 'vitest';
import { daySlots, isWithinSessions, openMinutes, overlapping, sessionsOn, weekdayOf } from './slots.ts';

const TZ = 'Asia/Baghdad';
// 2026-03-02 is a Monday; Baghdad is UTC+3 all year.
const DAY = '2026-03-02';
const at = (time: string) => new Date(`${DAY}T${time}:00+03:00`).toISOString();

describe('daySlots', () => {
  const sessions = [
    { start: '09:00', end: '10:00' },
    { start: '10:30', end: '11:15' },
  ];

  it('cuts each session on its own grid and never crosses a break or an end', () => {
    const slots = daySlots({ day: DAY, sessions, minutes: 20, bookings: [], timeZone: TZ });
    expect(slots.map((s) => s.time)).toEqual(['09:00', '09:20', '09:40', '10:30', '10:50']);
    expect(slots[0]).toEqual({ start: at('09:00'), time: '09:00', minutes: 20, free: true, bookings: [] });
  });

  it('marks slots held by overlapping bookings, off-grid ones included; canceled and no-shows free', () => {
    const slots = daySlots({
      day: DAY,
      sessions,
      minutes: 15,
      bookings: [
        { id: 1, start: at('09:00'), minutes: 15, status: 0 },
        { id: 2, start: at('09:10'), minutes: 10, status: 1 },
        { id: 3, start: at('09:30'), minutes: 15, status: 4 },
        { id: 4, start: at('09:45'), minutes: 15, status: 5 },
        { id: 5, start: new Date(at('10:30')), minutes: 30, status: 3 },
      ],
      timeZone: TZ,
    });
    const byTime = Object.fromEntries(slots.map((s) => [s.time, s]));
    expect(byTime['09:00']!.bookings).toEqual([1, 2]);
    expect(byTime['09:15']!.bookings).toEqual([2]);
    expect(byTime['09:30']!.free).toBe(true);
    expect(byTime['09:45']!.free).toBe(true);
    expect(byTime['10:30']!.bookings).toEqual([5]);
    expect(byTime['10:45']!.bookings).toEqual([5]);
    expect(byTime['11:00']!.free).toBe(true);
  });

  it('has no slot longer than a session', () => {
    expect(daySlots({ day: DAY, sessions, minutes: 90, bookings: [], timeZone: TZ })).toEqual([]);
  });

  it('follows the zone (a zone with summer time)', () => {
    const [slot] = daySlots({
      day: '2026-07-01',
      sessions: [{ start: '09:00', end: '09:30' }],
      minutes: 30,
      bookings: [],
      timeZone: 'Europe/London',
    });
    expect(slot!.start).toBe('2026-07-01T08:00:00.000Z');
  });
});

describe('hours helpers', () => {
  it('isWithinSessions: inside one session only', () => {
    const sessions = [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '16:00' },
    ];
    expect(isWithinSessions(sessions, '09:00', 15)).toBe(true);
    expect(isWithinSessions(sessions, '11:50', 10)).toBe(true);
    expect(isWithinSessions(sessions, '11:50', 15)).toBe(false);
    expect(isWithinSessions(sessions, '12:30', 15)).toBe(false);
    expect(isWithinSessions(sessions, '08:55', 15)).toBe(false);
    expect(isWithinSessions([], '10:00', 15)).toBe(false);
  });

  it('weekdays, a week’s sessions in order, open minutes and overlaps', () => {
    expect(weekdayOf('2026-03-06')).toBe(5); // a Friday
    const week = {
      0: [],
      1: [
        { start: '13:00', end: '14:00' },
        { start: '09:00', end: '10:30' },
      ],
      2: [],
      3: [],
      4: [],
      5: [],
      6: [],
    };
    const sessions = sessionsOn(week, DAY);
    expect(sessions.map((s) => s.start)).toEqual(['09:00', '13:00']);
    expect(openMinutes(sessions)).toBe(150);
    expect(sessionsOn(null, DAY)).toEqual([]);
    const bookings = [
      { id: 1, start: at('09:00'), minutes: 15, status: 0 },
      { id: 2, start: at('09:15'), minutes: 15, status: 4 },
    ];
    expect(overlapping(bookings, new Date(at('09:10')), 15).map((b) => b.id)).toEqual([1]);
    expect(overlapping(bookings, new Date(at('09:15')), 15)).toEqual([]);
  });
});
