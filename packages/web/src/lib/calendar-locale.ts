import dayjs from 'dayjs';
import type { DatesProviderSettings } from '@mantine/dates';

/**
 * The calendars' Arabic, as Iraq writes it: Syriac month names (كانون الثاني … كانون الأول), the week starting
 * on Saturday. Our own copy of dayjs' `ar-iq`, which has a stray space in تشرين الثاني, starts the week on
 * Monday and calls 12:30 noon ص.
 */
const MONTHS = [
  'كانون الثاني',
  'شباط',
  'آذار',
  'نيسان',
  'أيار',
  'حزيران',
  'تموز',
  'آب',
  'أيلول',
  'تشرين الأول',
  'تشرين الثاني',
  'كانون الأول',
];

export const ARABIC_CALENDAR_LOCALE = 'ar-iq-basira';

/** dayjs' ILocale leaves out `meridiem`, which its formatter reads for `A`. */
const arabicIraq: ILocale & { meridiem: (hour: number) => string } = {
  name: ARABIC_CALENDAR_LOCALE,
  weekdays: ['الأحد', 'الإثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
  weekdaysShort: ['أحد', 'إثنين', 'ثلاثاء', 'أربعاء', 'خميس', 'جمعة', 'سبت'],
  weekdaysMin: ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'],
  months: MONTHS,
  monthsShort: MONTHS,
  weekStart: 6,
  ordinal: (n: number) => String(n),
  formats: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd D MMMM YYYY HH:mm',
  },
  meridiem: (hour: number) => (hour < 12 ? 'ص' : 'م'),
  relativeTime: {
    future: 'بعد %s',
    past: 'منذ %s',
    s: 'ثوانٍ',
    m: 'دقيقة',
    mm: '%d دقائق',
    h: 'ساعة',
    hh: '%d ساعات',
    d: 'يوم',
    dd: '%d أيام',
    M: 'شهر',
    MM: '%d أشهر',
    y: 'سنة',
    yy: '%d سنوات',
  },
};
dayjs.locale(arabicIraq, undefined, true);

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
