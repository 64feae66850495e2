import type { FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from '../../i18n/use-translation.ts';
import { queueRewaitSchema, type QueueEntry, type QueueRewait } from '@basira/shared/queue/queue.schemas';
import { addToDay } from '@basira/shared/dates/calendar';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { useFormatters } from '../../lib/format.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { sexOf } from '../../lib/grammar.ts';

/** Quick recalls: a click instead of a calendar for the usual follow-up intervals. */
const QUICK: { amount: number; unit: 'day' | 'week' | 'month'; key: string }[] = [
  { amount: 1, unit: 'week', key: 'queue.rewait.in1Week' },
  { amount: 2, unit: 'week', key: 'queue.rewait.in2Weeks' },
  { amount: 1, unit: 'month', key: 'queue.rewait.in1Month' },
  { amount: 3, unit: 'month', key: 'queue.rewait.in3Months' },
  { amount: 6, unit: 'month', key: 'queue.rewait.in6Months' },
];

export interface RewaitModalProps {
  entry: QueueEntry | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (body: QueueRewait) => void;
}

/**
 * Re-waiting (recall) of a visit: a date and time (later: the bell lists it under Bigger Date until it is
 * due; now or earlier: it is due at once) and a note.
 */
export function RewaitModal({ entry, pending, onClose, onSubmit }: RewaitModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={t('queue.rewait.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="rewait-modal"
    >
      {entry && (
        <RewaitForm key={entry.id} entry={entry} pending={pending} onClose={onClose} onSubmit={onSubmit} />
      )}
    </Modal>
  );
}

function RewaitForm({
  entry,
  pending,
  onClose,
  onSubmit,
}: Omit<RewaitModalProps, 'entry'> & { entry: QueueEntry }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // Days and times on the clinic's clock (the organization's time zone).
  const timeZone = useMe()?.organization.timeZone;
  const now = zonedParts(new Date(), timeZone);
  const form = useSchemaForm({
    schema: queueRewaitSchema,
    initialValues: {
      day: addToDay(now.day, 1, 'week') as string | null,
      time: now.time,
      note: entry.note ?? '',
    },
    // The day and time as picked, one instant on the clinic's clock.
    toBody: (values: { day: string | null; time: string; note: string }) => ({
      date: values.day ? zonedDateTimeToIso(values.day, values.time, timeZone) : null,
      note: values.note,
    }),
    required: ['date'],
    // The date field shows the instant's errors.
    fieldOf: (path) => (path === 'date' ? 'day' : path),
  });
  const { day } = form.values;
  const iso = day ? zonedDateTimeToIso(day, form.values.time, timeZone) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (body) onSubmit(body);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="rewait-form">
      <Stack gap="sm">
        <Text size="sm">
          {t('queue.rewait.text', { name: entry.patient.name, context: sexOf(entry.patient) })}
        </Text>
        <Group gap={6} role="group" aria-label={t('queue.rewait.quick')}>
          {QUICK.map((q, index) => (
            <Button
              key={q.key}
              // Focus lands on the quick choices, not on the date field: focusing it would open its calendar.
              data-autofocus={index === 0 || undefined}
              size="compact-sm"
              variant={day === addToDay(now.day, q.amount, q.unit) ? 'filled' : 'light'}
              onClick={() => form.set('day', addToDay(now.day, q.amount, q.unit))}
            >
              {t(q.key)}
            </Button>
          ))}
        </Group>
        <SimpleGrid cols={2}>
          <DateInput
            label={t('queue.rewait.date')}
            withAsterisk
            value={day}
            onChange={(value) => form.set('day', value)}
            valueFormat="YYYY-MM-DD"
            dateParser={parseTypedDate}
            placeholder={t('patients.datePlaceholder')}
            error={form.error('day')}
            popoverProps={{ withinPortal: true }}
            data-testid="rewait-date"
          />
          <ClockTimeInput
            label={t('queue.rewait.time')}
            value={form.values.time}
            onChange={(value) => form.set('time', value)}
            data-testid="rewait-time"
          />
        </SimpleGrid>
        {iso && (
          <Text size="sm" c={Date.parse(iso) > Date.now() ? 'dimmed' : 'orange.9'} aria-live="polite">
            {Date.parse(iso) > Date.now()
              ? t('queue.rewait.future', { date: format.dateTime(iso) })
              : t('queue.rewait.due', { date: format.dateTime(iso) })}
          </Text>
        )}
        <Textarea
          label={t('queue.note')}
          autosize
          minRows={2}
          maxLength={2000}
          {...form.inputProps('note')}
          data-testid="rewait-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="rewait-submit">
            {t('queue.rewait.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
