import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingService, ServiceKind } from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { can, canAny } from '../../lib/session-local.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { BalanceBadge } from './balance-badge.tsx';
import { accountQuery, servicesQuery, useAddCharge } from './billing-desk.queries.ts';
import { chargeName } from './charge-name.ts';
import { MoneyText, useMoneyLang } from './money-text.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

/** What may be added to a visit on the board: not a consultation or follow-up (queueing charges those). */
const ADDABLE: readonly ServiceKind[] = ['test', 'procedure', 'surgery', 'other'];

/** Who may add a test to a visit (the API's `POST /visits/{queueId}/charges`). */
export const ADD_CHARGE_PERMISSIONS = ['take payments', 'open board', 'edit queue'] as const;

/**
 * The visit's charges on the patient's board and what the patient owes; "Add a test" for a test or procedure done
 * during the visit; Pay for the cashier.
 */
export function VisitChargesCard({
  patient,
  queueId,
  permissions,
}: {
  patient: { id: number; name: string };
  queueId: number;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const lang = useMoneyLang();
  const canShow = can(permissions, 'show payments');
  const canAdd = canAny(permissions, ADD_CHARGE_PERMISSIONS);
  const canTake = can(permissions, 'take payments');
  const account = useQuery({ ...accountQuery(patient.id), enabled: canShow });
  const [paying, setPaying] = useState(false);
  if (!canShow && !canAdd) return null;

  const charges = (account.data?.charges ?? []).filter((c) => c.queueId === queueId);
  return (
    <Card withBorder padding="md" data-testid="board-charges">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          {t('billingDesk.board.title')}
        </Title>
        {account.data && (
          <Group gap="xs">
            {account.data.balances.some((b) => b.amount > 0) ? (
              <BalanceBadge balances={account.data.balances} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="board-nothing-owed">
                {t('billingDesk.nothingOwed')}
              </Text>
            )}
            {canTake && account.data.balances.some((b) => b.amount > 0) && (
              <Button size="compact-sm" color="teal" onClick={() => setPaying(true)} data-testid="board-pay">
                {t('billingDesk.pay.action')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {canShow && account.isSuccess && charges.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('billingDesk.board.noCharges')}
        </Text>
      )}
      {canShow && account.error && <Alert color="red">{t('billingDesk.loadFailed')}</Alert>}
      {charges.length > 0 && (
        <Table fz="sm" verticalSpacing={4} data-testid="board-charges-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billingDesk.receipt.service')}</Table.Th>
              <Table.Th>{t('billingDesk.receipt.amount')}</Table.Th>
              <Table.Th>{t('billingDesk.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charges.map((c) => (
              <Table.Tr key={c.id} data-testid="board-charge">
                <Table.Td>
                  {chargeName(c, lang)}
                  {c.doctor && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {c.doctor.name}
                    </Text>
                  )}
                  {c.freeReturnOf !== null && (
                    <Badge size="xs" variant="light" ms={6}>
                      {t('billingDesk.freeReturn')}
                    </Badge>
                  )}
                  {c.voided && (
                    <Badge size="xs" color="gray" ms={6}>
                      {t('billingDesk.voided')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <MoneyText value={{ amount: c.amount, currency: c.currency }} />
                </Table.Td>
                <Table.Td>
                  <MoneyText value={{ amount: c.balance, currency: c.currency }} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canAdd && <AddTest queueId={queueId} />}
      {canTake && <PaymentDialog patient={patient} opened={paying} onClose={() => setPaying(false)} />}
    </Card>
  );
}

/** "Add a test": a service of the price list (active tests, procedures, surgeries, other) charged to the visit. */
export function AddTest({ queueId }: { queueId: number }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const lang = useMoneyLang();
  const services = useQuery(servicesQuery);
  const add = useAddCharge();
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [currency, setCurrency] = useState<Currency>('IQD');
  const [failure, setFailure] = useState<string | null>(null);

  const addable = (services.data ?? []).filter((s) => s.active && ADDABLE.includes(s.kind));
  const chosen: BillingService | undefined = addable.find((s) => String(s.id) === serviceId);
  const priceOf = (s: BillingService, c: Currency) => (c === 'IQD' ? s.priceIqd : s.priceUsd);
  const effective: Currency = chosen?.priceUsd === null ? 'IQD' : currency;

  const submit = () => {
    if (!chosen) return;
    setFailure(null);
    add.mutate(
      { queueId, body: { serviceId: chosen.id, currency: effective } },
      {
        onSuccess: (charge) => {
          toastSuccess(t('billingDesk.board.added', { name: chargeName(charge, lang) }));
          setServiceId(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          setFailure(errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <Stack gap="xs" mt="md">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('billingDesk.board.addTest')}
          placeholder={t('billingDesk.board.pickService')}
          searchable
          clearable
          style={{ flex: '1 1 240px' }}
          data={addable.map((s) => ({
            value: String(s.id),
            label: `${lang === 'ar' ? s.nameAr : s.nameEn} (${s.code})`,
          }))}
          value={serviceId}
          onChange={setServiceId}
          nothingFoundMessage={t('billingDesk.board.noService')}
          data-testid="board-add-service"
        />
        {chosen && chosen.priceUsd !== null && (
          <SegmentedControl
            aria-label={t('billingDesk.pay.currency')}
            value={currency}
            onChange={(v) => setCurrency(v as Currency)}
            data={[
              { value: 'IQD', label: t('billingDesk.currencyShort.IQD') },
              { value: 'USD', label: t('billingDesk.currencyShort.USD') },
            ]}
          />
        )}
        <Button onClick={submit} disabled={!chosen} loading={add.isPending} data-testid="board-add-charge">
          {t('billingDesk.board.add')}
        </Button>
      </Group>
      {chosen && (
        <Text size="xs" c="dimmed">
          {t('billingDesk.board.price')}:{' '}
          <MoneyText value={{ amount: priceOf(chosen, effective) ?? 0, currency: effective }} />
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
