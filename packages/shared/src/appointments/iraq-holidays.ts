/**
 * Iraq's public holidays of a year, offered to the clinic to tick (docs/appointments.md): nothing is stored until
 * the clinic adds a day as a closure. Fixed days by the Gregorian calendar; the Islamic ones computed with the Umm
 * al-Qura calendar of `Intl` (ICU), `approximate`: the announced day follows the moon's sighting and may differ by
 * one. `key` is the i18n key's suffix (`holidays.<key>`).
 */
export interface HolidaySuggestion {
  day: string;
  key: string;
  approximate: boolean;
}

const FIXED: [month: number, day: number, key: string][] = [
  [1, 1, 'new_year'],
  [1, 6, 'army_day'],
  [3, 21, 'nowruz'],
  [5, 1, 'labour_day'],
  [7, 14, 'republic_day'],
  [10, 3, 'national_day'],
  [12, 10, 'victory_day'],
  [12, 25, 'christmas'],
];

/** [Hijri month, Hijri day, key]. */
const ISLAMIC: [month: number, day: number, key: string][] = [
  [10, 1, 'eid_al_fitr'],
  [10, 2, 'eid_al_fitr'],
  [10, 3, 'eid_al_fitr'],
  [12, 10, 'eid_al_adha'],
  [12, 11, 'eid_al_adha'],
  [12, 12, 'eid_al_adha'],
  [12, 13, 'eid_al_adha'],
  [1, 1, 'islamic_new_year'],
  [1, 10, 'ashura'],
  [3, 12, 'mawlid'],
];

let hijri: Intl.DateTimeFormat | null = null;

/** The Umm al-Qura month and day of a Gregorian day. */
export function hijriMonthDay(day: string): { month: number; day: number } {
  hijri ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  let month = 0;
  let d = 0;
  for (const part of hijri.formatToParts(new Date(`${day}T12:00:00Z`))) {
    if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') d = Number(part.value);
  }
  return { month, day: d };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The year's holidays by day (a day that is two holidays is listed once per holiday). */
export function iraqHolidays(year: number): HolidaySuggestion[] {
  const list: HolidaySuggestion[] = FIXED.map(([m, d, key]) => ({
    day: `${year}-${pad(m)}-${pad(d)}`,
    key,
    approximate: false,
  }));
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  for (let at = start; at < end; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    const h = hijriMonthDay(day);
    for (const [m, d, key] of ISLAMIC)
      if (h.month === m && h.day === d) list.push({ day, key, approximate: true });
  }
  return list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.key < b.key ? -1 : 1));
}
