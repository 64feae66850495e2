import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { MAX_AMOUNT } from '@basira/shared/money/billing.schemas';
import { MINOR_UNITS, type Currency } from '@basira/shared/money/money';

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as Western ones: a phone keyboard in Arabic types the former. */
function westernDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * Text as typed → an amount in the currency's minor unit, or null when it is not one. Parsed as text with integer
 * arithmetic only (`12.5` $ is 12 × 100 + 50 cents, never `12.5 * 100`, which a float can get wrong): digits, at most
 * one decimal point (`.` or the Arabic `٫`) with no more decimals than the currency has (none for dinars, two for
 * cents), thousands separators (`,` `٬` and spaces) ignored. Blank is null; so is anything over MAX_AMOUNT.
 */
export function parseMoneyText(text: string, currency: Currency): number | null {
  const cleaned = westernDigits(text)
    .trim()
    .replace(/[,\u066C\s]/g, '')
    .replace('\u066B', '.');
  const match = /^(\d{1,15})(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const unit = MINOR_UNITS[currency];
  const decimals = String(unit).length - 1;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const major = Number(match[1]);
  const minor = fraction === '' ? 0 : Number(fraction.padEnd(decimals, '0'));
  const amount = major * unit + minor;
  return Number.isSafeInteger(amount) && amount <= MAX_AMOUNT ? amount : null;
}

/** An amount as an input shows it for editing: `25000` dinars, `12.50` dollars (no grouping, no symbol). */
export function moneyText(amount: number | null | undefined, currency: Currency): string {
  if (amount === null || amount === undefined) return '';
  const unit = MINOR_UNITS[currency];
  if (unit === 1) return String(amount);
  const minor = amount % unit;
  const decimals = String(unit).length - 1;
  return `${(amount - minor) / unit}.${String(minor).padStart(decimals, '0')}`;
}

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  currency: Currency;
  /** The text as typed; the form parses it with `parseMoneyText` when it makes its body. */
  value: string;
  onChange: (text: string) => void;
}

/**
 * A money amount typed as a cashier writes it (`25000`, `12.50`), left to right in both languages, with the
 * currency beside it. It holds text, so what was typed is never rounded behind the user's back.
 */
export function MoneyInput({ currency, value, onChange, ...rest }: MoneyInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      inputMode={currency === 'IQD' ? 'numeric' : 'decimal'}
      autoComplete="off"
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={<span style={{ fontSize: 12, opacity: 0.7 }}>{t(`billing.currency.${currency}`)}</span>}
      rightSectionWidth={44}
      {...rest}
    />
  );
}
