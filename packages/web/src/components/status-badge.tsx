import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { QUEUE_STATUS, type QueueStatusId } from '@basira/shared/queue/queue-states';
import { useFormatters } from '../lib/format.ts';

/**
 * Mantine colours for the six statuses (the server's hex colours, as theme colours so text keeps AA contrast in
 * light and dark): Booked violet, Waiting orange, WithDoctor blue, Finished green, Canceled red, NoShow grey.
 */
export const STATUS_COLOR: Record<QueueStatusId, string> = {
  0: 'violet',
  1: 'orange',
  2: 'blue',
  3: 'green',
  4: 'red',
  5: 'gray',
};

export interface StatusLike {
  id: QueueStatusId;
  name: string;
}

/** A queue entry's status, in its colour and the chosen language. */
export function StatusBadge({ status, ...rest }: { status: StatusLike } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLOR[status.id]}
      variant="light"
      data-testid="status-badge"
      data-status={status.name}
      {...rest}
    >
      {t(`queue.status.${status.name}`)}
    </Badge>
  );
}

/** What a visit's badge and ticket need: a Booked visit has no ticket, its day and time (or only its day). */
export interface VisitLike {
  status: StatusLike;
  date: string;
  slotMinutes: number | null;
}

/**
 * A visit's status as the clinic says it: a booking is "booked for <date, time>", a recall (a booking without a
 * slot) "recall <date>"; the patient is not in the building until it arrives. Other statuses as they are.
 */
export function VisitStatusBadge({ entry, ...rest }: { entry: VisitLike } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (entry.status.id === QUEUE_STATUS.Booked)
    return (
      <Badge
        color={STATUS_COLOR[QUEUE_STATUS.Booked]}
        variant="light"
        data-testid="status-badge"
        data-status="Booked"
        data-recall={entry.slotMinutes === null ? 1 : 0}
        {...rest}
      >
        {entry.slotMinutes === null
          ? t('queue.recallFor', { date: format.date(entry.date) })
          : t('queue.bookedFor', { date: format.dateTime(entry.date) })}
      </Badge>
    );
  return <StatusBadge status={entry.status} {...rest} />;
}

/**
 * Where a ticket is shown: the ticket, or for a visit without one (a booking, a recall, one missed or canceled
 * before arriving) its booked time, "recall" or a dash. Times are an LTR run in Arabic text.
 */
export function TicketText({ entry }: { entry: VisitLike & { ticketNumber: number | null } }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (entry.ticketNumber !== null) return <>{entry.ticketNumber}</>;
  if (entry.status.id !== QUEUE_STATUS.Booked) return <span data-testid="no-ticket">—</span>;
  if (entry.slotMinutes === null) return <span data-testid="no-ticket">{t('queue.recall')}</span>;
  return (
    <span data-testid="no-ticket">
      {t('queue.bookedAt')} <bdi dir="ltr">{format.time(entry.date)}</bdi>
    </span>
  );
}
