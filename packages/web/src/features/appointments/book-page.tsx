import { useCallback, useMemo, useState } from 'react';
import {
  Badge,
  Button,
  DirectionProvider,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ResourcesMonthView, type ScheduleEventData } from '@mantine/schedule';
import '@mantine/schedule/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { PageFrame } from '../../components/page-frame.tsx';
import { ARABIC_CALENDAR_LOCALE } from '../../lib/calendar-settings.ts';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { bookQuery, doctorsQuery, summaryQuery, useMoveBooking } from './appointments.queries.ts';
import type { Booking } from '@basira/shared/appointments/appointments.schemas';
import { daysOf, monthOf, timeSpan, weekOf } from './book-events.ts';
import { BookGrid, type BookMove } from './book-grid.tsx';
import { minutesOf } from './book-grid-layout.ts';
import { BookingDialog, type BookingPrefill } from './booking-dialog.tsx';
import { BookingDrawer } from './booking-drawer.tsx';
import { withOverbook } from './overbook.ts';

type View = 'day' | 'week' | 'month';
const VIEWS: readonly View[] = ['day', 'week', 'month'];

/** The appointment book: a day of every doctor, a week, a month's counts (docs/appointments.md). */
export function BookPage() {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const me = useMe();
  const canBook = canAny(me?.permissions, ['book appointments']);
  const [params, setParams] = useSearchParams();
  const today = dayIn(format.timeZone);
  const view: View = VIEWS.includes(params.get('view') as View) ? (params.get('view') as View) : 'day';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : today;
  const chosen = (params.get('doctors') ?? '')
    .split(',')
    .filter((v) => /^\d+$/.test(v))
    .map(Number);
  const set = (next: Partial<{ view: View; day: string; doctors: number[] }>) =>
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        if (next.view) p.set('view', next.view);
        if (next.day) p.set('day', next.day);
        if (next.doctors) {
          if (next.doctors.length) p.set('doctors', next.doctors.join(','));
          else p.delete('doctors');
        }
        return p;
      },
      { replace: true },
    );

  const doctors = useQuery(doctorsQuery);
  // Kept from one render to the next while the doctors and the choice stay: the grid's columns follow it.
  const chosenKey = chosen.join(',');
  const shown = useMemo(
    () => (doctors.data ?? []).filter((d) => chosenKey === '' || chosenKey.split(',').includes(String(d.id))),
    [doctors.data, chosenKey],
  );
  const range = view === 'day' ? { from: day, to: day } : view === 'week' ? weekOf(day) : monthOf(day);
  const book = useQuery({ ...bookQuery(range.from, range.to, chosen), enabled: view !== 'month' });
  const summary = useQuery({ ...summaryQuery(range.from, range.to), enabled: view === 'month' });
  const move = useMoveBooking();

  const [dialog, setDialog] = useState<BookingPrefill | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  const span = useMemo(() => timeSpan(book.data?.hours ?? []), [book.data]);
  const monthEvents = useMemo(
    () =>
      (summary.data?.days ?? [])
        .filter((d) => d.doctorId !== null && (d.booked > 0 || d.arrived > 0 || d.noShow > 0))
        .map((d) => ({
          id: `sum-${d.doctorId}-${d.day}`,
          title: t('appointments.month.count', { count: d.booked + d.arrived + d.noShow }),
          start: `${d.day} 00:00:00`,
          end: `${dayjs(d.day).add(1, 'day').format('YYYY-MM-DD')} 00:00:00`,
          color: d.openMinutes > 0 && d.bookedMinutes >= d.openMinutes ? 'red' : 'violet',
          variant: 'light' as const,
          resourceId: d.doctorId!,
        })),
    [summary.data, t],
  );
  const gridDays = useMemo(() => daysOf(range.from, range.to), [range.from, range.to]);
  const nowMinutes = minutesOf(zonedParts(new Date(), format.timeZone).time);

  const resources = shown.map((d) => ({ id: d.id, label: d.name }));
  const locale = i18n.language === 'en' ? 'en' : ARABIC_CALENDAR_LOCALE;

  const step = (n: number) =>
    set({
      day: dayjs(day)
        .add(n, view === 'day' ? 'day' : view === 'week' ? 'week' : 'month')
        .format('YYYY-MM-DD'),
    });

  const moveTo = useCallback(
    async (booking: Booking, to: BookMove) => {
      const start = zonedDateTimeToIso(to.day, to.time, format.timeZone);
      if (!start) return;
      const done = await withOverbook(t, (overbook) =>
        move.mutateAsync({
          id: booking.id,
          start,
          minutes: to.minutes !== booking.minutes ? to.minutes : undefined,
          doctorId: to.doctorId !== booking.doctorId ? to.doctorId : undefined,
          overbook,
          version: booking.version,
        }),
      );
      if (done) toastSuccess(t('appointments.moved'));
    },
    [format.timeZone, move, t],
  );
  const openSlot = useCallback(
    (slot: { doctorId: number; day: string; time: string }) => setDialog(slot),
    [],
  );

  const labels = {
    today: t('appointments.today'),
    next: t('appointments.next'),
    previous: t('appointments.previous'),
    allDay: t('appointments.schedule.allDay'),
    timeSlot: t('appointments.schedule.timeSlot'),
    resource: t('appointments.schedule.resource'),
    resources: t('appointments.schedule.resources'),
    resourceSlot: t('appointments.schedule.resourceSlot'),
    noEvents: t('appointments.schedule.noEvents'),
    more: t('appointments.schedule.more'),
    weekday: t('appointments.schedule.weekday'),
    moreLabel: (count: number) => t('appointments.schedule.moreLabel', { count }),
  };

  return (
    <PageFrame
      title={t('appointments.title')}
      back={false}
      loading={doctors.isPending}
      actions={
        <Group gap="xs">
          <Button component={Link} to={pathTo('appointmentsDue')} variant="light" data-testid="book-due-link">
            {t('appointments.due.title')}
          </Button>
          {canBook && (
            <Button onClick={() => setDialog({ day: day < today ? today : day })} data-testid="book-new">
              {t('appointments.book')}
            </Button>
          )}
        </Group>
      }
    >
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={view}
            onChange={(v) => set({ view: v as View })}
            data={VIEWS.map((v) => ({ value: v, label: t(`appointments.view.${v}`) }))}
            data-testid="book-view"
          />
          <Group gap={4}>
            <Button
              variant="default"
              onClick={() => step(-1)}
              aria-label={t('appointments.previous')}
              data-testid="book-prev"
            >
              {i18n.dir() === 'rtl' ? '›' : '‹'}
            </Button>
            <Button variant="default" onClick={() => set({ day: today })} data-testid="book-today">
              {t('appointments.today')}
            </Button>
            <Button
              variant="default"
              onClick={() => step(1)}
              aria-label={t('appointments.next')}
              data-testid="book-next"
            >
              {i18n.dir() === 'rtl' ? '‹' : '›'}
            </Button>
          </Group>
          <DateInput
            aria-label={t('appointments.fields.day')}
            valueFormat="dddd D MMMM YYYY"
            dateParser={parseTypedDate}
            value={day}
            onChange={(v) => v && set({ day: v })}
            w={230}
            data-testid="book-day"
          />
          <MultiSelect
            aria-label={t('appointments.doctors')}
            placeholder={chosen.length ? undefined : t('appointments.allDoctors')}
            data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            value={chosen.map(String)}
            onChange={(v) => set({ doctors: v.map(Number) })}
            clearable
            miw={220}
            data-testid="book-doctors"
          />
        </Group>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {view === 'month'
              ? dayjs(day).locale(locale).format('MMMM YYYY')
              : view === 'week'
                ? `${format.date(range.from)} – ${format.date(range.to)}`
                : dayjs(day).locale(locale).format('dddd D MMMM YYYY')}
          </Text>
          <Legend />
        </Group>
        {resources.length === 0 && !doctors.isPending ? (
          <Text c="dimmed">{t('appointments.noDoctors')}</Text>
        ) : view !== 'month' ? (
          book.data && (
            <BookGrid
              book={book.data}
              days={gridDays}
              doctors={shown}
              span={span}
              slotMinutes={view === 'day' ? 15 : 30}
              canBook={canBook}
              today={today}
              nowMinutes={nowMinutes}
              calendarLocale={locale}
              timeZone={format.timeZone}
              onSlot={openSlot}
              onOpen={setOpen}
              onMove={(b, to) => void moveTo(b, to)}
              testId="book-timeline"
            />
          )
        ) : (
          <TimelineIsland>
            <ResourcesMonthView
              resources={resources}
              events={monthEvents as ScheduleEventData[]}
              locale={locale}
              labels={labels}
              date={day}
              withHeader={false}
              weekendDays={[5]}
              mode="static"
              onDayClick={({ date }) => set({ view: 'day', day: date })}
              data-testid="book-month-view"
            />
          </TimelineIsland>
        )}
      </Stack>
      <BookingDialog opened={dialog !== null} onClose={() => setDialog(null)} prefill={dialog ?? undefined} />
      <BookingDrawer bookingId={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

/**
 * The month's overview left to right in both languages: @mantine/schedule 9.6.3's resource views place their
 * events with a physical `left` while their cells mirror under `dir="rtl"`, so in Arabic the counts landed on the
 * mirrored day. The view runs in an LTR island (the texts inside stay Arabic). The day and the week are our own
 * grid (book-grid.tsx), which follows the page's direction.
 */
function TimelineIsland({ children }: { children: React.ReactNode }) {
  return (
    <DirectionProvider initialDirection="ltr" detectDirection={false}>
      <div dir="ltr" data-testid="book-month">
        {children}
      </div>
    </DirectionProvider>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap={4} data-testid="book-legend">
      <Badge color="violet">{t('appointments.look.booked')}</Badge>
      <Badge color="orange">{t('appointments.look.arrived')}</Badge>
      <Badge color="gray" variant="light">
        {t('appointments.look.noShow')}
      </Badge>
      <Badge color="green" variant="light">
        {t('appointments.workingHours')}
      </Badge>
      <Badge color="red" variant="light">
        {t('appointments.closed')}
      </Badge>
    </Group>
  );
}
