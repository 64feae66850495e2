import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored phone (E.164) as the clinic dials it: national format for the clinic's own country
 * (+9647701234567 → 0770 123 4567), international for the others.
 */
export function displayPhone(e164: string | null | undefined, homeIso = 'IQ'): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === homeIso ? parsed.formatNational() : parsed.formatInternational();
}
