import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import {
  PAYMENT_METHODS,
  type Charge,
  type PaymentMethod,
  type Receipt,
} from '@basira/shared/money/billing.schemas';
import type { Currency } from '@basira/shared/money/money';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { AdjustForm, type AdjustKind } from './adjust-form.tsx';
import { accountQuery, usePay } from './billing-desk.queries.ts';
import { chargeName } from './charge-name.ts';
import { MoneyText, useMoneyLang } from './money-text.tsx';
import {
  WALLET_SUGGESTIONS,
  currenciesDue,
  lineProblem,
  mergeLines,
  newIdempotencyKey,
  openCharges,
  paymentBody,
  totalOf,
  type LineInput,
} from './payment-lines.ts';

/** The cashier's shift screen (the billing admin's feature): where a payment refused for want of a shift leads. */
export const SHIFT_PATH = '/billing/shift';

export interface PaymentPatient {
  id: number;
  name: string;
}

/** The payment dialog: opened from the queue's row, the board or the patient's file. */
export function PaymentDialog({
  patient,
  opened,
  onClose,
}: {
  patient: PaymentPatient | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened && patient !== null}
      onClose={onClose}
      size="lg"
      title={patient ? t('billingDesk.pay.title', { name: patient.name }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted per opening: each opening is one payment with its own idempotency key. */}
      {opened && patient && <PaymentBody patient={patient} onClose={onClose} />}
    </Modal>
  );
}

type Notice = 'stale' | 'noShift' | 'mismatch' | 'adjusted' | 'adjustStale';

