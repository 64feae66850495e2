import { describe, expect, it } from 'vitest';
import { addDays, ageOn, birthDateForAge, dayRange, localDay, startOfDay, startOfWeek } from './org-time.ts';

describe('organization days', () => {
  it('tells the local day of an instant', () => {
    expect(localDay(new Date('2026-03-01T20:59:59Z'), 'Asia/Baghdad')).toBe('2026-03-01');
    expect(localDay(new Date('2026-03-01T21:00:00Z'), 'Asia/Baghdad')).toBe('2026-03-02');
  });

  it('finds where a local day starts, also on a daylight-saving change', () => {
    expect(startOfDay('2026-03-02', 'Asia/Baghdad').toISOString()).toBe('2026-03-01T21:00:00.000Z');
    // Berlin moves to summer time on 29 March 2026: that day has 23 hours.
    const { start, end } = dayRange('2026-03-29', 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts ages and approximate birth dates in whole years', () => {
    expect(ageOn('2000-03-02', '2026-03-01')).toBe(25);
    expect(ageOn('2000-03-01', '2026-03-01')).toBe(26);
    expect(birthDateForAge(30, '2026-03-01')).toBe('1996-03-01');
    expect(birthDateForAge(1, '2024-02-29')).toBe('2023-02-28');
  });

  it('starts weeks on the given weekday', () => {
    expect(startOfWeek('2026-03-04', 6)).toBe('2026-02-28'); // Wednesday → Saturday before
    expect(startOfWeek('2026-02-28', 6)).toBe('2026-02-28');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});
