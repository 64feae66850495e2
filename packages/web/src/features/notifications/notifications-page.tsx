import type { ReactNode } from 'react';
import { ActionIcon, Box, Group, Table, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { pageOf } from '../../lib/use-search-params-update.ts';
import type { Notification } from '@basira/shared/notifications/notifications.schemas';
import {
  IconAlert,
  IconBell,
  IconBug,
  IconChevron,
  IconClock,
  IconLifebuoy,
  IconBulb,
  IconMessage,
} from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { notificationLink, typeKeyOf, type NotificationLinkState } from './notification-target.ts';
import { notificationsQuery, useMarkRead } from './notifications.queries.ts';

const TYPE_ICONS: Record<string, ReactNode> = {
  bug: <IconBug />,
  Feedback: <IconMessage />,
  'feature request': <IconBulb />,
  'active request': <IconLifebuoy />,
  'reminder failed': <IconAlert />,
  'recall due': <IconClock />,
};

/**
 * /notification (spec sections 2, 4, 8): the signed-in user's notifications, newest first, with the columns
 * icon, Details, Type and Read. A row opens its type's target with the notification's id, marks it read and
 * reloads the list; a failure to mark it shows the error dialog "create new data fails!!!".
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const translate = useTranslator();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const list = useQuery(notificationsQuery(page));
  const markRead = useMarkRead((error) =>
    modals.open({
      title: t('notifications.markFailed'),
      children: (
        <Text size="sm" data-testid="notification-mark-failed">
          {errorMessage(translate, error)}
        </Text>
      ),
    }),
  );

  const open = (notification: Notification) => {
    void navigate(notificationLink(notification), {
      state: { targetId: notification.targetId } satisfies NotificationLinkState,
    });
    if (notification.is_read === 0) markRead.mutate(notification.id);
  };

  const meta = list.data?.meta;
  return (
    <ListPage
      frame={{ title: t('notifications.title') }}
      rows={list.data?.data}
      loading={list.isPending && !list.error}
      error={list.error}
      failureFallback={pathTo('userPortal')}
      empty={t('notifications.empty')}
      emptyTestId="notifications-empty"
      name="notification"
      minWidth={640}
      columns={[
        t('notifications.columns.icon'),
        t('notifications.columns.details'),
        t('notifications.columns.type'),
        t('notifications.columns.read'),
      ]}
      renderRow={(notification) => (
        <NotificationRow key={notification.id} notification={notification} onOpen={open} />
      )}
      pagination={
        meta && { lastPage: meta.lastPage, page, onChange: (next) => setParams({ page: String(next) }) }
      }
    />
  );
}

function NotificationRow({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const typeKey = typeKeyOf(notification.type);
  const typeName = typeKey ? t(`notifications.types.${typeKey}`) : notification.type;
  const unread = notification.is_read === 0;
  return (
    <Table.Tr
      onClick={() => onOpen(notification)}
      style={{ cursor: 'pointer' }}
      data-testid="notification-row"
      data-notification-id={notification.id}
      data-read={notification.is_read}
    >
      <Table.Td w={56}>
        <ThemeIcon variant="light" color={notification.color} radius="xl" size="lg">
          {TYPE_ICONS[notification.type] ?? <IconBell />}
        </ThemeIcon>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={unread ? 600 : undefined} lineClamp={2} data-testid="notification-details">
          {notification.details}
        </Text>
        <Text size="xs" c="dimmed">
          {format.dateTime(notification.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="notification-type">
        {typeName}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="notification-read">
        {unread ? (
          <Group gap={6} wrap="nowrap">
            <Box
              w={10}
              h={10}
              bg="red.7"
              style={{ borderRadius: '50%' }}
              aria-hidden="true"
              data-testid="unread-dot"
            />
            <Text size="sm" fw={600}>
              {t('notifications.unread')}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('notifications.read')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(notification);
          }}
          aria-label={t('notifications.open', { details: notification.details })}
          data-testid="notification-open"
        >
          <IconChevron />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
