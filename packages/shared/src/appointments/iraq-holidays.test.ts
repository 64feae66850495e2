import { describe, expect, it } from 'vitest';
import { hijriMonthDay, iraqHolidays } from './iraq-holidays.ts';

describe('iraqHolidays', () => {
  const y2025 = iraqHolidays(2025);
  const daysOf = (key: string) => y2025.filter((h) => h.key === key).map((h) => h.day);

  it('lists the fixed days, not approximate', () => {
    expect(y2025).toContainEqual({ day: '2025-01-01', key: 'new_year', approximate: false });
    expect(y2025).toContainEqual({ day: '2025-07-14', key: 'republic_day', approximate: false });
    expect(y2025).toContainEqual({ day: '2025-12-10', key: 'victory_day', approximate: false });
    expect(y2025.filter((h) => !h.approximate)).toHaveLength(8);
  });

  it('computes the Islamic days by Umm al-Qura, approximate', () => {
    // Umm al-Qura (ICU, Node 20): 1 Shawwal 1446 = 30 March 2025; 10 Dhu al-Hijjah = 6 June 2025;
    // 1 Muharram 1447 = 26 June 2025; 10 Muharram = 5 July 2025; 12 Rabi al-Awwal = 4 September 2025.
    expect(daysOf('eid_al_fitr')).toEqual(['2025-03-30', '2025-03-31', '2025-04-01']);
    expect(daysOf('eid_al_adha')).toEqual(['2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09']);
    expect(daysOf('islamic_new_year')).toEqual(['2025-06-26']);
    expect(daysOf('ashura')).toEqual(['2025-07-05']);
    expect(daysOf('mawlid')).toEqual(['2025-09-04']);
    expect(y2025.filter((h) => h.key === 'eid_al_fitr').every((h) => h.approximate)).toBe(true);
  });

  it('is in day order, and reads the Hijri calendar', () => {
    const days = y2025.map((h) => h.day);
    expect(days).toEqual([...days].sort());
    expect(hijriMonthDay('2026-03-20')).toEqual({ month: 10, day: 1 });
    // 2026: Eid al-Fitr from 20 March.
    expect(iraqHolidays(2026).find((h) => h.key === 'eid_al_fitr')?.day).toBe('2026-03-20');
  });
});
