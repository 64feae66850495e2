import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { MessagingUser } from '@basira/shared/messaging/messaging.schemas';

/** A linked Telegram user as the clinic knows them: name (when Telegram gave one), @username and numeric ID. */
export function TelegramUserLine({ user }: { user: MessagingUser }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" data-testid="telegram-user" data-telegram-id={user.telegram_id}>
      <Text size="sm" fw={600}>
        {user.full_name ?? t('messaging.user.unnamed')}
      </Text>
      {user.username && (
        <Text size="sm" c="dimmed" data-testid="telegram-username">
          <bdi dir="ltr">@{user.username}</bdi>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {t('messaging.user.id')}{' '}
        <bdi dir="ltr" data-testid="telegram-id">
          {user.telegram_id}
        </bdi>
      </Text>
    </Group>
  );
}