/** The open charges of one patient, the lines to pay, the method, and the receipt once paid. */
export function PaymentBody({ patient, onClose }: { patient: PaymentPatient; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const lang = useMoneyLang();
  const account = useQuery(accountQuery(patient.id));
  const pay = usePay();
  // Made once per opening and sent again on every retry: the server records one payment per key.
  const [key, setKey] = useState(newIdempotencyKey);
  const [lines, setLines] = useState<Record<number, LineInput> | null>(null);
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [wallet, setWallet] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [adjusting, setAdjusting] = useState<{ charge: Charge; kind: AdjustKind } | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [tried, setTried] = useState(false);
  const sending = useRef(false);

  const charges = account.data?.charges;
  useEffect(() => {
    if (charges) setLines((previous) => mergeLines(previous, charges));
  }, [charges]);

  if (receipt) return <PaymentDone receipt={receipt} onClose={onClose} />;
  if (account.error)
    return (
      <Alert color="red" role="alert" data-testid="payment-load-failed">
        {errorMessage(translate, account.error)}
      </Alert>
    );
  if (!charges || !lines)
    return (
      <Group justify="center" p="lg">
        <Loader role="status" aria-label={t('common.loading')} />
      </Group>
    );

  const currencies = currenciesDue(charges);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0];

  if (adjusting) {
    const fresh = charges.find((c) => c.id === adjusting.charge.id) ?? adjusting.charge;
    return (
      <AdjustForm
        charge={fresh}
        kind={adjusting.kind}
        onCancel={() => setAdjusting(null)}
        onDone={(outcome) => {
          setAdjusting(null);
          setNotice(outcome === 'saved' ? 'adjusted' : 'adjustStale');
          void account.refetch();
        }}
      />
    );
  }

  if (!currency)
    return (
      <Stack gap="md">
        <Text data-testid="payment-nothing-due">{t('billingDesk.pay.nothingDue')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );

  const shown = openCharges(charges).filter((c) => c.currency === currency);
  const total = totalOf(charges, lines, currency);
  const body = paymentBody({ patientId: patient.id, charges, lines, currency, method, wallet });
  const walletMissing = method === 'transfer' && wallet.trim() === '';

  const setLine = (id: number, change: Partial<LineInput>) =>
    setLines((previous) =>
      previous?.[id] ? { ...previous, [id]: { ...previous[id], ...change } } : previous,
    );

  const submit = () => {
    setTried(true);
    if (!body || sending.current) return;
    sending.current = true;
    setNotice(null);
    setFailure(null);
    pay.mutate(
      { body, key },
      {
        onSuccess: (answer) => setReceipt(answer),
        onError: (error) => {
          const code = isApiError(error) ? error.code : undefined;
          if (code === 'stale_version' || code === 'billing.idempotency_mismatch') {
            // The server recorded nothing under this key, and the lines will change with the charges read again:
            // a new key, or the same key with another body would be refused as a mismatch.
            setKey(newIdempotencyKey());
            setNotice(code === 'stale_version' ? 'stale' : 'mismatch');
            void account.refetch();
          } else if (code === 'billing.no_open_shift') setNotice('noShift');
          else if (!(isApiError(error) && error.handled)) setFailure(error);
        },
        onSettled: () => void (sending.current = false),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="payment-dialog" data-idempotency-key={key}>
      {notice === 'stale' && (
        <Alert color="orange" role="alert" data-testid="payment-stale">
          {t('billingDesk.pay.stale')}
        </Alert>
      )}
      {notice === 'mismatch' && (
        <Alert color="orange" role="alert" data-testid="payment-mismatch">
          {t('billingDesk.pay.mismatch')}
        </Alert>
      )}
      {notice === 'adjusted' && (
        <Alert color="green" data-testid="payment-adjusted">
          {t('billingDesk.pay.adjusted')}
        </Alert>
      )}
      {notice === 'adjustStale' && (
        <Alert color="orange" role="alert" data-testid="payment-stale">
          {t('billingDesk.pay.stale')}
        </Alert>
      )}
      {notice === 'noShift' && (
        <Alert
          color="red"
          role="alert"
          data-testid="payment-no-shift"
          title={t('billingDesk.pay.noShiftTitle')}
        >
          <Trans
            i18nKey="billingDesk.pay.noShiftText"
            components={{ shift: <Anchor component={Link} to={SHIFT_PATH} data-testid="open-shift-link" /> }}
          />
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" role="alert" data-testid="payment-failed">
          {errorMessage(translate, failure)}
        </Alert>
      )}

      {currencies.length > 1 && (
        <SegmentedControl
          aria-label={t('billingDesk.pay.currency')}
          value={currency}
          onChange={(value) => setCurrency(value as Currency)}
          data={currencies.map((c) => ({ value: c, label: t(`billingDesk.currencies.${c}`) }))}
          data-testid="payment-currency"
        />
      )}

      <Stack gap="xs" role="group" aria-label={t('billingDesk.pay.charges')}>
        {shown.map((charge) => {
          const input = lines[charge.id] as LineInput;
          const problem = input.checked ? lineProblem(charge, input) : null;
          const name = chargeName(charge, lang);
          return (
            <Paper key={charge.id} withBorder p="xs" data-testid="payment-line" data-charge-id={charge.id}>
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <Stack gap={2} style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Checkbox
                    label={name}
                    checked={input.checked}
                    onChange={(e) => setLine(charge.id, { checked: e.currentTarget.checked })}
                  />
                  <Text size="xs" c="dimmed" ps={28}>
                    {charge.doctor ? `${charge.doctor.name} · ` : ''}
                    {t('billingDesk.balance')}:{' '}
                    <MoneyText value={{ amount: charge.balance, currency: charge.currency }} />
                  </Text>
                </Stack>
                <TextInput
                  w={150}
                  size="sm"
                  aria-label={t('billingDesk.pay.amountFor', { name })}
                  inputMode="decimal"
                  dir="ltr"
                  disabled={!input.checked}
                  value={input.text}
                  onChange={(e) => setLine(charge.id, { text: e.currentTarget.value })}
                  error={
                    problem && (tried || problem !== 'invalid')
                      ? t(`billingDesk.pay.problems.${problem}`)
                      : null
                  }
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {t(`billingDesk.currencyShort.${charge.currency}`)}
                    </Text>
                  }
                  rightSectionWidth={40}
                />
                <Group gap={4}>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setAdjusting({ charge, kind: 'discount' })}
                    aria-label={`${t('billingDesk.discount')}: ${name}`}
                  >
                    {t('billingDesk.discount')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="grape"
                    onClick={() => setAdjusting({ charge, kind: 'exemption' })}
                    aria-label={`${t('billingDesk.exempt')}: ${name}`}
                  >
                    {t('billingDesk.exempt')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>

      <SegmentedControl
        aria-label={t('billingDesk.pay.method')}
        value={method}
        onChange={(value) => setMethod(value as PaymentMethod)}
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`billingDesk.methods.${m}`) }))}
        data-testid="payment-method"
      />
      {method === 'transfer' && (
        <Autocomplete
          label={t('billingDesk.pay.wallet')}
          placeholder={t('billingDesk.pay.walletPlaceholder')}
          data={[...WALLET_SUGGESTIONS]}
          value={wallet}
          onChange={setWallet}
          maxLength={60}
          error={tried && walletMissing ? t('billingDesk.pay.walletRequired') : null}
          comboboxProps={{ withinPortal: false }}
        />
      )}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={700} size="lg" data-testid="payment-total">
          {t('billingDesk.pay.total')}: <MoneyText value={{ amount: total, currency }} />
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={pay.isPending}
            disabled={total === 0}
            data-testid="payment-submit"
          >
            {t('billingDesk.pay.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** The receipt just recorded, with its two papers. */
function PaymentDone({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const print = (paper: '80mm' | 'a5') => `${pathTo('receiptPrint', { id: receipt.id })}?paper=${paper}`;
  return (
    <Stack gap="md" data-testid="payment-done">
      <Alert color="green" title={t('billingDesk.pay.done')}>
        <Stack gap={4}>
          <Text size="sm">
            {t('billingDesk.receipt.number')}:{' '}
            <bdi dir="ltr" data-testid="payment-receipt-number">
              {receipt.number}
            </bdi>{' '}
            · {format.dateTime(receipt.createdAt)}
          </Text>
          <Text size="sm">
            {t('billingDesk.pay.total')}:{' '}
            <MoneyText value={{ amount: receipt.total, currency: receipt.currency }} /> ·{' '}
            {t(`billingDesk.methods.${receipt.method}`)}
            {receipt.wallet ? ` (${receipt.wallet})` : ''}
          </Text>
          <Text size="sm">
            {t('billingDesk.receipt.balanceAfter')}:{' '}
            <MoneyText value={{ amount: receipt.balanceAfter, currency: receipt.currency }} />
          </Text>
        </Stack>
      </Alert>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Button component={Link} to={print('80mm')} target="_blank" data-testid="print-receipt-80mm">
            {t('billingDesk.receipt.print80')}
          </Button>
          <Button
            component={Link}
            to={print('a5')}
            target="_blank"
            variant="light"
            data-testid="print-receipt-a5"
          >
            {t('billingDesk.receipt.printA5')}
          </Button>
        </Group>
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
