import { describe, expect, it } from 'vitest';
import {
  addToDay,
  ageOn,
  birthDateForAge,
  dayRange,
  localDay,
  monthsOn,
  startOfDay,
  startOfWeek,
  zonedDateTimeToIso,
  zonedParts,
} from './calendar.ts';

describe('organization days', () => {
  it('tells the local day of an instant', () => {
    expect(localDay(new Date('2026-03-01T20:59:59Z'), 'Asia/Baghdad')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T21:00:00Z'), 'Asia/Baghdad')).toBe('2026-03-02');
  });

  it('keeps the day of the minute last asked, per zone, and turns at midnight of an offset in quarter hours', () => {
    // Asia/Kathmandu is UTC+05:45: its midnight is 18:15 UTC.
    expect(localDay(new Date('2026-03-01T18:14:00Z'), 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T18:14:30Z'), 'Asia/Baghdad')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-03-02');
    expect(localDay(new Date('2026-03-01T18:14:59Z'), 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(() => localDay(new Date('2026-03-01T18:14:59Z'), 'Nowhere/Else')).toThrow(RangeError);
  });

  it('finds where a local day starts, also on a daylight-saving change', () => {
    expect(startOfDay('2026-03-02', 'Asia/Baghdad').toISOString()).toBe('2026-03-01T21:00:00.000Z');
    // Berlin moves to summer time on 29 March 2026: that day has 23 hours.
    const { start, end } = dayRange('2026-03-29', 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('finds a day start once per zone and hands out a Date of its own each time', () => {
    const first = startOfDay('2026-03-02', 'Asia/Baghdad');
    first.setTime(0);
    expect(startOfDay('2026-03-02', 'Asia/Baghdad').toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(startOfDay('2026-03-02', 'Asia/Kathmandu').toISOString()).toBe('2026-03-01T18:15:00.000Z');
  });

  it('counts ages and approximate birth dates in whole years', () => {
    expect(ageOn('2000-03-02', '2026-03-01')).toBe(25);
    expect(ageOn('2000-03-01', '2026-03-01')).toBe(26);
    expect(birthDateForAge(30, '2026-03-01')).toBe('1996-03-01');
    expect(birthDateForAge(1, '2024-02-29')).toBe('2023-02-28');
    expect(ageOn('2027-01-01', '2026-03-01')).toBeNull();
    expect(monthsOn('2025-07-15', '2026-03-01')).toBe(7);
    expect(monthsOn('2025-07-15', '2026-03-15')).toBe(8);
    expect(monthsOn('2025-12-31', '2026-01-30')).toBe(0);
    // Born on 29 February: a year older on 1 March.
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    for (const notADay of ['2000-3-02', '2000-03-0x', '2000/03/02', '٢٠٠٠-03-02', '2000-03-021', ''])
      expect([
        ageOn(notADay, '2026-03-01'),
        ageOn('2000-03-02', notADay),
        monthsOn(notADay, '2026-03-01'),
      ]).toEqual([null, null, null]);
  });

  it('starts weeks on the given weekday', () => {
    expect(startOfWeek('2026-03-04', 6)).toBe('2026-02-28'); // Wednesday → Saturday before
    expect(startOfWeek('2026-02-28', 6)).toBe('2026-02-28');
    expect(addToDay('2026-02-28', 1)).toBe('2026-03-01');
    expect(addToDay('2026-01-31', 1, 'month')).toBe('2026-02-28');
    expect(addToDay('2026-03-01', 2, 'week')).toBe('2026-03-15');
  });

  it('writes a day and time on the clinic clock with the zone offset, and reads an instant back', () => {
    expect(zonedDateTimeToIso('2026-03-01', '09:30', 'Asia/Baghdad')).toBe('2026-03-01T09:30:00+03:00');
    expect(zonedDateTimeToIso('2026-07-01', '09:30', 'Europe/Berlin')).toBe('2026-07-01T09:30:00+02:00');
    expect(zonedDateTimeToIso('2026-03-01', '٠٩:٣٠', 'Asia/Baghdad')).toBe('2026-03-01T09:30:00+03:00');
    expect(zonedDateTimeToIso('2026-03-01', '24:00', 'Asia/Baghdad')).toBeNull();
    expect(zonedParts(new Date('2026-03-01T06:30:00Z'), 'Asia/Baghdad')).toEqual({
      day: '2026-03-01',
      time: '09:30',
    });
  });
});
