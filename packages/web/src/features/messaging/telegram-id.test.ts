import { describe, expect, it } from 'vitest';
import { telegramIdInput } from './telegram-id.ts';

describe('the Telegram ID box', () => {
  it('keeps digits and refuses letters and signs', () => {
    expect(telegramIdInput('123456789')).toEqual({ digits: '123456789', refused: false });
    expect(telegramIdInput('12a3')).toEqual({ digits: '123', refused: true });
    expect(telegramIdInput('-5')).toEqual({ digits: '5', refused: true });
    expect(telegramIdInput('1e9')).toEqual({ digits: '19', refused: true });
  });

  it('reads Arabic-Indic digits as digits, and ignores spaces of a pasted ID', () => {
    expect(telegramIdInput('١٢٣٤')).toEqual({ digits: '1234', refused: false });
    expect(telegramIdInput('۱۲۳')).toEqual({ digits: '123', refused: false });
    expect(telegramIdInput(' 123 456 ')).toEqual({ digits: '123456', refused: false });
  });

  it('stops at 16 digits', () => {
    expect(telegramIdInput('12345678901234567890').digits).toHaveLength(16);
  });
});
