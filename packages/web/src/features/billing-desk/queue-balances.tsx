import { useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MoneyValue } from '@basira/shared/money/billing.schemas';
import { can } from '../../lib/session-local.ts';
import { BalanceBadge } from './balance-badge.tsx';
import { balancesQuery } from './billing-desk.queries.ts';
import { PaymentDialog, type PaymentPatient } from './payment-dialog.tsx';

const owesSomething = (balances: readonly MoneyValue[] | undefined) => !!balances?.some((b) => b.amount > 0);

interface Row {
  patient: { id: number; name: string };
}

/** The slots a list of visits gives the billing desk (the queue's `QueueRowSlots`, structurally). */
export interface BalanceSlots<R extends Row> {
  badge?: (row: R) => ReactNode;
  action?: (row: R) => ReactNode;
}

/**
 * What each patient on a list owes, read in one call for the rows on screen (`GET /balances`), with a Pay button
 * on each row that owes something, for whoever takes payments. The balances' query sits under the queue's root:
 * a live queue event refetches them with the rows.
 */
export function RowBalances<R extends Row>({
  rows,
  permissions,
  children,
}: {
  rows: readonly R[];
  permissions: readonly string[] | undefined;
  children: (slots: BalanceSlots<R>) => ReactNode;
}) {
  const { t } = useTranslation();
  const canShow = can(permissions, 'show payments');
  // The dialog reads the patient's account, which takes `show payments` too.
  const canTake = can(permissions, 'take payments') && canShow;
  const ids = [...new Set(rows.map((r) => r.patient.id))];
  const balances = useQuery({ ...balancesQuery(ids), enabled: canShow && ids.length > 0 });
  const [paying, setPaying] = useState<PaymentPatient | null>(null);

  const owed = new Map<number, MoneyValue[]>();
  for (const row of balances.data ?? []) owed.set(row.patientId, row.balances);

  const slots: BalanceSlots<R> = {
    badge: canShow ? (row) => <BalanceBadge balances={owed.get(row.patient.id)} /> : undefined,
    action: canTake
      ? (row) =>
          owesSomething(owed.get(row.patient.id)) && (
            <Button
              size="compact-sm"
              variant="light"
              color="teal"
              onClick={() => setPaying({ id: row.patient.id, name: row.patient.name })}
              aria-label={`${t('billingDesk.pay.action')}: ${row.patient.name}`}
              data-testid="queue-pay"
            >
              {t('billingDesk.pay.action')}
            </Button>
          )
      : undefined,
  };
  return (
    <>
      {children(slots)}
      <PaymentDialog patient={paying} opened={paying !== null} onClose={() => setPaying(null)} />
    </>
  );
}
