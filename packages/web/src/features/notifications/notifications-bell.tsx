import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { IconInbox } from '../../components/icons.tsx';
import { pathTo } from '../../lib/routes.ts';
import { unreadQuery } from './notifications.queries.ts';

/** More than this shows as "99+". */
const MAX_SHOWN = 99;

/** The top bar's notifications: the unread count in red, live (a `notification.created` event), to /notification. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const { data: count = 0 } = useQuery(unreadQuery);
  return (
    <Indicator
      label={count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
      size={18}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid="notifications-unread"
    >
      <ActionIcon
        component={Link}
        to={pathTo('notification')}
        variant="default"
        size="lg"
        aria-label={t('notifications.bell', { count })}
        title={t('notifications.title')}
        data-testid="notifications-bell"
        data-count={count}
      >
        <IconInbox />
      </ActionIcon>
    </Indicator>
  );
}
