import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Message, MessageStatus } from '@basira/shared/messaging/messaging.schemas';
import { useFormatters } from '../../lib/format.ts';

/** Waiting grey, on its way blue, delivered green, failed red, withdrawn orange (theme colours: AA in both themes). */
export const MESSAGE_STATUS_COLOR: Record<MessageStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** When the message last moved: delivered, last tried, or (still waiting) due. */
function lastMoment(message: Message): { key: string; at: string } {
  if (message.sentAt) return { key: 'messaging.messages.sentAt', at: message.sentAt };
  const last = message.attemptLog.at(-1);
  if (last) return { key: 'messaging.messages.triedAt', at: last.finishedAt ?? last.startedAt };
  return { key: 'messaging.messages.dueAt', at: message.nextAttemptAt };
}

/** A patient's Telegram messages, newest first, each with its status, attempts and why it failed. */
export function MessageList({ messages }: { messages: readonly Message[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (messages.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="telegram-messages-empty">
        {t('messaging.messages.empty')}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={360} type="auto">
      <Table striped fz="sm" verticalSpacing={6} data-testid="telegram-messages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messaging.messages.written')}</Table.Th>
            <Table.Th>{t('messaging.messages.text')}</Table.Th>
            <Table.Th>{t('messaging.messages.status')}</Table.Th>
            <Table.Th>{t('messaging.messages.attempts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => {
            const moment = lastMoment(message);
            return (
              <Table.Tr key={message.id} data-testid="telegram-message-row" data-message-id={message.id}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Text size="sm">{format.dateTime(message.createdAt)}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`messaging.kinds.${message.kind}`)}
                    {message.createdBy && ` · ${message.createdBy.name}`}
                  </Text>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Stack gap={2} maw={420}>
                    {message.header && (
                      <Text size="sm" fw={600} lineClamp={1}>
                        {message.header}
                      </Text>
                    )}
                    <Text
                      size="sm"
                      lineClamp={3}
                      style={{ whiteSpace: 'pre-line' }}
                      data-testid="telegram-message-text"
                    >
                      {message.message}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td style={{ verticalAlign: 'top' }}>
                  <Stack gap={4} align="flex-start">
                    <Badge
                      color={MESSAGE_STATUS_COLOR[message.status]}
                      variant="light"
                      data-testid="telegram-message-status"
                      data-status={message.status}
                    >
                      {t(`messaging.status.${message.status}`)}
                    </Badge>
                    {message.reason && (message.status === 'failed' || message.status === 'cancelled') && (
                      <Text size="xs" c="red.8" maw={260} data-testid="telegram-message-reason">
                        {t('messaging.messages.reason')} <bdi>{message.reason}</bdi>
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" data-testid="telegram-message-attempts" data-attempts={message.attempts}>
                      {t('messaging.messages.attemptCount', { count: message.attempts })}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(moment.key, { date: format.dateTime(moment.at) })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
