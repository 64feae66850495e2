import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MoneyValue } from '@basira/shared/money/billing.schemas';
import { formatMoney } from '@basira/shared/money/money';
import { MoneyText, useMoneyLang } from './money-text.tsx';

/** "Owes 25,000 IQD": one badge per currency owed; nothing when the patient owes nothing. */
export function BalanceBadge({ balances }: { balances: readonly MoneyValue[] | undefined }) {
  const { t } = useTranslation();
  const lang = useMoneyLang();
  const owed = (balances ?? []).filter((b) => b.amount > 0);
  if (owed.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {owed.map((b) => (
        <Badge
          key={b.currency}
          size="sm"
          variant="light"
          color="orange"
          style={{ textTransform: 'none' }}
          data-testid="balance-badge"
          aria-label={t('billingDesk.owes', { amount: formatMoney(b, lang) })}
        >
          {t('billingDesk.owesPrefix')} <MoneyText value={b} />
        </Badge>
      ))}
    </Group>
  );
}
