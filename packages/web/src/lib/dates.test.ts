import { describe, expect, it } from 'vitest';
import {
  localDateTimeToIso,
  parseTypedDate,
  toIsoWithOffset,
  zonedDateTimeToIso,
  zonedParts,
} from './dates.ts';

describe('typed dates', () => {
  it('reads day-first dates as written in Iraq, ISO dates and Arabic-Indic digits', () => {
    expect(parseTypedDate('7/3/2015')).toBe('2015-03-07');
    expect(parseTypedDate('07-03-2015')).toBe('2015-03-07');
    expect(parseTypedDate('2015-03-07')).toBe('2015-03-07');
    expect(parseTypedDate('٧/٣/٢٠١٥')).toBe('2015-03-07');
    expect(parseTypedDate('31/2/2015')).toBeNull();
    expect(parseTypedDate('tomorrow')).toBeNull();
  });

  it('keeps the local offset in ISO date-times (the API wants one)', () => {
    const iso = localDateTimeToIso('2026-03-01', '09:30');
    expect(iso).toMatch(/^2026-03-01T09:30:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso!).getTime()).toBe(new Date(2026, 2, 1, 9, 30).getTime());
    expect(localDateTimeToIso('2026-03-01', '25:00')).toBeNull();
    expect(toIsoWithOffset(new Date(2026, 0, 5, 7, 4, 3))).toMatch(/^2026-01-05T07:04:03[+-]\d{2}:\d{2}$/);
  });
});

describe('the clinic’s clock', () => {
  it('turns a wall-clock time of the organization’s zone into an instant, whatever the computer’s zone', () => {
    expect(zonedDateTimeToIso('2026-03-01', '09:30', 'Asia/Baghdad')).toBe('2026-03-01T09:30:00+03:00');
    expect(zonedDateTimeToIso('2026-07-01', '09:30', 'Europe/London')).toBe('2026-07-01T09:30:00+01:00');
    expect(zonedDateTimeToIso('2026-01-01', '09:30', 'Europe/London')).toBe('2026-01-01T09:30:00+00:00');
    expect(zonedDateTimeToIso('2026-03-01', '24:00', 'Asia/Baghdad')).toBeNull();
  });

  it('shows an instant as that zone’s day and time', () => {
    expect(zonedParts(new Date('2026-03-01T22:15:00Z'), 'Asia/Baghdad')).toEqual({
      day: '2026-03-02',
      time: '01:15',
    });
  });

  it('falls back to the browser’s clock while the organization’s zone is not known', () => {
    expect(zonedDateTimeToIso('2026-03-01', '09:30')).toBe(localDateTimeToIso('2026-03-01', '09:30'));
  });
});
