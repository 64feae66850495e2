import { useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { zonedParts } from './dates.ts';
import { useMe } from './use-me.ts';

/** Latin digits in both languages: phone, file and ticket numbers read the same as they are typed. */
export const LOCALES = { ar: 'ar-IQ-u-nu-latn', en: 'en-GB' } as const;

export function localeOf(lang: string): string {
  return lang === 'en' ? LOCALES.en : LOCALES.ar;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the organization's "today" (the browser's zone
 * while the organization's is not known). */
export function dayIn(timeZone: string | undefined, at: Date = new Date()): string {
  return zonedParts(at, timeZone).day;
}

/** Whole minutes from `since` to `now` (never negative). */
export function minutesBetween(since: string | Date, now: Date | number = Date.now()): number {
  const start = typeof since === 'string' ? Date.parse(since) : since.getTime();
  const end = typeof now === 'number' ? now : now.getTime();
  return Number.isFinite(start) ? Math.max(0, Math.floor((end - start) / 60_000)) : 0;
}

export interface Formatters {
  /** 12 Mar 2026, 09:30 */
  dateTime: (iso: string) => string;
  /** 12 Mar 2026 (a YYYY-MM-DD day is shown as that day, whatever the zone) */
  date: (value: string) => string;
  time: (iso: string) => string;
  /** 1 h 05 min */
  duration: (minutes: number) => string;
  /** A file size: 1.2 MB */
  size: (bytes: number) => string;
  number: (n: number) => string;
  timeZone: string | undefined;
}

/**
 * One formatter per locale, zone and style, made on its first use and kept for the page: building an
 * `Intl.DateTimeFormat` costs milliseconds, and every row of a list that formats a date built its own four
 * (issue 54: 28 ms of /patients' first render). A zone the browser does not know falls back to its own.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(
  locale: string,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = JSON.stringify(['date', locale, timeZone ?? null, options]);
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = JSON.stringify(['number', locale, options]);
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** Dates in the chosen language and the organization's time zone. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation();
  const timeZone = useMe()?.organization.timeZone;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = localeOf(lang);
    const zoned = (options: Intl.DateTimeFormatOptions) => dateFormat(locale, timeZone, options);
    const size = () => numberFormat(locale, { maximumFractionDigits: 1 });
    const valid = (iso: string) => Number.isFinite(Date.parse(iso));
    return {
      timeZone,
      dateTime: (iso) =>
        valid(iso) ? zoned({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—',
      time: (iso) => (valid(iso) ? zoned({ timeStyle: 'short' }).format(new Date(iso)) : '—'),
      date: (value) => {
        // A calendar day is that day wherever the clinic is.
        if (/^\d{4}-\d{2}-\d{2}$/.test(value))
          return dateFormat(locale, 'UTC', { dateStyle: 'medium' }).format(new Date(`${value}T00:00:00Z`));
        return valid(value) ? zoned({ dateStyle: 'medium' }).format(new Date(value)) : '—';
      },
      duration: (minutes) => {
        if (minutes < 60) return t('format.minutes', { count: minutes });
        const hours = Math.floor(minutes / 60);
        return t('format.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') });
      },
      size: (bytes) =>
        bytes < 1024 * 1024
          ? t('format.kb', { value: size().format(Math.max(1, Math.round(bytes / 1024))) })
          : t('format.mb', { value: size().format(bytes / 1024 / 1024) }),
      number: (n) => numberFormat(locale).format(n),
    };
  }, [lang, timeZone, t]);
}

/**
 * Minutes a Waiting entry has waited, or null while its time has not come (a recall dated later). A minute of
 * slack: the screen's clock ticks every 30 s and an entry made just now must not look "not yet due".
 */
export function waitingMinutes(waitingSince: string | null, now: number = Date.now()): number | null {
  if (!waitingSince) return null;
  const since = Date.parse(waitingSince);
  if (!Number.isFinite(since) || since > Math.max(now, Date.now()) + 60_000) return null;
  return minutesBetween(waitingSince, Math.max(now, since));
}
