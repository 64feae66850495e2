import { useState } from 'react';
import { Anchor, Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Board } from '@basira/shared/queue/board.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useFormatters } from '../../../lib/format.ts';
import { can } from '../../../lib/session-local.ts';
import { boardLink } from '../queue-actions.ts';
import { boardVisitsQuery } from '../queue.queries.ts';

/** The patient's earlier visits, a page at a time, each linking to its own board. */
export function BoardEarlierVisits({
  board,
  permissions,
}: {
  board: Board;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const { patient, visit } = board;
  const later = useQuery({ ...boardVisitsQuery(patient.id, page, visit.id), enabled: page > 1 });
  const current = page === 1 ? board.earlierVisits : (later.data ?? board.earlierVisits);
  const canShow = can(permissions, 'show board');
  return (
    <Card withBorder padding="md" data-testid="board-earlier">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('board.earlierVisits')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('board.visitCount', { count: current.meta.total })}
        </Text>
      </Group>
      {current.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('board.noEarlierVisits')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('queue.date')}</Table.Th>
                <Table.Th>{t('queue.ticket.short')}</Table.Th>
                <Table.Th>{t('queue.statusLabel')}</Table.Th>
                <Table.Th>{t('queue.examTypesLabel')}</Table.Th>
                <Table.Th>{t('queue.doctor')}</Table.Th>
                <Table.Th>{t('queue.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.data.map((entry: QueueEntry) => (
                <Table.Tr key={entry.id} data-testid="earlier-visit">
                  <Table.Td>
                    {canShow ? (
                      <Anchor component={Link} to={boardLink(entry)} size="sm">
                        {format.dateTime(entry.date)}
                      </Anchor>
                    ) : (
                      format.dateTime(entry.date)
                    )}
                  </Table.Td>
                  <Table.Td>{entry.ticketNumber}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={entry.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    {entry.examTypes
                      .map((type) => t(`queue.examTypes.${type}`))
                      .join(t('common.listSeparator')) || '—'}
                  </Table.Td>
                  <Table.Td>{entry.doctor?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {entry.note ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {current.meta.lastPage > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            total={current.meta.lastPage}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
            getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
          />
        </Group>
      )}
    </Card>
  );
}
