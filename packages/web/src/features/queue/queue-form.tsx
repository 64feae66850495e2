import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  Paper,
  Select,
  Grid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import {
  queueCreateSchema,
  queueEntrySchema,
  queueUpdateSchema,
  VISIT_REASONS,
  type QueueEntry,
  type QueueEntryDetail,
  type VisitReason,
} from '@basira/shared/queue/queue.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { IconPlus } from '../../components/icons.tsx';
import { AlertMark } from '../../components/patient-alerts.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import type { ErrorKeys } from '../../lib/form-validation.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { staleRecord, useSchemaForm } from '../../lib/use-schema-form.ts';
import { BookedTodayDialog } from './booked-today-dialog.tsx';
import {
  doctorsQuery,
  useCreateQueueEntry,
  useMoveQueueEntry,
  useUpdateQueueEntry,
} from './queue.queries.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';

interface Values {
  /** Add mode only: who is queued. */
  patient: PatientSummary | null;
  examTypes: VisitReason[];
  doctorId: string | null;
  /** Empty day: now (the server's default). */
  day: string | null;
  time: string;
  isVisitDate: boolean;
  note: string;
}

const emptyValues: Values = {
  patient: null,
  examTypes: [],
  doctorId: null,
  day: null,
  time: '',
  isVisitDate: false,
  note: '',
};

function valuesOf(entry: QueueEntryDetail, timeZone: string | undefined): Values {
  const { day, time } = zonedParts(new Date(entry.date), timeZone);
  return {
    patient: null,
    examTypes: entry.examTypes,
    doctorId: entry.doctor ? String(entry.doctor.id) : null,
    day,
    time,
    isVisitDate: entry.isVisitDate === 1,
    note: entry.note ?? '',
  };
}

export interface QueueFormProps {
  /** Update mode (queueUpdate): the entry as read. */
  entry: QueueEntryDetail | null;
  /** Add mode: the patient chosen elsewhere (`?patientId=`). */
  initialPatient: PatientSummary | null;
  /** Add mode, from "book a visit" (`?book=1`): a visit booked for a later day. */
  booking?: boolean;
  onAdded: (entry: QueueEntry) => void;
  onDone: () => void;
}

