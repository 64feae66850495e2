import { useState } from 'react';
import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { boardVisitsSchema } from '@basira/shared/queue/board.schemas';
import type { z } from 'zod';
import { useFormatters } from '../lib/format.ts';
import { pathTo } from '../lib/routes.ts';
import { can } from '../lib/session-local.ts';
import { ListPage } from './list-page.tsx';
import { TicketText, VisitStatusBadge } from './status-badge.tsx';

type VisitPage = z.infer<typeof boardVisitsSchema>;

/**
 * A patient's visits, a page at a time (the board's earlier visits, the patient's file history): date, ticket,
 * status, reasons, the doctor who saw them and the note; each date opens that visit's board for board readers.
 * Page 1 comes with the screen's own answer; later pages from `pageQuery`.
 */
export function VisitHistory<K extends readonly unknown[]>({
  title,
  empty,
  first,
  pageQuery,
  permissions,
}: {
  title: string;
  empty: string;
  first: VisitPage;
  pageQuery: (page: number) => UseQueryOptions<VisitPage, Error, VisitPage, K>;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const later = useQuery({ ...pageQuery(page), enabled: page > 1 });
  const current = page === 1 ? first : (later.data ?? first);
  const canShow = can(permissions, 'show board');
  return (
    <Card withBorder padding="md" data-testid="visit-history">
      <ListPage
        intro={
          <Title order={2} fz="h4">
            {title}
          </Title>
        }
        rows={current.data}
        count={t(current.meta.totalIsLowerBound ? 'board.visitCountAtLeast' : 'board.visitCount', {
          count: current.meta.total,
        })}
        empty={empty}
        emptyLook="text"
        name="visit"
        minWidth={640}
        columns={[
          t('queue.date'),
          t('queue.ticket.short'),
          t('queue.statusLabel'),
          t('queue.examTypesLabel'),
          t('queue.doctor'),
          t('queue.note'),
        ]}
        table={{ striped: true, highlightOnHover: false, actions: false }}
        renderRow={(entry) => (
          <Table.Tr key={entry.id} data-testid="visit-row">
            <Table.Td>
              {canShow ? (
                <Anchor
                  component={Link}
                  to={pathTo('boardIndex', { patientId: entry.patientId, queueId: entry.id })}
                  size="sm"
                >
                  {format.dateTime(entry.date)}
                </Anchor>
              ) : (
                format.dateTime(entry.date)
              )}
            </Table.Td>
            <Table.Td>
              <TicketText entry={entry} />
            </Table.Td>
            <Table.Td>
              <VisitStatusBadge entry={entry} size="sm" />
            </Table.Td>
            <Table.Td>
              {entry.examTypes.map((type) => t(`queue.examTypes.${type}`)).join(t('common.listSeparator')) ||
                '—'}
            </Table.Td>
            <Table.Td>{entry.doctor?.name ?? '—'}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {entry.note ?? ''}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        pagination={{ lastPage: current.meta.lastPage, page, onChange: setPage }}
      />
    </Card>
  );
}
