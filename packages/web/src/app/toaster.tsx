import { useEffect } from 'react';
import { Box, Notification, Stack } from '@mantine/core';
import { notifications, useNotifications, type NotificationData } from '@mantine/notifications';
import { useTranslation } from '../i18n/use-translation.ts';

const DEFAULT_AUTO_CLOSE_MS = 4_000;

/**
 * Renders the toasts of Mantine's notifications store (`notifications.show`). A light container of our own:
 * Mantine's animated one (drag, transitions, scroll lock) would double the JavaScript of the sign-in page.
 */
export function Toaster() {
  const { notifications: items } = useNotifications();
  return (
    <Box
      pos="fixed"
      bottom={16}
      // The lower inline-end corner (bottom left in Arabic): clear of the top bar and of the search and bell.
      style={{ insetInlineEnd: 16, width: 'min(24rem, calc(100% - 2rem))', zIndex: 1000 }}
    >
      <Stack gap="xs">
        {items.map((item) => (
          <Toast key={item.id} item={item} />
        ))}
      </Stack>
    </Box>
  );
}

function Toast({ item }: { item: NotificationData }) {
  const { t } = useTranslation();
  const id = item.id!;
  const autoClose =
    item.autoClose === false
      ? null
      : typeof item.autoClose === 'number'
        ? item.autoClose
        : DEFAULT_AUTO_CLOSE_MS;

  useEffect(() => {
    if (autoClose === null) return;
    const timer = window.setTimeout(() => notifications.hide(id), autoClose);
    return () => window.clearTimeout(timer);
  }, [id, autoClose]);

  const urgent = item.color === 'red' || item.color === 'yellow';
  return (
    <Notification
      role={urgent ? 'alert' : 'status'}
      color={item.color}
      title={item.title}
      withCloseButton={item.withCloseButton !== false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={() => notifications.hide(id)}
      withBorder
      style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      data-testid="toast"
      data-color={item.color}
    >
      {item.message}
    </Notification>
  );
}
