import { ltr } from '@basira/shared/clinical/ltr-text';

/**
 * The sentences sent to patients. The spec's footer is an Arabic clinic greeting, a next-visit line and a contact
 * line; a patient whose Telegram speaks English gets them in English. Latin digits, as the app writes numbers.
 */
export type Lang = 'ar' | 'en';

export const langOf = (languageCode: string | null | undefined): Lang =>
  languageCode?.toLowerCase().startsWith('en') ? 'en' : 'ar';

function when(date: Date, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-IQ-u-nu-latn' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

export interface Clinic {
  name: string;
  phone: string | null;
  timeZone: string;
}

/** The default footer: greeting, the next recall (when there is one), the clinic's phone (when it has one). */
export function defaultFooter(clinic: Clinic, nextVisit: Date | null, lang: Lang): string {
  const lines =
    lang === 'ar'
      ? [
          `مع تحيات ${clinic.name}، نتمنى لكم دوام الصحة والعافية.`,
          nextVisit ? `موعد زيارتكم القادمة: ${when(nextVisit, clinic.timeZone, lang)}` : null,
          // Isolated left to right: in an Arabic line the number's `+` would otherwise be drawn after its digits.
          clinic.phone ? `للتواصل: ${ltr(clinic.phone)}` : null,
        ]
      : [
          `With the compliments of ${clinic.name}; we wish you good health.`,
          nextVisit ? `Your next visit: ${when(nextVisit, clinic.timeZone, lang)}` : null,
          clinic.phone ? `Contact us: ${clinic.phone}` : null,
        ];
  return lines.filter((line): line is string => line !== null).join('\n');
}

/** The reminder sent the day before a recall. */
export function recallReminder(patientName: string, clinic: Clinic, date: Date, lang: Lang) {
  return lang === 'ar'
    ? {
        header: `تذكير بموعد مراجعة`,
        message: `عزيزنا ${patientName}، نذكّركم بموعد مراجعتكم في ${clinic.name}: ${when(date, clinic.timeZone, lang)}.`,
      }
    : {
        header: 'Appointment reminder',
        message: `Dear ${patientName}, this is a reminder of your visit to ${clinic.name}: ${when(date, clinic.timeZone, lang)}.`,
      };
}

const LOCALE: Record<Lang, string> = { ar: 'ar-IQ-u-nu-latn', en: 'en-GB' };

/** A booking's day and time as the app writes them (the Iraqi month names in Arabic, Latin digits), in the zone. */
export function bookingWhen(date: Date, timeZone: string, lang: Lang): { date: string; time: string } {
  return {
    date: new Intl.DateTimeFormat(LOCALE[lang], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    }).format(date),
    time: new Intl.DateTimeFormat(LOCALE[lang], { hour: 'numeric', minute: '2-digit', timeZone }).format(
      date,
    ),
  };
}

export type ReminderPlaceholder = 'patient' | 'doctor' | 'date' | 'time' | 'clinic';

/** The clinic's reminder text with its `{patient}`, `{doctor}`, `{date}`, `{time}` and `{clinic}` filled in. */
export function fillReminder(template: string, values: Record<ReminderPlaceholder, string>): string {
  return template.replace(
    /\{(patient|doctor|date|time|clinic)\}/g,
    (_, key: ReminderPlaceholder) => values[key],
  );
}

/** The doctor's name in a reminder of a booking without one. */
export const anyDoctor = (lang: Lang) => (lang === 'ar' ? 'الطبيب' : 'the doctor');

/** The booking reminder's buttons: `bk:<outbox message id>:c` confirms, `…:x` cancels (the webhook reads them). */
export function bookingButtons(messageId: number, lang: Lang) {
  return {
    inline_keyboard: [
      [
        { text: lang === 'ar' ? 'تأكيد' : 'Confirm', callback_data: `bk:${messageId}:c` },
        { text: lang === 'ar' ? 'إلغاء' : 'Cancel', callback_data: `bk:${messageId}:x` },
      ],
    ],
  };
}
export type InlineKeyboard = ReturnType<typeof bookingButtons>;

export type BookingAnswer = 'confirmed' | 'cancelled' | 'unchanged' | 'gone';

/** What the patient sees when they press a reminder's button (Telegram's short notice). */
export function bookingAnswerText(answer: BookingAnswer, lang: Lang): string {
  const texts: Record<BookingAnswer, [string, string]> = {
    confirmed: ['تم تأكيد موعدكم، شكرًا لكم.', 'Your appointment is confirmed. Thank you.'],
    cancelled: ['تم إلغاء موعدكم.', 'Your appointment is cancelled.'],
    unchanged: ['تم تسجيل ردكم سابقًا.', 'Your answer was already recorded.'],
    gone: [
      'هذا الموعد لم يعد قائمًا؛ يرجى التواصل مع العيادة.',
      'This appointment has changed; please contact the clinic.',
    ],
  };
  return texts[answer][lang === 'ar' ? 0 : 1];
}

/** Sent when a patient links their Telegram through the board's link. */
export function linkedMessage(clinic: Clinic, lang: Lang): string {
  return lang === 'ar'
    ? `تم ربط حسابكم في تيليجرام بـ${clinic.name}. ستصلكم هنا التذكيرات بمواعيدكم.`
    : `Your Telegram is now linked to ${clinic.name}. Your appointment reminders will arrive here.`;
}

/** The text Telegram receives: header, message and footer, blank lines between. */
export const composeText = (m: { header: string; message: string; footer: string }) =>
  [m.header, m.message, m.footer].filter((part) => part.trim() !== '').join('\n\n');
