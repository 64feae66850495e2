import { Badge, Card, Group, SimpleGrid, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Board } from '@basira/shared/queue/board.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { TicketText, VisitStatusBadge } from '../../../components/status-badge.tsx';
import { useFormatters, waitingMinutes } from '../../../lib/format.ts';
import { useNow } from '../use-now.ts';

/** This visit on the board: ticket, status, date, exam types, doctor, time waited, note and its history. */
export function BoardVisitCard({ visit }: { visit: Board['visit'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const now = useNow(30_000);
  // A recall dated later has not started waiting yet.
  const waitedNow = visit.status.id === QUEUE_STATUS.Waiting ? waitingMinutes(visit.waitingSince, now) : null;
  const notYet = visit.status.id === QUEUE_STATUS.Waiting && waitedNow === null;
  return (
    <Card withBorder padding="md" h="100%" data-testid="board-visit">
      <Title order={2} fz="h4" mb="sm">
        {t('board.thisVisit')}
      </Title>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        <Text size="sm" c="dimmed">
          {t('queue.ticket.short')}
        </Text>
        <Text size="sm" fw={700}>
          <TicketText entry={visit} />
        </Text>
        <Text size="sm" c="dimmed">
          {t('queue.statusLabel')}
        </Text>
        <Group gap={4}>
          <VisitStatusBadge entry={visit} data-testid="board-status" />
          {visit.isRewaiting === 1 && (
            <Badge size="sm" variant="light" color="violet">
              {t('queue.rewaitingOn', { date: format.dateTime(visit.date) })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('queue.date')}
        </Text>
        <Text size="sm">{format.dateTime(visit.date)}</Text>
        <Text size="sm" c="dimmed">
          {t('queue.examTypesLabel')}
        </Text>
        <Text size="sm">
          {visit.examTypes.length > 0
            ? visit.examTypes.map((type) => t(`queue.examTypes.${type}`)).join(t('common.listSeparator'))
            : '—'}
        </Text>
        <Text size="sm" c="dimmed">
          {t('queue.doctor')}
        </Text>
        <Text size="sm">{visit.doctor?.name ?? t('queue.anyDoctor')}</Text>
        <Text size="sm" c="dimmed">
          {t('board.waited')}
        </Text>
        <Text size="sm">{notYet ? '—' : format.duration(waitedNow ?? visit.waitedMinutes)}</Text>
      </SimpleGrid>
      {visit.note && (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {visit.note}
        </Text>
      )}
      {visit.events.length > 0 && (
        <>
          <Title order={3} fz="h6" mt="md" mb="xs">
            {t('board.history')}
          </Title>
          <Timeline bulletSize={12} lineWidth={2} active={visit.events.length - 1}>
            {visit.events.map((event) => (
              <Timeline.Item
                key={event.id}
                title={
                  <Text size="sm" fw={600}>
                    {event.from
                      ? t('board.moved', {
                          from: t(`queue.status.${event.from.name}`),
                          to: t(`queue.status.${event.to.name}`),
                        })
                      : t('board.created', { to: t(`queue.status.${event.to.name}`) })}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {format.dateTime(event.at)}
                  {/* Isolated: a name cannot reorder the due time after it. */}
                  {event.by && (
                    <>
                      {' · '}
                      <bdi>{event.by.name}</bdi>
                    </>
                  )}
                  {event.dueAt && event.action === 'rewait'
                    ? ` · ${t('board.dueAt', { date: format.dateTime(event.dueAt) })}`
                    : ''}
                </Text>
                {event.note && <Text size="xs">{event.note}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </>
      )}
    </Card>
  );
}
