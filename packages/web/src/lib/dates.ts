import {
  zonedDateTimeToIso as clinicDateTimeToIso,
  zonedParts as clinicParts,
} from '@basira/shared/dates/calendar';
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

/**
 * A day and time on the clinic's clock (the organization's time zone; the browser's when it is not known yet)
 * → ISO 8601 with that zone's offset: the same wall-clock time whatever zone the computer is set to.
 */
export function zonedDateTimeToIso(day: string, time: string, timeZone?: string): string | null {
  if (!timeZone) return localDateTimeToIso(day, time);
  try {
    return clinicDateTimeToIso(day, time, timeZone);
  } catch {
    return localDateTimeToIso(day, time);
  }
}

/** The day (YYYY-MM-DD) and time (HH:mm) of an instant on the clinic's clock (the browser's when unknown). */
export function zonedParts(at: Date, timeZone?: string): { day: string; time: string } {
  if (!timeZone) return localParts(at);
  try {
    return clinicParts(at, timeZone);
  } catch {
    return localParts(at);
  }
}
