import { useEffect, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_STEP_MINUTES,
  appointmentSettingsUpdateSchema,
  closureCreateSchema,
  doctorHoursUpdateSchema,
  type AppointmentSettings,
  type Booking,
  type DoctorHours,
  type Session,
  type WeekHours,
} from '@basira/shared/appointments/appointments.schemas';
import { VISIT_REASONS, type VisitReason } from '@basira/shared/queue/queue.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { ARABIC_CALENDAR_LOCALE } from '../../lib/calendar-settings.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { isApiError } from '../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import {
  closuresQuery,
  holidaysQuery,
  hoursQuery,
  settingsQuery,
  useAddClosure,
  useRemoveClosure,
  useSaveHours,
  useSaveSettings,
} from './appointments.queries.ts';
import { DayInput } from '../../components/day-input.tsx';

/** A weekday's name (0 = Sunday) in the interface's language, as the date pickers write it. */
function useWeekdayName() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : ARABIC_CALENDAR_LOCALE;
  return (d: number) => dayjs().locale(locale).day(d).format('dddd');
}

/** Saturday first, as the clinic's week. */
const WEEK_ORDER = [6, 0, 1, 2, 3, 4, 5] as const;

/** The book's settings: each doctor's hours, closed weekdays, closures and holidays, slot lengths, reminders. */
export function AppointmentSettingsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('appointments.settings.title')}>
      <Stack gap="lg">
        <HoursEditor />
        <ClosuresEditor />
        <GeneralSettings />
      </Stack>
    </PageFrame>
  );
}

function HoursEditor() {
  const { t } = useTranslation();
  const hours = useQuery(hoursQuery);
  const [doctorId, setDoctorId] = useState<number | null>(null);
  const current = hours.data?.find((h) => h.doctor.id === doctorId) ?? hours.data?.[0];
  if (!hours.data) return null;

  return (
    <Paper withBorder p="md" data-testid="hours-editor">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('appointments.settings.hours')}</Title>
        <Select
          aria-label={t('appointments.fields.doctor')}
          data={hours.data.map((h) => ({ value: String(h.doctor.id), label: h.doctor.name }))}
          value={current ? String(current.doctor.id) : null}
          onChange={(v) => setDoctorId(v ? Number(v) : null)}
          data-testid="hours-doctor"
        />
      </Group>
      {current && <HoursForm key={current.doctor.id} current={current} />}
    </Paper>
  );
}

/** What the hours form holds: the doctor's week as edited. */
export interface HoursValues {
  week: WeekHours;
}

