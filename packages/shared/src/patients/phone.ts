import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { digitsOnly } from '../search/arabic-normalize.ts';

export interface StoredPhone {
  /** +9647701234567 */
  e164: string;
  /** The national significant number, without trunk prefix: 7701234567 (what phone search matches). */
  national: string;
}

/**
 * A phone as typed (national or international, spaces, Arabic-Indic digits) for a country (ISO 3166 alpha-2)
 * → E.164, or undefined when it is not a valid number of that country (or a valid international one).
 */
export function parsePhone(input: string, iso2: string | undefined): StoredPhone | undefined {
  const country = iso2 && isSupportedCountry(iso2) ? iso2 : undefined;
  const text = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(digitsAndPlus(text), country);
  if (!parsed || !parsed.isValid()) return undefined;
  return { e164: parsed.number, national: parsed.nationalNumber };
}

function digitsAndPlus(text: string): string {
  const digits = digitsOnly(text);
  return text.startsWith('+') ? `+${digits}` : digits;
}

/** The calling code of a country (IQ → 964), if known. */
export function callingCodeOf(iso2: string): string | undefined {
  return isSupportedCountry(iso2) ? getCountryCallingCode(iso2) : undefined;
}

/**
 * What a typed (partial) phone can mean, as prefixes of the national significant number:
 * "0770 123" → 770123; "+964 770" and "00964770" → 770; "964770…" → both 964770… and 770…
 * (with or without the clinic's calling code). `callingCode` is the organization's default country's.
 */
export function nationalPrefixes(query: string, callingCode: string): string[] {
  const text = query.trim();
  const digits = digitsOnly(text);
  if (!digits) return [];
  const international = text.startsWith('+') || digits.startsWith('00');
  if (international) {
    const rest = digits.replace(/^00/, '');
    const parsed = parsePhoneNumberFromString(`+${rest}`);
    if (parsed?.countryCallingCode) return [rest.slice(parsed.countryCallingCode.length).replace(/^0+/, '')];
    // A partial number: strip the clinic's code when it is there, else any 1-3 digit code cannot be told.
    return rest.startsWith(callingCode) ? [rest.slice(callingCode.length)] : [rest];
  }
  if (digits.startsWith('0')) return [digits.replace(/^0+/, '')];
  if (digits.startsWith(callingCode) && digits.length > callingCode.length + 2)
    return [digits, digits.slice(callingCode.length)];
  return [digits];
}
