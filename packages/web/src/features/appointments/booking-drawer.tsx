import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Text,
  Timeline,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import {
  SLOT_MINUTES_MAX,
  SLOT_MINUTES_MIN,
  SLOT_STEP_MINUTES,
  bookingMoveSchema,
  type Booking,
} from '@basira/shared/appointments/appointments.schemas';
import { ClockTimeInput } from '../../components/clock-time-input.tsx';
import { parseTypedDate, zonedDateTimeToIso, zonedParts } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import {
  bookingDetailQuery,
  doctorsQuery,
  useBookingStatus,
  useMoveBooking,
  type BookingStatusAction,
} from './appointments.queries.ts';
import { bookingLook, LOOK_COLOR } from './book-events.ts';
import { withOverbook } from './overbook.ts';

/** A booking's status badge on the book (Booked, Arrived, No-show …) with its overbooked mark and the reply. */
export function BookingBadges({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const look = bookingLook(booking.statusId);
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={LOOK_COLOR[look]} variant="light" data-testid="booking-status">
        {t(`appointments.look.${look}`)}
      </Badge>
      {booking.overbooked && (
        <Badge color="orange" variant="outline" data-testid="booking-overbooked">
          {t('appointments.overbooked')}
        </Badge>
      )}
      {booking.reply && (
        <Badge
          color={booking.reply === 'confirmed' ? 'teal' : 'red'}
          variant="outline"
          data-testid="booking-reply"
        >
          {t(`appointments.reply.${booking.reply}`)}
        </Badge>
      )}
      {booking.minutes === null && (
        <Badge color="gray" variant="outline">
          {t('appointments.recall')}
        </Badge>
      )}
    </Group>
  );
}

/** Arrive (one click), no-show, cancel: the queue's status calls on the booking. */
export function useBookingAction() {
  const { t } = useTranslation();
  const status = useBookingStatus();
  const run = async (id: number, action: BookingStatusAction) => {
    try {
      const entry = await status.mutateAsync({ id, action });
      toastSuccess(
        action === 'arrive'
          ? t('appointments.arrived', { ticket: entry.ticketNumber ?? '—' })
          : t(`appointments.done.${action}`),
      );
      return true;
    } catch (error) {
      toastError(t('appointments.failed'), errorMessage(t, error));
      return false;
    }
  };
  return { run, pending: status.isPending };
}

/** The booking's details, its moves, and what reception does with it. */
export function BookingDrawer({ bookingId, onClose }: { bookingId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={bookingId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('appointments.drawer.title')}
      data-testid="booking-drawer"
    >
      {bookingId !== null && <BookingDetails id={bookingId} onClose={onClose} />}
    </Drawer>
  );
}

function BookingDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useMe();
  const detail = useQuery(bookingDetailQuery(id));
  const action = useBookingAction();
  const [moving, setMoving] = useState(false);
  const canBook = canAny(me?.permissions, ['book appointments']);

  if (detail.isPending) return <Loader />;
  if (detail.isError) return <Text c="red">{errorMessage(t, detail.error)}</Text>;
  const { booking, moves } = detail.data;
  const booked = booking.statusId === 0;
  const missed = booking.statusId === 5;

  const act = async (kind: BookingStatusAction) => {
    if (await action.run(booking.id, kind)) onClose();
  };

  return (
    <Stack gap="sm" data-booking-id={booking.id}>
      <Text fw={700} size="lg">
        {booking.patient.name}
      </Text>
      <Text size="sm" c="dimmed">
        {t('appointments.fileNumber', { number: booking.patient.fileNumber })}
        {booking.patient.phone && (
          <>
            {' · '}
            <a href={`tel:${booking.patient.phone}`} dir="ltr">
              {booking.patient.phone}
            </a>
          </>
        )}
      </Text>
      <BookingBadges booking={booking} />
      <Text>
        <span>{booking.minutes === null ? format.date(booking.start) : format.dateTime(booking.start)}</span>
        {booking.minutes !== null && ` · ${format.duration(booking.minutes)}`}
      </Text>
      <Text size="sm">
        {t('appointments.fields.doctor')}: {detail.data.entry.doctor?.name ?? '—'}
      </Text>
      {booking.examTypes.length > 0 && (
        <Text size="sm">
          {booking.examTypes.map((r) => t(`queue.examTypes.${r}`)).join(t('common.listSeparator'))}
        </Text>
      )}
      {booking.note && <Text size="sm">{booking.note}</Text>}

      <Group gap="xs">
        {canBook && (booked || missed) && (
          <Button onClick={() => void act('arrive')} loading={action.pending} data-testid="booking-arrive">
            {t('appointments.actions.arrive')}
          </Button>
        )}
        {canBook && booked && (
          <Button
            variant="light"
            color="gray"
            onClick={() => void act('noshow')}
            data-testid="booking-noshow"
          >
            {t('appointments.actions.noShow')}
          </Button>
        )}
        {canBook && booked && (
          <Button variant="light" color="red" onClick={() => void act('cancel')} data-testid="booking-cancel">
            {t('appointments.actions.cancel')}
          </Button>
        )}
        {canBook && (booked || missed) && (
          <Button variant="default" onClick={() => setMoving((m) => !m)} data-testid="booking-move">
            {t('appointments.actions.move')}
          </Button>
        )}
        <Button
          variant="subtle"
          component={Link}
          to={pathTo('patientFile', { patientId: booking.patient.id })}
          data-testid="booking-open-file"
        >
          {t('appointments.actions.openFile')}
        </Button>
      </Group>

      {moving && <MoveForm booking={booking} onMoved={() => setMoving(false)} />}

      <Divider label={t('appointments.drawer.history')} />
      {moves.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('appointments.drawer.noMoves')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="booking-moves">
          {moves.map((move) => (
            <Timeline.Item key={move.id}>
              <Text size="sm">
                <span>{format.dateTime(move.fromStart)}</span>
                {' → '}
                <span>{format.dateTime(move.toStart)}</span>
                {move.toDoctor && move.fromDoctor?.id !== move.toDoctor.id && ` · ${move.toDoctor.name}`}
                {move.toMinutes !== move.fromMinutes &&
                  move.toMinutes !== null &&
                  ` · ${format.duration(move.toMinutes)}`}
              </Text>
              <Text size="xs" c="dimmed">
                <span>{format.dateTime(move.at)}</span>
                {move.by && ` · ${move.by.name}`}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

/** What the move form holds: the day and time as typed, the doctor picked, the length. */
export interface MoveValues {
  day: string;
  time: string;
  doctorId: string | null;
  minutes: number | string;
}

/**
 * The request body (`POST /api/appointments/{id}/move`) of the values: a recall given no time moves at 09:00, a
 * doctor left unchosen stays the booking's; `overbook` is asked later.
 */
export function moveBody(values: MoveValues, version: number, timeZone?: string) {
  return {
    start: zonedDateTimeToIso(values.day, values.time || '09:00', timeZone) ?? undefined,
    minutes: typeof values.minutes === 'number' ? values.minutes : undefined,
    doctorId: values.doctorId ? Number(values.doctorId) : undefined,
    overbook: false,
    version,
  };
}

/** The keyboard way to move and resize: day, time, doctor and length, each an ordinary field. */
export function MoveForm({ booking, onMoved }: { booking: Booking; onMoved: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const doctors = useQuery(doctorsQuery);
  const move = useMoveBooking();
  const start = zonedParts(new Date(booking.start), format.timeZone);
  const form = useSchemaForm({
    schema: bookingMoveSchema,
    initialValues: {
      day: start.day,
      time: booking.minutes === null ? '' : start.time,
      doctorId: booking.doctorId === null ? null : String(booking.doctorId),
      minutes: booking.minutes ?? 15,
    } satisfies MoveValues as MoveValues,
    toBody: (v: MoveValues) => moveBody(v, booking.version, format.timeZone),
    required: ['start', 'minutes'],
    fieldOf: (path) => (path === 'start' ? 'time' : path),
  });
  const { values } = form;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (move.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    const done = await withOverbook(
      t,
      (overbook) => move.mutateAsync({ id: booking.id, ...body, overbook }),
      (error) => form.showServerErrors(error),
    );
    if (done) {
      toastSuccess(t('appointments.moved'));
      onMoved();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs" data-testid="booking-move-form">
        <Group grow align="flex-start">
          <DateInput
            label={t('appointments.fields.day')}
            valueFormat="YYYY-MM-DD"
            dateParser={parseTypedDate}
            value={values.day}
            onChange={(v) => v && form.set('day', v)}
            error={form.error('day')}
            data-testid="move-day"
          />
          <ClockTimeInput
            label={t('appointments.fields.time')}
            {...form.inputProps('time')}
            data-testid="move-time"
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label={t('appointments.fields.doctor')}
            data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            {...form.inputProps('doctorId')}
            onChange={(v) =>
              form.set('doctorId', v ?? (booking.doctorId === null ? null : String(booking.doctorId)))
            }
            data-testid="move-doctor"
          />
          <NumberInput
            label={t('appointments.fields.minutes')}
            {...form.inputProps('minutes')}
            min={SLOT_MINUTES_MIN}
            max={SLOT_MINUTES_MAX}
            step={SLOT_STEP_MINUTES}
            data-testid="move-minutes"
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={move.isPending} data-testid="move-submit">
            {t('appointments.actions.saveMove')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
