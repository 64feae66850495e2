import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { BillingEntry, Charge } from '@basira/shared/money/billing.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { accountQuery, useReverseEntry, useVoidCharge } from './billing-desk.queries.ts';
import { chargeName } from './charge-name.ts';
import { MoneyText, useMoneyLang } from './money-text.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

/** What a refund or void is asked for: an entry reversed, or a whole charge voided. */
type Reversal = { kind: 'entry'; entry: BillingEntry; charge: Charge } | { kind: 'charge'; charge: Charge };

/**
 * The patient's account in their file: what they owe, every charge with its entries (who, when, why; a reversed
 * entry marked), the receipts with a reprint (which prints COPY), and, for whoever may refund, the refund of a
 * payment, the void of a discount or exemption, the void of a charge made in error.
 */
export function AccountSection({
  patient,
  permissions,
}: {
  patient: { id: number; name: string };
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const translate = useTranslator();
  const lang = useMoneyLang();
  const canShow = can(permissions, 'show payments');
  const canTake = can(permissions, 'take payments');
  const canRefund = can(permissions, 'refund');
  const account = useQuery({ ...accountQuery(patient.id), enabled: canShow });
  const [paying, setPaying] = useState(false);
  const [reversal, setReversal] = useState<Reversal | null>(null);
  if (!canShow) return null;

  const data = account.data;
  const owed = data?.balances.filter((b) => b.amount > 0) ?? [];
  return (
    <Card withBorder padding="md" id="account" data-testid="patient-account" component="section">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          {t('billingDesk.account.title')}
        </Title>
        {canTake && owed.length > 0 && (
          <Button size="compact-sm" color="teal" onClick={() => setPaying(true)} data-testid="account-pay">
            {t('billingDesk.pay.action')}
          </Button>
        )}
      </Group>
      {account.error && <Alert color="red">{errorMessage(translate, account.error)}</Alert>}
      {data && (
        <Stack gap="md">
          <Group gap="sm" data-testid="account-balances">
            <Text fw={600}>{t('billingDesk.account.owes')}:</Text>
            {owed.length === 0 ? (
              <Text c="dimmed">{t('billingDesk.nothingOwed')}</Text>
            ) : (
              owed.map((b) => (
                <Text key={b.currency} fw={700} c="orange.8">
                  <MoneyText value={b} />
                </Text>
              ))
            )}
          </Group>

          <Title order={3} fz="h5">
            {t('billingDesk.account.charges')}
          </Title>
          {data.charges.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('billingDesk.account.noCharges')}
            </Text>
          )}
          {data.charges.map((charge) => (
            <Paper key={charge.id} withBorder p="xs" data-testid="account-charge" data-charge-id={charge.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600} size="sm">
                    {chargeName(charge, lang)}
                    {charge.doctor ? ` · ${charge.doctor.name}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {format.date(charge.day)} · {t('billingDesk.receipt.amount')}:{' '}
                    <MoneyText value={{ amount: charge.amount, currency: charge.currency }} /> ·{' '}
                    {t('billingDesk.balance')}:{' '}
                    <MoneyText value={{ amount: charge.balance, currency: charge.currency }} />
                  </Text>
                </div>
                <Group gap={4}>
                  {charge.freeReturnOf !== null && (
                    <Badge size="sm" variant="light">
                      {t('billingDesk.freeReturn')}
                    </Badge>
                  )}
                  {charge.voided && (
                    <Badge size="sm" color="gray" data-testid="charge-voided">
                      {t('billingDesk.voided')}
                    </Badge>
                  )}
                  {canRefund && !charge.voided && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setReversal({ kind: 'charge', charge })}
                      aria-label={`${t('billingDesk.account.voidCharge')}: ${chargeName(charge, lang)}`}
                    >
                      {t('billingDesk.account.voidCharge')}
                    </Button>
                  )}
                </Group>
              </Group>
              {charge.entries.length > 0 && (
                <Table fz="xs" verticalSpacing={2} mt={4} data-testid="charge-entries">
                  <Table.Tbody>
                    {charge.entries.map((entry) => (
                      <EntryRow
                        key={entry.id}
                        entry={entry}
                        canRefund={canRefund}
                        onReverse={() => setReversal({ kind: 'entry', entry, charge })}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          ))}

          <Title order={3} fz="h5">
            {t('billingDesk.account.receipts')}
          </Title>
          {data.receipts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('billingDesk.account.noReceipts')}
            </Text>
          ) : (
            <Table fz="sm" verticalSpacing={4} data-testid="account-receipts">
              <Table.Tbody>
                {data.receipts.map((r) => (
                  <Table.Tr key={r.id} data-testid="account-receipt">
                    <Table.Td>
                      <bdi dir="ltr">{r.number}</bdi>
                    </Table.Td>
                    <Table.Td>{format.dateTime(r.createdAt)}</Table.Td>
                    <Table.Td>
                      <MoneyText value={{ amount: r.total, currency: r.currency }} />
                    </Table.Td>
                    <Table.Td>{t(`billingDesk.methods.${r.method}`)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        size="sm"
                        to={`${pathTo('receiptPrint', { id: r.id })}?paper=80mm`}
                        target="_blank"
                        aria-label={`${t('billingDesk.account.reprint')}: ${r.number}`}
                      >
                        {t('billingDesk.account.reprint')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
      {canTake && <PaymentDialog patient={patient} opened={paying} onClose={() => setPaying(false)} />}
      <ReverseModal reversal={reversal} onClose={() => setReversal(null)} />
    </Card>
  );
}

/** One entry of a charge: what, how much, who and when, why; a reversed one struck through. */
function EntryRow({
  entry,
  canRefund,
  onReverse,
}: {
  entry: BillingEntry;
  canRefund: boolean;
  onReverse: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const reversed = entry.reversedById !== null;
  // A payment is refunded, a discount or exemption voided; a refund or void is itself never reversed.
  const action =
    entry.kind === 'payment'
      ? t('billingDesk.account.refund')
      : entry.kind === 'discount' || entry.kind === 'exemption'
        ? t('billingDesk.account.voidEntry')
        : null;
  const style = reversed ? { textDecoration: 'line-through', opacity: 0.7 } : undefined;
  return (
    <Table.Tr data-testid="charge-entry" data-kind={entry.kind} data-reversed={reversed || undefined}>
      <Table.Td style={style}>
        {t(`billingDesk.entryKinds.${entry.kind}`)}
        {entry.method && ` · ${t(`billingDesk.methods.${entry.method}`)}`}
        {entry.wallet && ` (${entry.wallet})`}
        {entry.percent !== null && (
          <>
            {' · '}
            <bdi dir="ltr">{entry.percent}%</bdi>
          </>
        )}
        {entry.category && ` · ${t(`billingDesk.categories.${entry.category}`)}`}
      </Table.Td>
      <Table.Td style={style}>
        <MoneyText value={{ amount: entry.amount, currency: entry.currency }} />
      </Table.Td>
      <Table.Td>
        {entry.createdBy?.name ?? '—'} · {format.dateTime(entry.createdAt)}
        {entry.reason && (
          <Text span size="xs" c="dimmed" display="block">
            {entry.reason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {reversed ? (
          <Badge size="xs" color="gray" data-testid="entry-reversed">
            {t('billingDesk.account.reversed')}
          </Badge>
        ) : (
          canRefund &&
          action && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onReverse}>
              {action}
            </Button>
          )
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The reason for a refund or a void, asked before it is sent. */
function ReverseModal({ reversal, onClose }: { reversal: Reversal | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={reversal !== null}
      onClose={onClose}
      title={
        reversal
          ? t(
              reversal.kind === 'charge'
                ? 'billingDesk.account.voidCharge'
                : reversal.entry.kind === 'payment'
                  ? 'billingDesk.account.refund'
                  : 'billingDesk.account.voidEntry',
            )
          : ''
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {reversal && <ReverseForm reversal={reversal} onClose={onClose} />}
    </Modal>
  );
}

function ReverseForm({ reversal, onClose }: { reversal: Reversal; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const reverse = useReverseEntry();
  const voidCharge = useVoidCharge();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonError = reason.trim().length < 2 ? t('billingDesk.reasonRequired') : null;
  const pending = reverse.isPending || voidCharge.isPending;

  const submit = () => {
    setTried(true);
    setFailure(null);
    if (reasonError || pending) return;
    const options = {
      onSuccess: () => {
        toastSuccess(t('billingDesk.account.reverseDone'));
        onClose();
      },
      onError: (error: unknown) => {
        if (isApiError(error) && error.handled) return;
        setFailure(
          isApiError(error) && error.code === 'billing.no_open_shift'
            ? t('billingDesk.account.refundNeedsShift')
            : errorMessage(translate, error),
        );
      },
    };
    if (reversal.kind === 'charge')
      voidCharge.mutate(
        { chargeId: reversal.charge.id, body: { version: reversal.charge.version, reason: reason.trim() } },
        options,
      );
    else reverse.mutate({ entryId: reversal.entry.id, body: { reason: reason.trim() } }, options);
  };

  return (
    <Stack gap="sm">
      {reversal.kind === 'entry' && (
        <Text size="sm">
          {t(`billingDesk.entryKinds.${reversal.entry.kind}`)}:{' '}
          <MoneyText value={{ amount: reversal.entry.amount, currency: reversal.entry.currency }} />
        </Text>
      )}
      <Textarea
        label={t('billingDesk.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={tried ? reasonError : null}
        maxLength={300}
        autosize
        minRows={2}
        data-autofocus
      />
      {failure && (
        <Alert color="red" role="alert" data-testid="reverse-failed">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={submit} loading={pending} data-testid="reverse-confirm">
          {t('billingDesk.account.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
