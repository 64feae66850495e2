import { useEffect, useState } from 'react';
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
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  type AppointmentSettings,
  type Booking,
  type Session,
  type WeekHours,
} from '@basira/shared/appointments/appointments.schemas';
import { VISIT_REASONS } from '@basira/shared/queue/queue.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { ARABIC_CALENDAR_LOCALE } from '../../lib/calendar-settings.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
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
  const save = useSaveHours();
  const [doctorId, setDoctorId] = useState<number | null>(null);
  const current = hours.data?.find((h) => h.doctor.id === doctorId) ?? hours.data?.[0];
  const [week, setWeek] = useState<WeekHours | null>(null);
  const [outside, setOutside] = useState<Booking[] | null>(null);
  useEffect(() => {
    setWeek(current ? structuredClone(current.week) : null);
    setOutside(null);
  }, [current]);
  const weekdayName = useWeekdayName();
  if (!hours.data) return null;
  const setDay = (d: number, sessions: Session[]) => setWeek((w) => (w ? { ...w, [d]: sessions } : w));

  const submit = async () => {
    if (!current || !week) return;
    try {
      const saved = await save.mutateAsync({ doctorId: current.doctor.id, week, version: current.version });
      toastSuccess(t('appointments.settings.hoursSaved'));
      setOutside(saved.outside);
    } catch (error) {
      toastError(t('appointments.failed'), errorMessage(t, error));
    }
  };

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
      {week && (
        <Stack gap="xs">
          {WEEK_ORDER.map((d) => {
            const sessions = week[d] ?? [];
            return (
              <Group key={d} gap="xs" align="center" data-testid={`hours-day-${d}`}>
                <Text w={90} fw={500}>
                  {weekdayName(d)}
                </Text>
                {sessions.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('appointments.settings.dayOff')}
                  </Text>
                )}
                {sessions.map((s, i) => (
                  <Group key={i} gap={4} wrap="nowrap">
                    <ClockTimeInput
                      aria-label={t('appointments.settings.start')}
                      value={s.start}
                      onChange={(v) =>
                        setDay(
                          d,
                          sessions.map((x, j) => (j === i ? { ...x, start: v } : x)),
                        )
                      }
                      w={110}
                    />
                    <Text>–</Text>
                    <ClockTimeInput
                      aria-label={t('appointments.settings.end')}
                      value={s.end}
                      onChange={(v) =>
                        setDay(
                          d,
                          sessions.map((x, j) => (j === i ? { ...x, end: v } : x)),
                        )
                      }
                      w={110}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
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
            );
          })}
          <Group justify="flex-end">
            <Button onClick={() => void submit()} loading={save.isPending} data-testid="hours-save">
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
      )}
    </Paper>
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
  const [day, setDay] = useState(dayIn(format.timeZone));
  const [name, setName] = useState('');
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
      <Group align="flex-end" mt="sm">
        <DayInput label={t('appointments.fields.day')} value={day} onChange={setDay} testId="closure-day" />
        <TextInput
          label={t('appointments.settings.closureName')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="closure-name"
        />
        <Button
          onClick={() =>
            void run(async () => {
              await add.mutateAsync({ day, name: name.trim(), kind: 'closure' });
              setName('');
            })
          }
          disabled={!name.trim()}
          data-testid="closure-add"
        >
          {t('common.add')}
        </Button>
      </Group>
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

function GeneralSettings() {
  const { t } = useTranslation();
  const weekdayName = useWeekdayName();
  const settings = useQuery(settingsQuery);
  const save = useSaveSettings();
  const [form, setForm] = useState<AppointmentSettings | null>(null);
  useEffect(() => {
    if (settings.data) setForm(structuredClone(settings.data));
  }, [settings.data]);
  if (!form) return null;
  const set = <K extends keyof AppointmentSettings>(key: K, value: AppointmentSettings[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));

  const submit = async () => {
    try {
      await save.mutateAsync(form);
      toastSuccess(t('appointments.settings.saved'));
    } catch (error) {
      toastError(t('appointments.failed'), errorMessage(t, error));
    }
  };

  return (
    <Paper withBorder p="md" data-testid="appointment-settings">
      <Title order={4} mb="sm">
        {t('appointments.settings.general')}
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('appointments.settings.closedWeekdays')}
          </Text>
          <Chip.Group
            multiple
            value={form.closedWeekdays.map(String)}
            onChange={(v) => set('closedWeekdays', v.map(Number))}
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
        <Group gap="sm" align="flex-end">
          {VISIT_REASONS.map((r) => (
            <NumberInput
              key={r}
              label={t(`queue.examTypes.${r}`)}
              value={form.slotMinutes[r]}
              onChange={(v) => typeof v === 'number' && set('slotMinutes', { ...form.slotMinutes, [r]: v })}
              min={5}
              max={240}
              step={5}
              w={120}
              data-testid={`slot-minutes-${r}`}
            />
          ))}
          <NumberInput
            label={t('appointments.settings.defaultSlot')}
            value={form.defaultSlotMinutes}
            onChange={(v) => typeof v === 'number' && set('defaultSlotMinutes', v)}
            min={5}
            max={240}
            step={5}
            w={140}
          />
        </Group>
        <NumberInput
          label={t('appointments.settings.noShowAfter')}
          description={t('appointments.settings.noShowAfterHelp')}
          value={form.noShowAfterMinutes}
          onChange={(v) => typeof v === 'number' && set('noShowAfterMinutes', v)}
          min={0}
          max={1440}
          step={15}
          w={220}
          data-testid="noshow-after"
        />
        <Switch
          label={t('appointments.settings.reminders')}
          checked={form.remindersEnabled}
          onChange={(e) => set('remindersEnabled', e.currentTarget.checked)}
          data-testid="reminders-enabled"
        />
        <Textarea
          label={t('appointments.settings.reminderAr')}
          value={form.reminderTextAr}
          onChange={(e) => set('reminderTextAr', e.currentTarget.value)}
          dir="rtl"
          autosize
          minRows={2}
        />
        <Textarea
          label={t('appointments.settings.reminderEn')}
          value={form.reminderTextEn}
          onChange={(e) => set('reminderTextEn', e.currentTarget.value)}
          dir="ltr"
          autosize
          minRows={2}
        />
        <Text size="xs" c="dimmed">
          {t('appointments.settings.placeholders')}{' '}
          <span dir="ltr">{'{patient} {doctor} {date} {time} {clinic}'}</span>
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={save.isPending} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
