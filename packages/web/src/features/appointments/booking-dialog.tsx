import { useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Button,
  Chip,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import dayjs from 'dayjs';
import {
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_STEP_MINUTES,
  bookingCreateSchema,
  slotLengthFor,
} from '@basira/shared/appointments/appointments.schemas';
import { VISIT_REASONS, type VisitReason } from '@basira/shared/queue/queue.schemas';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { doctorsQuery, freeSlotsQuery, settingsQuery, useBook } from './appointments.queries.ts';
import { withOverbook } from './overbook.ts';

export interface BookingPrefill {
  /** A patient picked already (from the file or the search): the picker is then fixed. */
  patient?: Pick<PatientSummary, 'id' | 'name'> | null;
  doctorId?: number | null;
  /** `YYYY-MM-DD` and `HH:mm` on the clinic's clock. */
  day?: string;
  time?: string;
}

export interface BookingDialogProps {
  opened: boolean;
  onClose: () => void;
  prefill?: BookingPrefill;
  onBooked?: (id: number) => void;
}

/** Book a patient with a doctor at a time: from a free slot, a patient's file or the patient search. */
export function BookingDialog({ opened, onClose, prefill, onBooked }: BookingDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('appointments.dialog.title')}
      size="lg"
      data-testid="booking-dialog"
    >
      {opened && <BookingForm prefill={prefill} onDone={onClose} onBooked={onBooked} />}
    </Modal>
  );
}

/** What the booking form holds: the patient and doctor picked, the day and time as typed, the reasons. */
export interface BookingValues {
  patientId: number | null;
  doctorId: string | null;
  examTypes: VisitReason[];
  day: string;
  time: string;
  /** null: the length follows the reasons (the longest reason's slot) until the receptionist sets it. */
  minutes: number | null;
  note: string;
}

/** The request body (`POST /api/appointments`) of the values, on the clinic's clock; `overbook` is asked later. */
export function bookingBody(values: BookingValues, defaultMinutes: number, timeZone?: string) {
  return {
    patientId: values.patientId ?? undefined,
    doctorId: values.doctorId ? Number(values.doctorId) : undefined,
    start:
      (/^\d{2}:\d{2}$/.test(values.time) && zonedDateTimeToIso(values.day, values.time, timeZone)) ||
      undefined,
    minutes: values.minutes ?? defaultMinutes,
    examTypes: values.examTypes,
    note: values.note,
    overbook: false,
  };
}

/** A body error's field on the form: the start is typed as a day and a time, its refusals are the time's. */
export const bookingFieldOf = (path: string) => (path === 'start' ? 'time' : path);

