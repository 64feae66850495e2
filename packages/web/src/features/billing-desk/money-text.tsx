import type { Money } from '@basira/shared/money/money';
import { MoneyView, useLang } from '../../components/money-view.tsx';

/** The UI's language as the money formatters take it. */
export const useMoneyLang = useLang;

/** An amount with its currency as one left-to-right run (`MoneyView`), given as a `Money`. */
export function MoneyText({ value, lang, testId }: { value: Money; lang?: 'ar' | 'en'; testId?: string }) {
  return <MoneyView amount={value.amount} currency={value.currency} lang={lang} testId={testId} />;
}
