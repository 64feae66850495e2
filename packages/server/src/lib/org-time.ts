/**
 * Calendar days in an organization's time zone: what "today", a ticket's day and the dashboard's days mean.
 * Days are `YYYY-MM-DD` strings; instants are Dates.
 */

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

/** The organization's calendar day of an instant. */
export function localDay(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a local day starts (00:00 there). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d);
  let guess = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  // A DST change between the guess and midnight moves the offset; one correction settles it.
  guess = midnightUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** [start, end) instants of a local day. */
export function dayRange(day: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfDay(day, timeZone), end: startOfDay(addDays(day, 1), timeZone) };
}

/** Whole years from a birth date to a day (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const years = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return Math.max(0, years);
}

/** The birth date of someone `age` years old on `day` (an approximate birth date). */
export function birthDateForAge(age: number, day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // 29 February in a year without it becomes 28 February.
  const target = new Date(Date.UTC(y - age, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** The first day of the week containing `day` (weekStartsOn: 0 Sunday … 6 Saturday). */
export function startOfWeek(day: string, weekStartsOn: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday - weekStartsOn + 7) % 7));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}