function BookingForm({
  prefill,
  onDone,
  onBooked,
}: {
  prefill?: BookingPrefill;
  onDone: () => void;
  onBooked?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const doctors = useQuery(doctorsQuery);
  const settings = useQuery(settingsQuery);
  const book = useBook();
  const today = dayIn(format.timeZone);
  const fixedPatient = prefill?.patient ?? null;
  const defaultMinutes = (reasons: VisitReason[]) =>
    settings.data ? slotLengthFor(settings.data, reasons) : 15;
  const form = useSchemaForm({
    schema: bookingCreateSchema,
    initialValues: {
      patientId: fixedPatient?.id ?? null,
      doctorId: prefill?.doctorId ? String(prefill.doctorId) : null,
      examTypes: [],
      day: prefill?.day ?? today,
      time: prefill?.time ?? '',
      minutes: null,
      note: '',
    } satisfies BookingValues as BookingValues,
    toBody: (v: BookingValues) => bookingBody(v, defaultMinutes(v.examTypes), format.timeZone),
    required: ['patientId', 'doctorId', 'start'],
    fieldOf: bookingFieldOf,
  });
  const { values } = form;

  useEffect(() => {
    if (values.doctorId !== null || doctors.data?.length !== 1) return;
    // The only doctor is chosen for the receptionist: a choice made for them is no unsaved input.
    const only = String(doctors.data[0]!.id);
    if (form.dirty) form.set('doctorId', only);
    else form.load({ ...values, doctorId: only });
  }, [values.doctorId, doctors.data]);

  const length = values.minutes ?? defaultMinutes(values.examTypes);
  const doctorId = values.doctorId === null ? null : Number(values.doctorId);
  const free = useQuery({
    ...freeSlotsQuery(doctorId ?? 0, values.day < today ? today : values.day, length),
    enabled: doctorId !== null,
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (book.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    const saved = await withOverbook(
      t,
      (overbook) => book.mutateAsync({ ...body, overbook }),
      (error) => form.showServerErrors(error),
    );
    if (saved) {
      toastSuccess(
        t('appointments.dialog.booked', {
          name: saved.patient.name,
          when: format.dateTime(saved.start),
        }),
      );
      onBooked?.(saved.id);
      onDone();
    }
  };

  const doctorOptions = useMemo(
    () => (doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
    [doctors.data],
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {fixedPatient ? (
          <Text fw={600} data-testid="booking-patient">
            {fixedPatient.name}
          </Text>
        ) : (
          <PatientPicker
            label={t('appointments.fields.patient')}
            value={null}
            onChange={(p) => form.set('patientId', p?.id ?? null)}
            required
            autoFocus
            error={form.error('patientId')}
            testId="booking-patient-picker"
          />
        )}
        <Select
          label={t('appointments.fields.doctor')}
          data={doctorOptions}
          {...form.inputProps('doctorId')}
          required
          data-testid="booking-doctor"
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('appointments.fields.reasons')}
          </Text>
          <Chip.Group
            multiple
            value={values.examTypes}
            onChange={(v) => form.set('examTypes', v as VisitReason[])}
          >
            <Group gap={6}>
              {VISIT_REASONS.map((reason) => (
                <Chip key={reason} value={reason} size="sm" data-testid={`booking-reason-${reason}`}>
                  {t(`queue.examTypes.${reason}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.examTypes && (
            <Text c="red" size="sm" role="alert">
              {form.error('examTypes')}
            </Text>
          )}
        </div>
        <Group grow align="flex-start">
          <DateInput
            label={t('appointments.fields.day')}
            valueFormat="YYYY-MM-DD"
            dateParser={parseTypedDate}
            value={values.day}
            minDate={today}
            onChange={(v) => v && form.set('day', v)}
            error={form.error('day')}
            data-testid="booking-day"
          />
          <ClockTimeInput
            label={t('appointments.fields.time')}
            {...form.inputProps('time')}
            required
            data-testid="booking-time"
          />
          <NumberInput
            label={t('appointments.fields.minutes')}
            value={length}
            onChange={(v) => form.set('minutes', typeof v === 'number' ? v : null)}
            min={SLOT_MINUTES_MIN}
            max={SLOT_MINUTES_MAX}
            step={SLOT_STEP_MINUTES}
            error={form.error('minutes')}
            data-testid="booking-minutes"
          />
        </Group>
        {doctorId !== null && (
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('appointments.dialog.nextFree')}
            </Text>
            {free.isPending ? (
              <Loader size="sm" />
            ) : (free.data?.slots ?? []).length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('appointments.dialog.noFree')}
              </Text>
            ) : (
              <Group gap={6} data-testid="booking-free-slots">
                {(free.data?.slots ?? []).map((slot) => {
                  const chosen = slot.day === values.day && slot.time === values.time;
                  return (
                    <Button
                      key={slot.start}
                      size="compact-sm"
                      variant={chosen ? 'filled' : 'light'}
                      onClick={() => {
                        const parts = zonedParts(new Date(slot.start), format.timeZone);
                        form.form.setValues({ day: parts.day, time: parts.time });
                        form.form.clearFieldError('time');
                      }}
                      data-testid="booking-free-slot"
                    >
                      <span dir="ltr">
                        {slot.day === today ? slot.time : `${dayjs(slot.day).format('DD/MM')} ${slot.time}`}
                      </span>
                    </Button>
                  );
                })}
              </Group>
            )}
          </div>
        )}
        <Textarea
          label={t('appointments.fields.note')}
          {...form.inputProps('note')}
          autosize
          minRows={2}
          maxLength={2000}
          data-testid="booking-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={book.isPending} data-testid="booking-submit">
            {t('appointments.dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Book": opens the booking dialog for a patient (the patient's file, a row of the patient search). */
export function BookAppointmentButton({
  patient,
  size = 'sm',
  variant = 'light',
}: {
  patient: Pick<PatientSummary, 'id' | 'name'>;
  size?: 'xs' | 'sm' | 'compact-sm';
  variant?: 'light' | 'subtle' | 'default' | 'filled';
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // The dialog mounts on the first click: a list shows this button on every row, and a closed modal still mounts a
  // portal and renders again after it mounts (25 of them on /patients' first frame, bench/README.md, web-vitals).
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => {
          setUsed(true);
          setOpened(true);
        }}
        data-testid="book-appointment"
      >
        {t('appointments.book')}
      </Button>
      {used && <BookingDialog opened={opened} onClose={() => setOpened(false)} prefill={{ patient }} />}
    </>
  );
}
