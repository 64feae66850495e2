import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUEUE_STATUS, type QueueStatusId } from '@basira/shared/queue/queue-states';
import { dayIn, useFormatters } from '../lib/format.ts';

/**
 * Mantine colours for the four statuses (the server's hex colours, as theme colours so text keeps AA
 * contrast in light and dark): Waiting orange, WithDoctor blue, Finished green, Canceled red.
 */
export const STATUS_COLOR: Record<QueueStatusId, string> = {
  1: 'orange',
  2: 'blue',
  3: 'green',
  4: 'red',
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

/**
 * A visit's status as the clinic says it: a Waiting visit on a later day than today is "booked for <date>", not
 * waiting (the patient is not in the building). A recall to a later day keeps Waiting: its own badge says when.
 */
export function VisitStatusBadge({
  entry,
  ...rest
}: { entry: { status: StatusLike; ticketDay: string; isRewaiting: 0 | 1 } } & Omit<BadgeProps, 'color'>) {
  const { t } = useTranslation();
  const format = useFormatters();
  const booked =
    entry.status.id === QUEUE_STATUS.Waiting &&
    entry.isRewaiting === 0 &&
    entry.ticketDay > dayIn(format.timeZone);
  if (booked)
    return (
      <Badge color="grape" variant="light" data-testid="status-badge" data-status="Booked" {...rest}>
        {t('queue.bookedFor', { date: format.date(entry.ticketDay) })}
      </Badge>
    );
  return <StatusBadge status={entry.status} {...rest} />;
}
