import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Dates in the chosen language and the organization's time zone. */
export function useFormatters(): Formatters {
  const { t, i18n } = useTranslation();
  const timeZone = useMe()?.organization.timeZone;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = localeOf(lang);
    const safe = (options: Intl.DateTimeFormatOptions) => {
      try {
        return new Intl.DateTimeFormat(locale, { ...options, timeZone });
      } catch {
        return new Intl.DateTimeFormat(locale, options);
      }
    };
    const dateTime = safe({ dateStyle: 'medium', timeStyle: 'short' });
    const time = safe({ timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const instantDay = safe({ dateStyle: 'medium' });
    const number = new Intl.NumberFormat(locale);
    const size = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const valid = (iso: string) => Number.isFinite(Date.parse(iso));
    return {
      timeZone,
      dateTime: (iso) => (valid(iso) ? dateTime.format(new Date(iso)) : '—'),
      time: (iso) => (valid(iso) ? time.format(new Date(iso)) : '—'),
      date: (value) => {
        if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return day.format(new Date(`${value}T00:00:00Z`));
        return valid(value) ? instantDay.format(new Date(value)) : '—';
      },
      duration: (minutes) => {
        if (minutes < 60) return t('format.minutes', { count: minutes });
        const hours = Math.floor(minutes / 60);
        return t('format.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') });
      },
      size: (bytes) =>
        bytes < 1024 * 1024
          ? t('format.kb', { value: size.format(Math.max(1, Math.round(bytes / 1024))) })
          : t('format.mb', { value: size.format(bytes / 1024 / 1024) }),
      number: (n) => number.format(n),
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
