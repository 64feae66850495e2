import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CURRENCIES, shiftOpenSchema, type Shift } from '@basira/shared/money/billing.schemas';
import { MoneyInput, parseMoneyText } from '../../components/money-input.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { currentShiftQuery, shiftsQuery, useOpenShift } from './billing.queries.ts';
import { DayInput } from '../../components/day-input.tsx';
import { MoneyList, MoneyView } from '../../components/money-view.tsx';
import { ShiftCountForm } from './shift-count-form.tsx';

/**
 * /billing/shift: the cashier's own shift (open it with a float, see what it took, close it by counting) and, for
 * whoever reads the financial reports, everyone's open shifts (a forgotten one closed with the same count) and the
 * shifts closed on a day.
 */
export function ShiftPage() {
  const { t } = useTranslation();
  const me = useMe();
  const cashier = can(me?.permissions, 'take payments');
  const supervisor = can(me?.permissions, 'show financial reports');
  return (
    <PageFrame title={t('billing.shift.title')}>
      <Stack gap="md">
        {cashier && <MyShift />}
        {supervisor && <OpenShifts ownAbove={cashier ? me?.id : undefined} />}
        {supervisor && <ClosedShifts />}
      </Stack>
    </PageFrame>
  );
}

function MyShift() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const current = useQuery(currentShiftQuery);
  if (current.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (current.error)
    return (
      <Alert color="red" role="alert">
        {errorMessage(translate, current.error)}
      </Alert>
    );
  if (current.data === null) return <OpenShiftCard />;
  return (
    <Card withBorder padding="md" data-testid="my-shift">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('billing.shift.mine')}
          </Title>
          <Badge color="green" variant="light">
            {t('billing.shift.open')}
          </Badge>
        </Group>
        <ShiftFacts shift={current.data} />
        <Title order={3} fz="h5">
          {t('billing.shift.closeTitle')}
        </Title>
        <ShiftCountForm shift={current.data} />
      </Stack>
    </Card>
  );
}

type FloatValues = Record<(typeof CURRENCIES)[number], string>;

