import { type FormEvent } from 'react';
import { Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { shiftCloseSchema, type Shift } from '@basira/shared/money/billing.schemas';
import { MoneyInput, parseMoneyText } from '../../components/money-input.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useCloseShift } from './billing.queries.ts';
import { MoneyView } from '../../components/money-view.tsx';
import { COUNT_CELLS, countLines, hasDifference, shownLines } from './shift-count.ts';

type CountValues = Record<string, string>;

const blankCount = (): CountValues => ({
  note: '',
  ...Object.fromEntries(COUNT_CELLS.map((c) => [c.key, ''])),
});

/**
 * Closing a shift by counting the drawer: each method and currency counted, the difference from what is expected
 * shown as it is typed, and a note required when anything differs (the server asks the same: 422 note.required).
 */
export function ShiftCountForm({ shift, onClosed }: { shift: Shift; onClosed?: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const close = useCloseShift(shift.id);
  const form = useSchemaForm({
    schema: shiftCloseSchema,
    initialValues: blankCount(),
    toBody: (v: CountValues) => ({
      version: shift.version,
      counted: COUNT_CELLS.map(({ method, currency, key }) => {
        const text = v[key] ?? '';
        return {
          method,
          currency,
          amount: text.trim() === '' ? 0 : (parseMoneyText(text, currency) ?? undefined),
        };
      }),
      note: (v.note ?? '').trim() === '' ? null : v.note,
    }),
    check: (v) => {
      const errors: Record<string, string> = {};
      const lines = countLines(shift.expected, v);
      for (const line of lines) if (line.counted === null) errors[line.key] = 'amount.invalid';
      if (hasDifference(lines) && (v.note ?? '').trim() === '') errors.note = 'note.required';
      return errors;
    },
    fieldOf: (path) => {
      const match = /^counted\.(\d+)\./.exec(path);
      return match ? (COUNT_CELLS[Number(match[1])]?.key ?? path) : path;
    },
  });
  const lines = countLines(shift.expected, form.values);
  const differs = hasDifference(lines);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    close.mutate(body, {
      onSuccess: () => {
        toastSuccess(t('billing.shift.closed'));
        onClosed?.();
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        form.showServerErrors(error);
        toastError(t('billing.shift.closeFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="shift-count">
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.shift.cell')}</Table.Th>
                <Table.Th>{t('billing.shift.expected')}</Table.Th>
                <Table.Th w={200}>{t('billing.shift.counted')}</Table.Th>
                <Table.Th>{t('billing.shift.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shownLines(lines).map((line) => {
                const cell = t('billing.shift.cellName', {
                  method: t(`billing.method.${line.method}`),
                  currency: t(`billing.currency.${line.currency}`),
                });
                return (
                  <Table.Tr key={line.key} data-testid={`count-${line.key}`}>
                    <Table.Td>{cell}</Table.Td>
                    <Table.Td>
                      <MoneyView amount={line.expected} currency={line.currency} />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        currency={line.currency}
                        aria-label={t('billing.shift.countedOf', { cell })}
                        placeholder="0"
                        value={form.values[line.key] ?? ''}
                        onChange={(text) => form.set(line.key, text)}
                        error={form.error(line.key)}
                        data-testid={`counted-${line.key}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        fw={line.difference ? 700 : undefined}
                        c={line.difference ? (line.difference < 0 ? 'red' : 'orange') : 'green'}
                        aria-live="polite"
                        data-testid={`difference-${line.key}`}
                      >
                        {line.difference === null ? (
                          '—'
                        ) : (
                          <MoneyView amount={line.difference} currency={line.currency} />
                        )}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Textarea
          label={t('billing.shift.note')}
          description={differs ? t('billing.shift.noteNeeded') : undefined}
          withAsterisk={differs}
          autosize
          minRows={2}
          {...form.inputProps('note')}
          data-testid="count-note"
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={close.isPending} data-testid="shift-close">
            {t('billing.shift.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
