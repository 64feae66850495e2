import type { DatesProviderSettings } from '@mantine/dates';

/** The name under which calendar-locale.ts registers the clinic's Arabic with dayjs. */
export const ARABIC_CALENDAR_LOCALE = 'ar-iq-basira';

/**
 * The clinic's week in every language: Saturday first, Friday and Saturday the weekend (Iraq). Only the month
 * and day names follow the interface language.
 */
export function calendarSettings(language: string): DatesProviderSettings {
  return {
    locale: language === 'en' ? 'en' : ARABIC_CALENDAR_LOCALE,
    firstDayOfWeek: 6,
    weekendDays: [5, 6],
    consistentWeeks: true,
  };
}

/** AM/PM as the interface writes it: ص/م in Arabic, never Latin letters in an Arabic page. */
export function amPmLabels(language: string) {
  return language === 'en' ? { am: 'AM', pm: 'PM' } : { am: 'ص', pm: 'م' };
}
