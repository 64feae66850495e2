import { asciiDigits } from '@basira/shared/search/arabic-normalize';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A typed date → YYYY-MM-DD: 2024-03-07, 7/3/2024, 7-3-2024, 7.3.2024 (day first, as written in Iraq),
 * Arabic-Indic digits too. Null when it is not a real date.
 */
export function parseTypedDate(text: string): string | null {
  const value = asciiDigits(text.trim());
  let y: number, m: number, d: number;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** A local day and time (the browser's zone, the clinic's) → ISO 8601 with its offset, as the API wants. */
export function localDateTimeToIso(day: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  const t = /^(\d{1,2}):(\d{2})/.exec(asciiDigits(time.trim()));
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const at = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(at.getTime())) return null;
  return toIsoWithOffset(at);
}

/** 2026-03-01T09:30:00+03:00: the local time with its offset (never shifted to UTC). */
export function toIsoWithOffset(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return (
    `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The local day (YYYY-MM-DD) and time (HH:mm) of an instant, for the date and time inputs. */
export function localParts(at: Date): { day: string; time: string } {
  return {
    day: `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** A local day moved by whole days, weeks or months (a recall "in 3 months" keeps the day of the month). */
export function addToDay(day: string, amount: number, unit: 'day' | 'week' | 'month'): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!d) return day;
  const [y, m, dd] = [Number(d[1]), Number(d[2]) - 1, Number(d[3])];
  let at: Date;
  if (unit === 'month') {
    const lastDay = new Date(Date.UTC(y, m + amount + 1, 0)).getUTCDate();
    at = new Date(Date.UTC(y, m + amount, Math.min(dd, lastDay)));
  } else at = new Date(Date.UTC(y, m, dd + amount * (unit === 'week' ? 7 : 1)));
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** Minutes a time zone is ahead of UTC at an instant (Asia/Baghdad: 180). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * A day and time on the clinic's clock (the organization's time zone; the browser's when unknown) → ISO 8601
 * with that zone's offset: the same wall-clock time whatever zone the computer is set to.
 */
export function zonedDateTimeToIso(day: string, time: string, timeZone?: string): string | null {
  if (!timeZone) return localDateTimeToIso(day, time);
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  const t = /^(\d{1,2}):(\d{2})/.exec(asciiDigits(time.trim()));
  if (!d || !t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  try {
    // Twice: the offset of the instant found, which differs from the first guess around a DST change.
    let offset = zoneOffsetMinutes(new Date(wall), timeZone);
    offset = zoneOffsetMinutes(new Date(wall - offset * 60_000), timeZone);
    const sign = offset >= 0 ? '+' : '-';
    const abs = Math.abs(offset);
    return `${d[1]}-${d[2]}-${d[3]}T${pad(Number(t[1]))}:${t[2]}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  } catch {
    return localDateTimeToIso(day, time);
  }
}

/** The day (YYYY-MM-DD) and time (HH:mm) of an instant on the clinic's clock. */
export function zonedParts(at: Date, timeZone?: string): { day: string; time: string } {
  if (!timeZone) return localParts(at);
  try {
    const shifted = new Date(at.getTime() + zoneOffsetMinutes(at, timeZone) * 60_000);
    return {
      day: `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
      time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
    };
  } catch {
    return localParts(at);
  }
}
