import type { ComponentType, ReactNode } from 'react';
import { Button, Group, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { IconCalendar } from '../../components/icons.tsx';
import { dayIn } from '../../lib/format.ts';
import { canAny } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { bookDayLink } from './queue-actions.ts';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { pathTo } from '../../lib/routes.ts';
import { QueueListFilters } from './queue-list-filters.tsx';
import { QueueRow } from './queue-row.tsx';
import type { ListFilters } from './queue-list-params.ts';
import { queueListQuery } from './queue.queries.ts';
import { useNow } from './use-now.ts';
import { useStateMoves } from './use-state-moves.tsx';
import { ListPage, useListSearch } from '../../components/list-page.tsx';

/** What another feature adds to each row (the billing desk: what the patient owes, and Pay). */
export interface QueueRowSlots {
  /** Under the patient's name. */
  badge?: (entry: QueueEntry) => ReactNode;
  /** Before the row's menu. */
  action?: (entry: QueueEntry) => ReactNode;
}

/**
 * Another feature's part of the rows, handed in by app/ (a feature never imports another): it is given the rows on
 * screen at once (one call for all of them) and renders the list through `children` with its slots.
 */
export type QueueRowAddon = ComponentType<{
  rows: readonly QueueEntry[];
  permissions: readonly string[] | undefined;
  children: (slots: QueueRowSlots) => ReactNode;
}>;

const NO_ROWS: readonly QueueEntry[] = [];

export interface QueueListProps {
  filters: ListFilters;
  page: number;
  permissions: readonly string[] | undefined;
  /** The filters that change; the others stay as the address has them. */
  onFilters: (changes: Partial<ListFilters>) => void;
  onPage: (page: number) => void;
  onEdit: (entry: QueueEntry) => void;
  rowAddon?: QueueRowAddon | undefined;
}

/** The queue list: status colours, filters, the state actions each person may take, live. */
export function QueueList({
  filters,
  page,
  permissions,
  onFilters,
  onPage,
  onEdit,
  rowAddon: Addon,
}: QueueListProps) {
  const { t } = useTranslation();
  const list = useQuery(queueListQuery({ ...filters, page }));
  const moves = useStateMoves();
  const now = useNow(30_000);
  const [search, setSearch] = useListSearch(filters.search ?? '', (text) =>
    onFilters({ search: text || undefined }),
  );

  const meta = list.data?.meta;
  const today = dayIn(useMe()?.organization.timeZone);
  // The bookings' list leads to the book, where they are seen by doctor and hour and moved.
  const toBook =
    filters.status?.includes(QUEUE_STATUS.Booked) &&
    canAny(permissions, ['show appointments', 'book appointments']);
  const renderList = (slots: QueueRowSlots) => (
    <ListPage
      intro={
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id="queue-list-title">
            {t('queue.listTitle')}
          </Title>
          {toBook && (
            <Button
              size="compact-sm"
              variant="light"
              color="violet"
              component={Link}
              to={bookDayLink(filters.from && filters.from > today ? filters.from : today)}
              leftSection={<IconCalendar size={14} />}
              data-testid="queue-open-book"
            >
              {t('queue.toBook')}
            </Button>
          )}
        </Group>
      }
      rows={list.data?.data}
      error={list.error}
      failureFallback={pathTo('userPortal')}
      filters={
        <QueueListFilters filters={filters} onFilters={onFilters} search={search} onSearch={setSearch} />
      }
      count={meta && t(meta.totalIsLowerBound ? 'queue.countAtLeast' : 'queue.count', { count: meta.total })}
      empty={t('queue.empty')}
      name="queue"
      minWidth={960}
      columns={[
        t('queue.ticket.short'),
        t('queue.time'),
        t('queue.patient'),
        t('queue.examTypesLabel'),
        t('queue.doctor'),
        t('queue.statusLabel'),
        t('queue.waiting'),
      ]}
      table={{ verticalSpacing: 'xs' }}
      renderRow={(entry) => (
        <QueueRow
          key={entry.id}
          badge={slots.badge?.(entry)}
          action={slots.action?.(entry)}
          entry={entry}
          now={now}
          permissions={permissions}
          pending={moves.pendingId === entry.id}
          onMove={moves.run}
          onEdit={onEdit}
        />
      )}
      pagination={meta && { lastPage: meta.lastPage, page, onChange: onPage }}
    />
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="queue-list-title">
      {Addon ? (
        <Addon rows={list.data?.data ?? NO_ROWS} permissions={permissions}>
          {renderList}
        </Addon>
      ) : (
        renderList({})
      )}
      {moves.modal}
    </Paper>
  );
}
