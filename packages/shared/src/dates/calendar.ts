import { asciiDigits } from '../search/arabic-normalize.ts';

/**
 * Calendar days in an organization's time zone, for the server and the web app alike: what "today", a ticket's
 * day, a recall's date-time and the dashboard's days mean, and ages. Days are `YYYY-MM-DD` strings; instants are
 * Dates; times are `HH:mm` on the clinic's clock.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Each zone's last answer and its UTC minute (see `localDay`). */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * The organization's calendar day of an instant. Every list page asks it for "today" (ages, the queue's day), and
 * `formatToParts` is costly: the day of the last minute asked is kept per zone, since a zone's midnight
 * falls on a whole UTC minute (every offset in use is whole minutes), so one UTC minute has one local day.
 */
export function localDay(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const w = wallClock(instant, timeZone);
  const day = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** Minutes a time zone is ahead of UTC at an instant (Asia/Baghdad: 180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The day and time (HH:mm) of an instant on the clinic's clock. */
export function zonedParts(instant: Date, timeZone: string): { day: string; time: string } {
  const w = wallClock(instant, timeZone);
  return { day: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/**
 * A day and time on the clinic's clock → ISO 8601 with the zone's offset at that moment (the same wall-clock
 * time whatever zone a computer is set to). Null when the day or time is not one.
 */
export function zonedDateTimeToIso(day: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  const t = /^(\d{1,2}):(\d{2})/.exec(asciiDigits(time.trim()));
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Twice: the offset of the instant found, which differs from the first guess around a DST change.
  let offset = zoneOffsetMinutes(new Date(wall), timeZone);
  offset = zoneOffsetMinutes(new Date(wall - offset * 60_000), timeZone);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${d[1]}-${d[2]}-${d[3]}T${pad(Number(t[1]))}:${t[2]}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The starts of the days asked in each zone, as epoch milliseconds (`startOfDay`); cleared when it grows large. */
const dayStarts = new Map<string, number>();

/**
 * The instant a local day starts (00:00 there). Today's queue and the doctor's worklist ask for today's and
 * tomorrow's on every request, and each costs two `formatToParts`: a day's start
 * in a zone does not change while the process runs, so it is found once.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const midnightUtc = Date.UTC(y, m - 1, d);
    start = midnightUtc - zoneOffsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
    // A DST change between the guess and midnight moves the offset; one correction settles it.
    start = midnightUtc - zoneOffsetMinutes(new Date(start), timeZone) * 60_000;
    if (dayStarts.size >= 1000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day moved by whole days, weeks or months (a recall "in 3 months" keeps the day of the month, or the last). */
export function addToDay(day: string, amount: number, unit: 'day' | 'week' | 'month' = 'day'): string {
  const d = DAY.exec(day);
  if (!d) return day;
  const [y, m, dd] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  let at: Date;
  if (unit === 'month') {
    const lastDay = new Date(Date.UTC(y, m + amount + 1, 0)).getUTCDate();
    at = new Date(Date.UTC(y, m + amount, Math.min(dd, lastDay)));
  } else at = new Date(Date.UTC(y, m, dd + amount * (unit === 'week' ? 7 : 1)));
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** [start, end) instants of a local day. */
export function dayRange(day: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfDay(day, timeZone), end: startOfDay(addToDay(day, 1), timeZone) };
}

/**
 * A `YYYY-MM-DD` day as one number (2026-03-01 → 20260301), in the days' own order; NaN when it is not one. Read
 * digit by digit, not with a RegExp: list pages ask for an age on every row, and a match makes five strings.
 */
function dayNumber(day: string): number {
  if (day.length !== 10 || day[4] !== '-' || day[7] !== '-') return NaN;
  let n = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const digit = day.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

/** A birth date and a day as day numbers (`dayNumber`); null for an invalid or future birth date. */
function lifeSpan(birthDate: string | null, day: string): { born: number; on: number } | null {
  const born = birthDate ? dayNumber(birthDate) : NaN;
  const on = dayNumber(day);
  return born <= on ? { born, on } : null; // false for NaN too
}

/** Whole years from a birth date to a day (both `YYYY-MM-DD`); null for an invalid or future birth date. */
export function ageOn(birthDate: string | null, day: string): number | null {
  const span = lifeSpan(birthDate, day);
  // Whole years: 20260301 - 20000302 = 259999, 25 years and the rest of a year.
  return span && Math.floor((span.on - span.born) / 10_000);
}

/** Whole months (for babies: "8 months" says more than "0 years"); null as for `ageOn`. */
export function monthsOn(birthDate: string | null, day: string): number | null {
  const span = lifeSpan(birthDate, day);
  if (!span) return null;
  const { born, on } = span;
  // In months: the year's digits count twelve a year, the month's one each (20260301 → 24312 + 3).
  const inMonths = (n: number) => Math.floor(n / 10_000) * 12 + (Math.floor(n / 100) % 100);
  const months = inMonths(on) - inMonths(born);
  return on % 100 < born % 100 ? months - 1 : months;
}

/** The birth date of someone `age` years old on `day` (an approximate birth date); null for a bad age or day. */
export function birthDateForAge(age: number, day: string): string | null {
  const n = DAY.exec(day);
  if (!n || !Number.isInteger(age) || age < 0) return null;
  const year = Number(n[1]) - age;
  // 29 February of a year that has none: the 28th.
  const lastDay = new Date(Date.UTC(year, Number(n[2]), 0)).getUTCDate();
  return `${pad(year, 4)}-${n[2]}-${pad(Math.min(Number(n[3]), lastDay))}`;
}

/** The first day of the week containing `day` (weekStartsOn: 0 Sunday … 6 Saturday). */
export function startOfWeek(day: string, weekStartsOn: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addToDay(day, -((weekday - weekStartsOn + 7) % 7));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