/** One doctor's week (`PUT /api/appointments/hours/{doctorId}`); the bookings now outside it listed after saving. */
function HoursForm({ current }: { current: DoctorHours }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const save = useSaveHours();
  const weekdayName = useWeekdayName();
  const [outside, setOutside] = useState<Booking[] | null>(null);
  const form = useSchemaForm({
    schema: doctorHoursUpdateSchema,
    initialValues: { week: structuredClone(current.week) } satisfies HoursValues as HoursValues,
    toBody: (v: HoursValues) => ({ week: v.week, version: current.version }),
  });
  // The saved week (after a save, or someone else's) is the form's new start.
  useEffect(() => form.load({ week: structuredClone(current.week) }), [current]);
  const week = form.values.week;
  const setDay = (d: number, sessions: Session[]) => form.form.setFieldValue(`week.${d}`, sessions as never);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    try {
      const saved = await save.mutateAsync({ doctorId: current.doctor.id, ...body });
      toastSuccess(t('appointments.settings.hoursSaved'));
      setOutside(saved.outside);
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      form.showServerErrors(error);
      toastError(t('appointments.failed'), errorMessage(translate, error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        {WEEK_ORDER.map((d) => {
          const sessions = week[d] ?? [];
          const dayError = form.error(`week.${d}`);
          return (
            <Stack key={d} gap={2}>
              <Group gap="xs" align="flex-start" data-testid={`hours-day-${d}`}>
                <Text w={90} fw={500} mt={6}>
                  {weekdayName(d)}
                </Text>
                {sessions.length === 0 && (
                  <Text size="sm" c="dimmed" mt={6}>
                    {t('appointments.settings.dayOff')}
                  </Text>
                )}
                {sessions.map((s, i) => (
                  <Group key={i} gap={4} wrap="nowrap" align="flex-start">
                    <ClockTimeInput
                      aria-label={t('appointments.settings.start')}
                      {...form.inputProps(`week.${d}.${i}.start`)}
                      w={110}
                    />
                    <Text mt={6}>–</Text>
                    <ClockTimeInput
                      aria-label={t('appointments.settings.end')}
                      {...form.inputProps(`week.${d}.${i}.end`)}
                      w={110}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      aria-label={t('appointments.settings.removeSession')}
                      onClick={() =>
                        setDay(
                          d,
                          sessions.filter((_, j) => j !== i),
                        )
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  mt={4}
                  onClick={() =>
                    setDay(d, [
                      ...sessions,
                      sessions.length === 0
                        ? { start: '09:00', end: '13:00' }
                        : { start: sessions[sessions.length - 1]!.end, end: '18:00' },
                    ])
                  }
                  data-testid={`hours-add-${d}`}
                >
                  {sessions.length === 0
                    ? t('appointments.settings.addSession')
                    : t('appointments.settings.addBreak')}
                </Button>
              </Group>
              {dayError && (
                <Text c="red" size="sm" role="alert" ms={98} data-testid={`hours-day-error-${d}`}>
                  {dayError}
                </Text>
              )}
            </Stack>
          );
        })}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="hours-save">
            {t('common.save')}
          </Button>
        </Group>
        {outside && outside.length > 0 && (
          <Paper withBorder p="sm" bg="var(--mantine-color-orange-light)" data-testid="hours-outside">
            <Text fw={600}>{t('appointments.settings.outside', { count: outside.length })}</Text>
            {outside.map((b) => (
              <Text size="sm" key={b.id}>
                <Link to={`${pathTo('appointmentsBook')}?view=day&day=${b.start.slice(0, 10)}`}>
                  {b.patient.name}
                </Link>{' '}
                <OutsideWhen iso={b.start} />
              </Text>
            ))}
          </Paper>
        )}
      </Stack>
    </form>
  );
}

function OutsideWhen({ iso }: { iso: string }) {
  const format = useFormatters();
  return <span>{format.dateTime(iso)}</span>;
}

function ClosuresEditor() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [year, setYear] = useState(Number(dayIn(format.timeZone).slice(0, 4)));
  const closures = useQuery(closuresQuery(year));
  const holidays = useQuery(holidaysQuery(year));
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const taken = new Set((closures.data ?? []).map((c) => c.day));

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      toastError(t('appointments.failed'), errorMessage(t, error));
    }
  };

  return (
    <Paper withBorder p="md" data-testid="closures-editor">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('appointments.settings.closures')}</Title>
        <NumberInput
          aria-label={t('appointments.settings.year')}
          value={year}
          onChange={(v) => typeof v === 'number' && v >= 2000 && v <= 2100 && setYear(v)}
          w={110}
          data-testid="closures-year"
        />
      </Group>
      <Table data-testid="closures-list">
        <Table.Tbody>
          {(closures.data ?? []).map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{format.date(c.day)}</Table.Td>
              <Table.Td>{c.name}</Table.Td>
              <Table.Td>
                <Badge variant="light">{t(`appointments.settings.kind.${c.kind}`)}</Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => void run(() => remove.mutateAsync(c.id))}
                >
                  {t('common.delete')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ClosureForm />
      <Text fw={600} mt="md">
        {t('appointments.settings.holidays')}
      </Text>
      <Stack gap={4} data-testid="holidays-list">
        {(holidays.data ?? []).map((h) => (
          <Checkbox
            key={h.day + h.key}
            checked={taken.has(h.day)}
            disabled={taken.has(h.day) || add.isPending}
            onChange={() =>
              void run(() =>
                add.mutateAsync({
                  day: h.day,
                  name: t(`appointments.holidays.${h.key}`, { defaultValue: h.key }),
                  kind: 'holiday',
                }),
              )
            }
            label={
              <Group gap={6}>
                <span>{format.date(h.day)}</span>
                <span>{t(`appointments.holidays.${h.key}`, { defaultValue: h.key })}</span>
                {h.approximate && (
                  <Badge size="xs" color="yellow" variant="light">
                    {t('appointments.settings.approximate')}
                  </Badge>
                )}
              </Group>
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}

/** What the closure form holds: a day of the clinic's own to close, and its name. */
export interface ClosureValues {
  day: string;
  name: string;
}

/** A closure of the clinic's own (`POST /api/appointments/closures`); the holidays are ticked in the list below. */
function ClosureForm() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const add = useAddClosure();
  const form = useSchemaForm({
    schema: closureCreateSchema,
    initialValues: { day: dayIn(format.timeZone), name: '' } satisfies ClosureValues as ClosureValues,
    toBody: (v: ClosureValues) => ({ day: v.day, name: v.name, kind: 'closure' }),
    required: ['day', 'name'],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    try {
      await add.mutateAsync(body);
      form.load({ day: form.values.day, name: '' });
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      form.showServerErrors(error);
      toastError(t('appointments.failed'), errorMessage(translate, error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-start" mt="sm">
        <DayInput
          label={t('appointments.fields.day')}
          value={form.values.day}
          onChange={(day) => form.set('day', day)}
          error={form.error('day')}
          testId="closure-day"
        />
        <TextInput
          label={t('appointments.settings.closureName')}
          {...form.inputProps('name')}
          maxLength={120}
          data-testid="closure-name"
        />
        <Button type="submit" mt={25} loading={add.isPending} data-testid="closure-add">
          {t('common.add')}
        </Button>
      </Group>
    </form>
  );
}

function GeneralSettings() {
  const settings = useQuery(settingsQuery);
  if (!settings.data) return null;
  return <GeneralSettingsForm settings={settings.data} />;
}

/** What the settings form holds: the settings as typed (a length cleared is blank until typed again). */
export interface GeneralValues {
  closedWeekdays: string[];
  slotMinutes: Record<VisitReason, number | string>;
  defaultSlotMinutes: number | string;
  noShowAfterMinutes: number | string;
  remindersEnabled: boolean;
  reminderTextAr: string;
  reminderTextEn: string;
}

export function generalValues(settings: AppointmentSettings): GeneralValues {
  return {
    closedWeekdays: settings.closedWeekdays.map(String),
    slotMinutes: { ...settings.slotMinutes },
    defaultSlotMinutes: settings.defaultSlotMinutes,
    noShowAfterMinutes: settings.noShowAfterMinutes,
    remindersEnabled: settings.remindersEnabled,
    reminderTextAr: settings.reminderTextAr,
    reminderTextEn: settings.reminderTextEn,
  };
}

const numberOrBlank = (value: number | string) => (typeof value === 'number' ? value : undefined);

/** The request body (`PUT /api/appointments/settings`) of the values, with the version they were read at. */
export function generalBody(values: GeneralValues, version: number) {
  return {
    closedWeekdays: values.closedWeekdays.map(Number).sort((a, b) => a - b),
    slotMinutes: Object.fromEntries(
      VISIT_REASONS.map((r) => [r, numberOrBlank(values.slotMinutes[r])]),
    ) as Record<VisitReason, number | undefined>,
    defaultSlotMinutes: numberOrBlank(values.defaultSlotMinutes),
    noShowAfterMinutes: numberOrBlank(values.noShowAfterMinutes),
    remindersEnabled: values.remindersEnabled,
    reminderTextAr: values.reminderTextAr,
    reminderTextEn: values.reminderTextEn,
    version,
  };
}

function GeneralSettingsForm({ settings }: { settings: AppointmentSettings }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const weekdayName = useWeekdayName();
  const save = useSaveSettings();
  const form = useSchemaForm({
    schema: appointmentSettingsUpdateSchema,
    initialValues: generalValues(settings),
    toBody: (v: GeneralValues) => generalBody(v, settings.version),
    required: ['defaultSlotMinutes', 'noShowAfterMinutes', 'reminderTextAr', 'reminderTextEn'],
    // The reasons' lengths are `slotMinutes.Lasik`, as the form holds them.
  });
  // The saved settings (after a save, or someone else's read after a refusal) are the form's new start.
  useEffect(() => form.load(generalValues(settings)), [settings]);
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    try {
      await save.mutateAsync(body);
      toastSuccess(t('appointments.settings.saved'));
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      form.showServerErrors(error);
      toastError(t('appointments.failed'), errorMessage(translate, error));
    }
  };

  return (
    <Paper withBorder p="md" data-testid="appointment-settings">
      <Title order={4} mb="sm">
        {t('appointments.settings.general')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('appointments.settings.closedWeekdays')}
            </Text>
            <Chip.Group
              multiple
              value={values.closedWeekdays}
              onChange={(v) => form.set('closedWeekdays', v)}
            >
              <Group gap={6}>
                {WEEK_ORDER.map((d) => (
                  <Chip key={d} value={String(d)} size="sm" data-testid={`closed-weekday-${d}`}>
                    {weekdayName(d)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <Group gap="sm" align="flex-start">
            {VISIT_REASONS.map((r) => (
              <NumberInput
                key={r}
                label={t(`queue.examTypes.${r}`)}
                {...form.inputProps(`slotMinutes.${r}`)}
                min={SLOT_MINUTES_MIN}
                max={SLOT_MINUTES_MAX}
                step={SLOT_STEP_MINUTES}
                w={120}
                data-testid={`slot-minutes-${r}`}
              />
            ))}
            <NumberInput
              label={t('appointments.settings.defaultSlot')}
              {...form.inputProps('defaultSlotMinutes')}
              min={SLOT_MINUTES_MIN}
              max={SLOT_MINUTES_MAX}
              step={SLOT_STEP_MINUTES}
              w={140}
              data-testid="default-slot-minutes"
            />
          </Group>
          <NumberInput
            label={t('appointments.settings.noShowAfter')}
            description={t('appointments.settings.noShowAfterHelp')}
            {...form.inputProps('noShowAfterMinutes')}
            min={0}
            max={1440}
            step={15}
            w={220}
            data-testid="noshow-after"
          />
          <Switch
            label={t('appointments.settings.reminders')}
            {...form.inputProps('remindersEnabled', { type: 'checkbox' })}
            data-testid="reminders-enabled"
          />
          <Textarea
            label={t('appointments.settings.reminderAr')}
            {...form.inputProps('reminderTextAr')}
            dir="rtl"
            autosize
            minRows={2}
            maxLength={1000}
            data-testid="reminder-text-ar"
          />
          <Textarea
            label={t('appointments.settings.reminderEn')}
            {...form.inputProps('reminderTextEn')}
            dir="ltr"
            autosize
            minRows={2}
            maxLength={1000}
            data-testid="reminder-text-en"
          />
          <Text size="xs" c="dimmed">
            {t('appointments.settings.placeholders')}{' '}
            <span dir="ltr">{'{patient} {doctor} {date} {time} {clinic}'}</span>
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="settings-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
