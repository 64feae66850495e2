import { describe, expect, it } from 'vitest';
import { bookingButtons, bookingWhen, defaultFooter, fillReminder } from './message-texts.ts';

const clinic = { name: 'عيادة النور', phone: '+9647701234567', timeZone: 'Asia/Baghdad' };

describe('message texts', () => {
  it('isolates the clinic phone in Arabic, so its + stays left of the digits', () => {
    expect(defaultFooter(clinic, null, 'ar').split('\n')[1]).toBe('للتواصل: \u2066+9647701234567\u2069');
    expect(defaultFooter(clinic, null, 'en').split('\n')[1]).toBe('Contact us: +9647701234567');
  });

  it('a booking reminder: the day and time in the clinic’s zone, Latin digits, every placeholder filled', () => {
    // 07:30 UTC is 10:30 in Baghdad.
    const at = new Date('2026-12-10T07:30:00Z');
    const ar = bookingWhen(at, clinic.timeZone, 'ar');
    expect(ar.date).toContain('كانون الأول');
    expect(ar.date).toContain('10');
    expect(ar.time).toMatch(/^10:30/);
    expect(`${ar.date} ${ar.time}`).not.toMatch(/[٠-٩]/);
    const en = bookingWhen(at, clinic.timeZone, 'en');
    expect(en.date).toMatch(/^Thursday,? 10 December 2026$/);
    expect(en.time).toBe('10:30');
    const values = { patient: 'Huda $1', doctor: 'Dr Ali', date: 'D', time: 'T', clinic: 'C' };
    expect(fillReminder('{patient} {doctor} {date} {time} {clinic} {patient} {other}', values)).toBe(
      'Huda $1 Dr Ali D T C Huda $1 {other}',
    );
    expect(bookingButtons(7, 'en').inline_keyboard[0]!.map((b) => b.callback_data)).toEqual([
      'bk:7:c',
      'bk:7:x',
    ]);
  });
});
