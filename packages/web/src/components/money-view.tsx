import { useTranslation } from '../i18n/use-translation.ts';
import { formatMoney, MINOR_UNITS, type Currency } from '@basira/shared/money/money';
import { moneyText } from './money-input.tsx';

export type Lang = 'ar' | 'en';

/** The UI language as formatMoney takes it (Arabic, the app's default, unless English is chosen). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
}

/**
 * formatMoney for a sum that may be negative (a day with more refunds than payments, a short drawer): the sign
 * before the amount, which formatMoney itself keeps positive.
 */
export function signedMoney(amount: number, currency: Currency, lang: Lang): string {
  const text = formatMoney({ amount: Math.abs(amount), currency }, lang);
  return amount < 0 ? `-${text}` : text;
}

/**
 * An amount for a CSV cell: dinars as the integer they are (a sheet can add them, negative ones too); dollars as the
 * text `12.50`, never `1250 / 100` in floating point (toCsv writes a plain decimal as the number it is, `-12.50`
 * too).
 */
export function csvAmount(amount: number, currency: Currency): number | string {
  if (MINOR_UNITS[currency] === 1) return amount;
  const text = moneyText(Math.abs(amount), currency);
  return amount < 0 ? `-${text}` : text;
}

/** An amount as one left-to-right run, so Arabic text around it cannot reorder its digits and symbol. */
export function MoneyView({
  amount,
  currency,
  lang,
  testId,
}: {
  amount: number;
  currency: Currency;
  /** A sheet printed in another language than the screen's (a receipt). */
  lang?: Lang;
  testId?: string;
}) {
  const uiLang = useLang();
  return (
    <bdi dir="ltr" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {signedMoney(amount, currency, lang ?? uiLang)}
    </bdi>
  );
}

/** Sums in several currencies side by side (`25,000 IQD · $12.50`); a dash when there are none. */
export function MoneyList({
  values,
  testId,
}: {
  values: readonly { amount: number; currency: Currency }[];
  testId?: string;
}) {
  if (values.length === 0) return <span data-testid={testId}>—</span>;
  return (
    <span data-testid={testId}>
      {values.map((v, i) => (
        <span key={v.currency}>
          {i > 0 && ' · '}
          <MoneyView amount={v.amount} currency={v.currency} />
        </span>
      ))}
    </span>
  );
}