/** queueAdd and queueUpdate (both /queue): a patient, what they come for, the doctor, the time, a note. */
export function QueueForm({
  entry: given,
  initialPatient,
  booking = false,
  onAdded,
  onDone,
}: QueueFormProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const [entry, setEntry] = useState(given);
  const updating = entry !== null;
  const timeZone = me?.organization.timeZone;
  const [pickerKey, setPickerKey] = useState(0);
  const [stale, setStale] = useState<QueueEntry | null>(null);
  /** The patient's open visit that day, when the server refused to queue them twice. */
  const [duplicate, setDuplicate] = useState<QueueEntry | null>(null);
  /** The patient's booking today, when the server offered to arrive it instead of opening a second visit. */
  const [bookedToday, setBookedToday] = useState<QueueEntry | null>(null);
  const move = useMoveQueueEntry();
  const format = useFormatters();
  const doctors = useQuery(doctorsQuery);
  const create = useCreateQueueEntry();
  const update = useUpdateQueueEntry(entry?.id ?? 0);
  const submitRef = useRef<HTMLButtonElement>(null);
  const saving = create.isPending || update.isPending;

  /** The visit's time: undefined for now (no day), null when the day and time make no instant. */
  const dateValue = (v: Values): string | undefined | null => {
    if (!v.day) return undefined;
    return zonedDateTimeToIso(v.day, v.time || zonedParts(new Date(), timeZone).time, timeZone);
  };
  const form = useSchemaForm({
    schema: entry ? queueUpdateSchema : queueCreateSchema,
    initialValues: given
      ? valuesOf(given, timeZone)
      : { ...emptyValues, patient: initialPatient, isVisitDate: booking },
    toBody: (v: Values) => ({
      ...(entry ? { version: entry.version } : { patientId: v.patient?.id }),
      examTypes: v.examTypes,
      doctorId: v.doctorId ? Number(v.doctorId) : null,
      isVisitDate: v.isVisitDate ? 1 : 0,
      note: v.note.trim() || null,
      ...(dateValue(v) ? { date: dateValue(v) } : {}),
    }),
    required: entry ? [] : ['patientId'],
    check: (v): ErrorKeys => (dateValue(v) === null ? { day: 'date.invalid' } : {}),
    fieldOf: (path) => (path === 'date' ? 'day' : path === 'patientId' ? 'patient' : path),
  });
  const { values, set } = form;
  const patient = values.patient;

  // A patient chosen: the next Enter adds them (most visits need nothing else).
  useEffect(() => {
    if (patient && !updating) submitRef.current?.focus();
  }, [patient]);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.handled) return;
    if (isApiError(error) && error.code === 'queue.duplicate_open') {
      const open = queueEntrySchema.safeParse(error.data);
      if (open.success) return setDuplicate(open.data);
    }
    if (isApiError(error) && error.code === 'queue.booked_today') {
      const booking = queueEntrySchema.safeParse(error.data);
      if (booking.success) return setBookedToday(booking.data);
    }
    setStale(staleRecord(error, queueEntrySchema) ?? stale);
    form.showServerErrors(error);
    toastError(updating ? t('queue.updateFailed') : t('queue.addFailed'), errorMessage(translate, error));
  };

  const submit = (event?: FormEvent, confirmDuplicate = false) => {
    event?.preventDefault();
    if (saving) return;
    setDuplicate(null);
    setBookedToday(null);
    const body = form.submitValues();
    if (!body) return;
    if ('version' in body) {
      update.mutate(body, {
        onSuccess: (saved) => {
          toastSuccess(t('queue.updated', { name: saved.patient.name }));
          onDone();
        },
        onError: fail,
      });
      return;
    }
    create.mutate(
      { ...body, ...(confirmDuplicate ? { confirmDuplicate: true } : {}) },
      {
        onSuccess: added,
        onError: fail,
      },
    );
  };

  /** A visit added (or a booking arrived): the form is cleared for the next patient. */
  const added = (saved: QueueEntry) => {
    toastSuccess(
      saved.ticketNumber === null
        ? t('queue.addedBooked', { name: saved.patient.name, date: format.dateTime(saved.date) })
        : t('queue.added', { name: saved.patient.name, number: saved.ticketNumber }),
    );
    form.load(emptyValues);
    setPickerKey((k) => k + 1);
    onAdded(saved);
  };

  const arrive = (booking: QueueEntry) =>
    move.mutate(
      { id: booking.id, action: 'arrive' },
      {
        onSuccess: (arrived) => {
          setBookedToday(null);
          added(arrived);
        },
        onError: (error) => {
          setBookedToday(null);
          if (isApiError(error) && error.handled) return;
          toastError(t('queue.bookedToday.arriveFailed'), errorMessage(translate, error));
        },
      },
    );

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="queue-form-title">
      <form onSubmit={submit} onKeyDown={onKeyDown} noValidate data-testid="queue-form">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h4" id="queue-form-title">
              {updating ? t('queue.updateTitle') : t('queue.addTitle')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('queue.formHint')}
            </Text>
          </Group>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              {updating ? (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {t('queue.patient')}
                  </Text>
                  <Text fw={600} data-testid="queue-form-patient">
                    {entry.patient.name}{' '}
                    <Text span size="sm" c="dimmed">
                      {t('patients.fileNumberShort', { number: entry.patient.fileNumber })} ·{' '}
                      {t('queue.ticketShort', { number: entry.ticketNumber ?? '—' })}
                    </Text>
                  </Text>
                </Stack>
              ) : (
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <div style={{ flex: 1 }}>
                    <PatientPicker
                      key={pickerKey}
                      label={t('queue.patient')}
                      value={patient}
                      onChange={(next) => {
                        set('patient', next);
                        setDuplicate(null);
                      }}
                      autoFocus
                      required
                      error={form.error('patient')}
                      notFound={(text) =>
                        can(me?.permissions, 'add patient') && (
                          <Button
                            component={Link}
                            to={`${pathTo('patientIndex')}?new=1&from=queue&name=${encodeURIComponent(text)}`}
                            size="compact-xs"
                            variant="light"
                            ms="xs"
                            onMouseDown={(event) => event.preventDefault()}
                          >
                            {t('queue.registerNew', { name: text })}
                          </Button>
                        )
                      }
                      testId="queue-patient"
                    />
                  </div>
                  {patient?.hasAlerts && (
                    <div style={{ paddingBlockStart: 32 }}>
                      <AlertMark />
                    </div>
                  )}
                </Group>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('queue.doctor')}
                placeholder={t('queue.anyDoctor')}
                clearable
                data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                value={values.doctorId}
                onChange={(value) => set('doctorId', value)}
                error={form.error('doctorId')}
                data-testid="queue-doctor"
              />
            </Grid.Col>
          </Grid>
          <Group gap="xs" wrap="wrap" align="center">
            <Text size="sm" fw={500} id="queue-exam-types">
              {t('queue.examTypesLabel')}
            </Text>
            <Chip.Group
              multiple
              value={values.examTypes}
              onChange={(v) => set('examTypes', v as VisitReason[])}
            >
              <Group gap={6} role="group" aria-labelledby="queue-exam-types">
                {VISIT_REASONS.map((type) => (
                  <Chip key={type} value={type} size="sm" data-testid={`exam-type-${type}`}>
                    {t(`queue.examTypes.${type}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateInput
              label={t('queue.date')}
              placeholder={t('queue.now')}
              clearable
              value={values.day}
              onChange={(value) => set('day', value)}
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              error={form.error('day')}
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              popoverProps={{ withinPortal: true }}
              w={160}
              data-testid="queue-date"
            />
            <ClockTimeInput
              label={t('queue.time')}
              value={values.time}
              onChange={(value) => {
                set('time', value);
                form.form.clearFieldError('day');
              }}
              disabled={!values.day}
              w={130}
              data-testid="queue-time"
            />
            <TextInput
              label={t('queue.note')}
              maxLength={2000}
              value={values.note}
              onChange={(event) => set('note', event.currentTarget.value)}
              error={form.error('note')}
              style={{ flex: '1 1 14rem' }}
              data-testid="queue-note"
            />
            <Checkbox
              label={t('queue.isVisitDate')}
              checked={values.isVisitDate}
              onChange={(event) => set('isVisitDate', event.currentTarget.checked)}
              mb={8}
            />
            {/* On the fields' line: the form stays short, so the list starts on the first screen (1366×768). */}
            <Group gap="sm" ms="auto" wrap="nowrap">
              {updating && (
                <Button variant="default" onClick={onDone}>
                  {t('common.cancel')}
                </Button>
              )}
              <Button
                ref={submitRef}
                type="submit"
                loading={saving}
                leftSection={updating ? undefined : <IconPlus />}
                data-testid="queue-submit"
              >
                {updating
                  ? t('common.update')
                  : values.day && values.day > dayIn(timeZone)
                    ? t('queue.bookSubmit')
                    : t('queue.addSubmit')}
              </Button>
            </Group>
          </Group>
          {duplicate && (
            <Alert
              color="orange"
              role="alert"
              title={t('queue.duplicateTitle')}
              data-testid="queue-duplicate"
            >
              <Text size="sm">
                {t('queue.duplicateText', {
                  number: duplicate.ticketNumber ?? '—',
                  status: t(`queue.status.${duplicate.status.name}`),
                })}
              </Text>
              <Group mt="xs" gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={`${pathTo('queueAdd')}?id=${duplicate.id}`}
                  data-testid="queue-duplicate-open"
                >
                  {t('queue.duplicateOpen')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => submit(undefined, true)}
                  data-testid="queue-duplicate-add"
                >
                  {t('queue.duplicateAdd')}
                </Button>
              </Group>
            </Alert>
          )}
          {stale && (
            <Alert color="orange" role="alert" title={t('queue.staleTitle')}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">{t('queue.staleText')}</Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setEntry((current) => (current ? { ...current, version: stale.version } : current));
                    setStale(null);
                  }}
                >
                  {t('patients.staleKeepMine')}
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      </form>
      <BookedTodayDialog
        booking={bookedToday}
        pending={move.isPending}
        onArrive={arrive}
        onSecondVisit={() => submit(undefined, true)}
        onClose={() => setBookedToday(null)}
      />
    </Paper>
  );
}

/** The line after a visit is added: its ticket, or for a booking (no ticket yet) its day and time. */
export function AddedText({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return entry.ticketNumber === null
    ? t('queue.addedBooked', { name: entry.patient.name, date: format.dateTime(entry.date) })
    : t('queue.added', { name: entry.patient.name, number: entry.ticketNumber });
}