function OpenShiftCard() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const open = useOpenShift();
  const form = useSchemaForm({
    schema: shiftOpenSchema,
    initialValues: { IQD: '', USD: '' } satisfies FloatValues,
    toBody: (v: FloatValues) => ({
      floats: CURRENCIES.map((currency) => ({
        currency,
        amount: v[currency].trim() === '' ? 0 : (parseMoneyText(v[currency], currency) ?? undefined),
      })),
    }),
    check: (v) =>
      Object.fromEntries(
        CURRENCIES.filter((c) => v[c].trim() !== '' && parseMoneyText(v[c], c) === null).map((c) => [
          c,
          'amount.invalid',
        ]),
      ),
    fieldOf: (path) => {
      const match = /^floats\.(\d+)\./.exec(path);
      return match ? (CURRENCIES[Number(match[1])] ?? path) : path;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    open.mutate(body, {
      onSuccess: () => toastSuccess(t('billing.shift.opened')),
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(t('billing.shift.openFailed'), errorMessage(translate, error));
      },
    });
  };
  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} noValidate data-testid="shift-open">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('billing.shift.noneOpen')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('billing.shift.openHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
          {CURRENCIES.map((currency) => (
            <MoneyInput
              key={currency}
              currency={currency}
              label={t('billing.shift.floatIn', { currency: t(`billing.currency.${currency}`) })}
              placeholder="0"
              value={form.values[currency]}
              onChange={(text) => form.set(currency, text)}
              error={form.error(currency)}
              data-testid={`float-${currency}`}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={open.isPending} data-testid="shift-open-button">
            {t('billing.shift.openButton')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** What a shift is: who, since when, the float, the receipts, and what the drawer should hold. */
function ShiftFacts({ shift }: { shift: Shift }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('billing.shift.openedAt')} value={format.dateTime(shift.openedAt)} />
        <Fact label={t('billing.shift.floats')} value={<MoneyList values={shift.floats} />} />
        <Fact
          label={t('billing.shift.receipts')}
          value={<span data-testid="shift-receipts">{shift.receiptCount}</span>}
        />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        {t('billing.shift.taken')}
      </Text>
      <CellsTable cells={shift.expected} testId="shift-expected" />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}

function CellsTable({
  cells,
  testId,
}: {
  cells: readonly { method: string; currency: (typeof CURRENCIES)[number]; amount: number }[];
  testId: string;
}) {
  const { t } = useTranslation();
  if (cells.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('billing.shift.nothingYet')}
      </Text>
    );
  return (
    <Table withTableBorder verticalSpacing={4} maw={480} data-testid={testId}>
      <Table.Tbody>
        {cells.map((cell) => (
          <Table.Tr key={`${cell.method}-${cell.currency}`}>
            <Table.Td>
              {t('billing.shift.cellName', {
                method: t(`billing.method.${cell.method}`),
                currency: t(`billing.currency.${cell.currency}`),
              })}
            </Table.Td>
            <Table.Td>
              <MoneyView amount={cell.amount} currency={cell.currency} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** `ownAbove`: the user whose own shift is closed in "My shift" above (no second close button for it). */
function OpenShifts({ ownAbove }: { ownAbove: number | undefined }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const shifts = useQuery(shiftsQuery('open'));
  const [closing, setClosing] = useState<Shift | null>(null);
  return (
    <Card withBorder padding="md" data-testid="open-shifts">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('billing.shift.openShifts')}
        </Title>
        {shifts.error && (
          <Alert color="red" role="alert">
            {errorMessage(translate, shifts.error)}
          </Alert>
        )}
        {shifts.data?.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="open-shifts-empty">
            {t('billing.shift.noOpenShifts')}
          </Text>
        )}
        {shifts.data && shifts.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.shift.cashier')}</Table.Th>
                  <Table.Th>{t('billing.shift.openedAt')}</Table.Th>
                  <Table.Th>{t('billing.shift.receipts')}</Table.Th>
                  <Table.Th>{t('billing.shift.expected')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shifts.data.map((shift) => (
                  <Table.Tr key={shift.id} data-testid="open-shift-row">
                    <Table.Td>{shift.cashier.name}</Table.Td>
                    <Table.Td>{format.dateTime(shift.openedAt)}</Table.Td>
                    <Table.Td>{shift.receiptCount}</Table.Td>
                    <Table.Td>
                      <MoneyList values={cellTotals(shift.expected)} />
                    </Table.Td>
                    <Table.Td>
                      {shift.cashier.id !== ownAbove && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setClosing(shift)}
                          data-testid="close-other-shift"
                        >
                          {t('billing.shift.closeForgotten')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal
        opened={closing !== null}
        onClose={() => setClosing(null)}
        size="lg"
        title={closing ? t('billing.shift.closeOf', { name: closing.cashier.name }) : ''}
      >
        {closing && (
          <Stack gap="sm">
            <ShiftFacts shift={closing} />
            <ShiftCountForm key={closing.id} shift={closing} onClosed={() => setClosing(null)} />
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

/** A shift's cells summed per currency, for a one-line view. */
export function cellTotals(
  cells: readonly { currency: (typeof CURRENCIES)[number]; amount: number }[],
): { currency: (typeof CURRENCIES)[number]; amount: number }[] {
  return CURRENCIES.flatMap((currency) => {
    const inIt = cells.filter((c) => c.currency === currency);
    return inIt.length === 0 ? [] : [{ currency, amount: inIt.reduce((sum, c) => sum + c.amount, 0) }];
  });
}

function ClosedShifts() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const [day, setDay] = useState(() => dayIn(format.timeZone));
  const shifts = useQuery(shiftsQuery('closed', day));
  return (
    <Card withBorder padding="md" data-testid="closed-shifts">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="h4">
            {t('billing.shift.closedShifts')}
          </Title>
          <DayInput label={t('billing.reports.day')} value={day} onChange={setDay} />
        </Group>
        {shifts.error && (
          <Alert color="red" role="alert">
            {errorMessage(translate, shifts.error)}
          </Alert>
        )}
        {shifts.data?.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="closed-shifts-empty">
            {t('billing.shift.noClosedShifts')}
          </Text>
        )}
        {shifts.data && shifts.data.length > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing.shift.cashier')}</Table.Th>
                  <Table.Th>{t('billing.shift.openedAt')}</Table.Th>
                  <Table.Th>{t('billing.shift.closedAt')}</Table.Th>
                  <Table.Th>{t('billing.shift.expected')}</Table.Th>
                  <Table.Th>{t('billing.shift.counted')}</Table.Th>
                  <Table.Th>{t('billing.shift.difference')}</Table.Th>
                  <Table.Th>{t('billing.shift.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shifts.data.map((shift) => {
                  const differences = (shift.differences ?? []).filter((d) => d.amount !== 0);
                  return (
                    <Table.Tr key={shift.id} data-testid="closed-shift-row">
                      <Table.Td>
                        {shift.cashier.name}
                        {shift.closedBy && shift.closedBy.id !== shift.cashier.id && (
                          <Text size="xs" c="dimmed">
                            {t('billing.shift.closedBy', { name: shift.closedBy.name })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{format.dateTime(shift.openedAt)}</Table.Td>
                      <Table.Td>{shift.closedAt ? format.dateTime(shift.closedAt) : '—'}</Table.Td>
                      <Table.Td>
                        <MoneyList values={cellTotals(shift.expected)} />
                      </Table.Td>
                      <Table.Td>
                        <MoneyList values={cellTotals(shift.counted ?? [])} />
                      </Table.Td>
                      <Table.Td>
                        {differences.length === 0 ? (
                          <Badge color="green" variant="light">
                            {t('billing.shift.balanced')}
                          </Badge>
                        ) : (
                          <Stack gap={0}>
                            {differences.map((d) => (
                              <Text
                                key={`${d.method}-${d.currency}`}
                                size="sm"
                                c={d.amount < 0 ? 'red' : 'orange'}
                              >
                                {t(`billing.method.${d.method}`)}:{' '}
                                <MoneyView amount={d.amount} currency={d.currency} />
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>{shift.note ?? ''}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
