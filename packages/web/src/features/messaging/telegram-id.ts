/** Telegram IDs have at most 16 digits (52 significant bits; messaging.schemas' TELEGRAM_ID_MAX). */
export const TELEGRAM_ID_MAX_DIGITS = 16;

const ARABIC_INDIC = /[\u0660-\u0669]/g;
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/g;

/**
 * What the Telegram ID box keeps of a typed or pasted text: its digits only (spec section 5: the messaging ID
 * accepts numbers only). Arabic-Indic digits, as an Arabic keyboard types them, become Latin digits; anything
 * else is refused, and `refused` says so (the box then tells the user why the key did nothing).
 */
export function telegramIdInput(text: string): { digits: string; refused: boolean } {
  const latin = text
    .replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(EXTENDED_ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x06f0));
  const digits = latin.replace(/\D/g, '');
  return {
    digits: digits.slice(0, TELEGRAM_ID_MAX_DIGITS),
    refused: digits.length !== latin.replace(/\s/g, '').length,
  };
}
