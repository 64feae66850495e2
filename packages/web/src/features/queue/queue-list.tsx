import { useEffect, useState } from 'react';
import { Alert, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { pathTo } from '../../lib/routes.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { QueueListFilters } from './queue-list-filters.tsx';
import { QueueRow } from './queue-row.tsx';
import type { ListFilters } from './queue-list-params.ts';
import { queueListQuery } from './queue.queries.ts';
import { useNow } from './use-now.ts';
import { useStateMoves } from './use-state-moves.tsx';
import { ListTable } from '../../components/list-table.tsx';

export interface QueueListProps {
  filters: ListFilters;
  page: number;
  permissions: readonly string[] | undefined;
  /** The filters that change; the others stay as the address has them. */
  onFilters: (changes: Partial<ListFilters>) => void;
  onPage: (page: number) => void;
  onEdit: (entry: QueueEntry) => void;
}

/** The queue list: status colours, filters, the state actions each person may take, live. */
export function QueueList({ filters, page, permissions, onFilters, onPage, onEdit }: QueueListProps) {
  const { t } = useTranslation();
  const list = useQuery(queueListQuery({ ...filters, page }));
  const moves = useStateMoves();
  const now = useNow(30_000);
  const [search, setSearch] = useState(filters.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useLoadFailure(list.error, pathTo('userPortal'));

  useEffect(() => {
    if (debounced !== (filters.search ?? '')) onFilters({ search: debounced || undefined });
  }, [debounced]);

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="queue-list-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id="queue-list-title">
            {t('queue.listTitle')}
          </Title>
          {meta && (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="queue-count">
              {t(meta.totalIsLowerBound ? 'queue.countAtLeast' : 'queue.count', { count: meta.total })}
            </Text>
          )}
        </Group>
        <QueueListFilters filters={filters} onFilters={onFilters} search={search} onSearch={setSearch} />
        {list.data && rows.length === 0 ? (
          <Alert color="gray" data-testid="queue-empty">
            {t('queue.empty')}
          </Alert>
        ) : (
          <ListTable
            minWidth={960}
            verticalSpacing="xs"
            testId="queue-table"
            headings={[
              t('queue.ticket.short'),
              t('queue.time'),
              t('queue.patient'),
              t('queue.examTypesLabel'),
              t('queue.doctor'),
              t('queue.statusLabel'),
              t('queue.waiting'),
            ]}
          >
            {rows.map((entry) => (
              <QueueRow
                key={entry.id}
                entry={entry}
                now={now}
                permissions={permissions}
                pending={moves.pendingId === entry.id}
                onMove={moves.run}
                onEdit={onEdit}
              />
            ))}
          </ListTable>
        )}
        {meta && meta.lastPage > 1 && (
          <Group justify="center">
            <Pagination
              total={meta.lastPage}
              value={page}
              onChange={onPage}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
            />
          </Group>
        )}
      </Stack>
      {moves.modal}
    </Paper>
  );
}
