import { useTranslation } from 'react-i18next';
import { formatMoney, type Money } from '@basira/shared/money/money';

/** The UI's language as the money formatters take it. */
export function useMoneyLang(): 'ar' | 'en' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'en' : 'ar';
}

/**
 * An amount with its currency (`25,000 د.ع`, `$12.50`), isolated as one left-to-right run so that an Arabic
 * sentence cannot reorder the number and the symbol.
 */
export function MoneyText({ value, lang, testId }: { value: Money; lang?: 'ar' | 'en'; testId?: string }) {
  const uiLang = useMoneyLang();
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatMoney(value, lang ?? uiLang)}
    </bdi>
  );
}
