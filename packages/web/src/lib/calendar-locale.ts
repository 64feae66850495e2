import dayjs from 'dayjs';
import { ARABIC_CALENDAR_LOCALE } from './calendar-settings.ts';

/**
 * Registers the calendars' Arabic with dayjs (a side effect: the main layout imports this module, so dayjs stays
 * out of the sign-in page's JavaScript; every date picker is inside that layout).
 *
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
