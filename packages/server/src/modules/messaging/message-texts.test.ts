import { describe, expect, it } from 'vitest';
import { defaultFooter } from './message-texts.ts';

const clinic = { name: 'عيادة النور', phone: '+9647701234567', timeZone: 'Asia/Baghdad' };

describe('message texts', () => {
  it('isolates the clinic phone in Arabic, so its + stays left of the digits', () => {
    expect(defaultFooter(clinic, null, 'ar').split('\n')[1]).toBe('للتواصل: \u2066+9647701234567\u2069');
    expect(defaultFooter(clinic, null, 'en').split('\n')[1]).toBe('Contact us: +9647701234567');
  });
});
