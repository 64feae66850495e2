import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { IconMessage } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { can } from '../../lib/session-local.ts';
import { toastError } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { MessageList } from './message-list.tsx';
import { MessageSendModal } from './message-send-modal.tsx';
import { messagesQuery, messagingStatusQuery, messagingUserQuery, useSelfLink } from './messaging.queries.ts';
import { TelegramUserLine } from './telegram-user-line.tsx';

const TelegramLinkModal = lazy(() =>
  import('./telegram-link-modal.tsx').then((module) => ({ default: module.TelegramLinkModal })),
);
// The QR encoder is a package of its own: fetched when a self-link is first shown.
const TelegramQr = lazy(() => import('./telegram-qr.tsx').then((module) => ({ default: module.TelegramQr })));

/** While the patient may be pressing Start on the self-link, their link is looked for this often. */
const SELF_LINK_POLL_MS = 3_000;

/**
 * The patient's Telegram on the board (`send message`): whether this server can send at all, the linked user or
 * the ways to link one (by ID in the popup, or the patient's own t.me link with its QR code), a message form,
 * and every message with its status, refreshed while any is on its way.
 */
export function TelegramCard({
  patient,
  permissions,
}: {
  patient: PatientSummary;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const allowed = can(permissions, 'send message');
  const [linking, setLinking] = useState(false);
  const [sending, setSending] = useState(false);
  const selfLink = useSelfLink();
  const status = useQuery({ ...messagingStatusQuery, enabled: allowed });
  const configured = status.data?.configured === true;
  const user = useQuery({
    ...messagingUserQuery(patient.id),
    enabled: allowed && configured,
    refetchInterval: (query) => (selfLink.data && !query.state.data ? SELF_LINK_POLL_MS : false),
  });
  const messages = useQuery({ ...messagesQuery(patient.id), enabled: allowed && status.isSuccess });
  if (!allowed) return null;

  const linked = user.data ?? null;
  const list = messages.data ?? [];
  const makeSelfLink = () =>
    selfLink.mutate(patient.id, {
      onError: (error) => {
        if (!(isApiError(error) && error.handled))
          toastError(t('messaging.card.selfLinkFailed'), errorMessage(translate, error));
      },
    });

  return (
    <Card withBorder padding="md" data-testid="telegram-card" data-configured={status.data?.configured}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="h4">
          {t('messaging.card.title')}
        </Title>
        {configured && linked && (
          <Button
            size="sm"
            leftSection={<IconMessage size={16} />}
            onClick={() => setSending(true)}
            data-testid="telegram-send-open"
          >
            {t('messaging.card.send')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {status.isPending && <Skeleton h={24} />}
        {status.error && (
          <Text size="sm" c="red">
            {errorMessage(translate, status.error)}
          </Text>
        )}
        {status.data && !configured && (
          <Alert color="gray" data-testid="telegram-not-configured">
            {t('messaging.card.notConfigured')}
          </Alert>
        )}
        {configured &&
          (user.isPending ? (
            <Loader size="xs" role="status" aria-label={t('common.loading')} />
          ) : linked ? (
            <Group justify="space-between" gap="xs" wrap="wrap" data-testid="telegram-linked">
              <TelegramUserLine user={linked} />
              <Button
                variant="subtle"
                size="xs"
                onClick={() => setLinking(true)}
                data-testid="telegram-relink"
              >
                {t('messaging.card.changeLink')}
              </Button>
            </Group>
          ) : (
            <Stack gap="xs" data-testid="telegram-not-linked">
              <Text size="sm">{t('messaging.card.notLinked')}</Text>
              <Group gap="xs">
                <Button variant="light" onClick={() => setLinking(true)} data-testid="telegram-link-by-id">
                  {t('messaging.card.linkById')}
                </Button>
                <Button
                  variant="default"
                  loading={selfLink.isPending}
                  onClick={makeSelfLink}
                  data-testid="telegram-self-link"
                >
                  {selfLink.data ? t('messaging.card.selfLinkAgain') : t('messaging.card.selfLink')}
                </Button>
              </Group>
              {selfLink.data && (
                <Paper withBorder p="sm" radius="md" data-testid="telegram-self-link-box">
                  <Group gap="md" align="flex-start" wrap="wrap">
                    <Suspense fallback={<Skeleton w={176} h={176} />}>
                      <TelegramQr url={selfLink.data.url} label={t('messaging.card.qrLabel')} />
                    </Suspense>
                    <Stack gap={6} flex={1} miw={220}>
                      <Text size="sm">{t('messaging.card.selfLinkHint')}</Text>
                      <Anchor
                        href={selfLink.data.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        dir="ltr"
                        style={{ wordBreak: 'break-all' }}
                        data-testid="telegram-self-link-url"
                      >
                        {selfLink.data.url}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('messaging.card.selfLinkExpires', {
                          date: format.dateTime(selfLink.data.expiresAt),
                        })}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              )}
            </Stack>
          ))}
        {(configured || list.length > 0) && (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Title order={3} fz="sm">
                {t('messaging.messages.title')}
              </Title>
              {list.some((m) => m.status === 'queued' || m.status === 'sending') && (
                <Group gap={6} wrap="nowrap">
                  <Loader size={12} />
                  <Text size="xs" c="dimmed">
                    {t('messaging.messages.refreshing')}
                  </Text>
                </Group>
              )}
            </Group>
            {messages.error ? (
              <Text size="sm" c="red">
                {errorMessage(translate, messages.error)}
              </Text>
            ) : messages.isPending ? (
              <Skeleton h={40} />
            ) : (
              <MessageList messages={list} />
            )}
          </Stack>
        )}
      </Stack>
      {linking && (
        <Suspense fallback={null}>
          <TelegramLinkModal patient={patient} onClose={() => setLinking(false)} />
        </Suspense>
      )}
      {sending && <MessageSendModal patient={patient} onClose={() => setSending(false)} />}
    </Card>
  );
}
