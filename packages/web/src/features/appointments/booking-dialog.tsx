import { useEffect, useMemo, useState } from 'react';
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
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_STEP_MINUTES,
  slotLengthFor,
} from '@basira/shared/appointments/appointments.schemas';
import { VISIT_REASONS, type VisitReason } from '@basira/shared/queue/queue.schemas';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/toasts.ts';
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
  const [patient, setPatient] = useState<Pick<PatientSummary, 'id' | 'name'> | null>(fixedPatient);
  const [doctorId, setDoctorId] = useState<number | null>(prefill?.doctorId ?? null);
  const [reasons, setReasons] = useState<VisitReason[]>([]);
  const [day, setDay] = useState(prefill?.day ?? today);
  const [time, setTime] = useState(prefill?.time ?? '');
  const [minutes, setMinutes] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (doctorId === null && doctors.data?.length === 1) setDoctorId(doctors.data[0]!.id);
  }, [doctorId, doctors.data]);

  // The length follows the reasons (the longest reason's slot) until the receptionist sets it.
  const defaultMinutes = settings.data ? slotLengthFor(settings.data, reasons) : 15;
  const length = minutes ?? defaultMinutes;
  const free = useQuery({
    ...freeSlotsQuery(doctorId ?? 0, day < today ? today : day, length),
    enabled: doctorId !== null,
  });

  const patientMissing = patient === null;
  const doctorMissing = doctorId === null;
  const timeMissing = !/^\d{2}:\d{2}$/.test(time);

  const submit = async () => {
    setTried(true);
    if (patient === null || doctorId === null || timeMissing) return;
    const start = zonedDateTimeToIso(day, time, format.timeZone);
    if (!start) return;
    const saved = await withOverbook(t, (overbook) =>
      book.mutateAsync({
        patientId: patient.id,
        doctorId,
        start,
        minutes: length,
        examTypes: reasons,
        note: note.trim() || null,
        overbook,
      }),
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
    <Stack gap="sm">
      {fixedPatient ? (
        <Text fw={600} data-testid="booking-patient">
          {fixedPatient.name}
        </Text>
      ) : (
        <PatientPicker
          label={t('appointments.fields.patient')}
          value={null}
          onChange={(p) => setPatient(p)}
          required
          autoFocus
          error={tried && patientMissing ? t('appointments.fields.patientRequired') : undefined}
          testId="booking-patient-picker"
        />
      )}
      <Select
        label={t('appointments.fields.doctor')}
        data={doctorOptions}
        value={doctorId === null ? null : String(doctorId)}
        onChange={(v) => setDoctorId(v ? Number(v) : null)}
        required
        error={tried && doctorMissing ? t('appointments.fields.doctorRequired') : undefined}
        data-testid="booking-doctor"
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('appointments.fields.reasons')}
        </Text>
        <Chip.Group multiple value={reasons} onChange={(v) => setReasons(v as VisitReason[])}>
          <Group gap={6}>
            {VISIT_REASONS.map((reason) => (
              <Chip key={reason} value={reason} size="sm" data-testid={`booking-reason-${reason}`}>
                {t(`queue.examTypes.${reason}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow align="flex-start">
        <DateInput
          label={t('appointments.fields.day')}
          valueFormat="YYYY-MM-DD"
          dateParser={parseTypedDate}
          value={day}
          minDate={today}
          onChange={(v) => v && setDay(v)}
          data-testid="booking-day"
        />
        <ClockTimeInput
          label={t('appointments.fields.time')}
          value={time}
          onChange={setTime}
          required
          error={tried && timeMissing ? t('appointments.fields.timeRequired') : undefined}
          data-testid="booking-time"
        />
        <NumberInput
          label={t('appointments.fields.minutes')}
          value={length}
          onChange={(v) => setMinutes(typeof v === 'number' ? v : null)}
          min={SLOT_MINUTES_MIN}
          max={SLOT_MINUTES_MAX}
          step={SLOT_STEP_MINUTES}
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
                const chosen = slot.day === day && slot.time === time;
                return (
                  <Button
                    key={slot.start}
                    size="compact-sm"
                    variant={chosen ? 'filled' : 'light'}
                    onClick={() => {
                      const parts = zonedParts(new Date(slot.start), format.timeZone);
                      setDay(parts.day);
                      setTime(parts.time);
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
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
        data-testid="booking-note"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={book.isPending} data-testid="booking-submit">
          {t('appointments.dialog.submit')}
        </Button>
      </Group>
    </Stack>
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
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpened(true)} data-testid="book-appointment">
        {t('appointments.book')}
      </Button>
      <BookingDialog opened={opened} onClose={() => setOpened(false)} prefill={{ patient }} />
    </>
  );
}
