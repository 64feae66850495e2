import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { QueueStatusId } from '@basira/shared/queue/queue-states';

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
