import { Chip, Group, SegmentedControl, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { VISIT_REASONS, type VisitReason } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS, queueStatuses, type QueueStatusId } from '@basira/shared/queue/queue-states';
import { IconSearch } from '../../components/icons.tsx';
import { STATUS_COLOR } from '../../components/status-badge.tsx';
import { parseTypedDate } from '../../lib/dates.ts';
import { dayIn } from '../../lib/format.ts';
import { useMe } from '../../lib/use-me.ts';
import type { ListFilters } from './queue-list-params.ts';
import { doctorsQuery } from './queue.queries.ts';

type View = 'today' | 'booked';

/**
 * Today's queue, or the bookings and recalls not arrived yet (Booked) from today on, soonest first: today's
 * still expected, then the coming days'. Overdue recalls are the bell's (its Waiting tab).
 */
export function viewFilters(view: View, today: string): Partial<ListFilters> {
  return view === 'today'
    ? { from: today, to: today, status: undefined }
    : { from: today, to: undefined, status: [QUEUE_STATUS.Booked] };
}

/** The view the dates show (status chips may narrow either); none for other dates. */
export function viewOf(filters: ListFilters, today: string): View | '' {
  if (filters.from === today && filters.to === today) return 'today';
  if (filters.from === today && filters.to === undefined) return 'booked';
  return '';
}

/** The queue list's filters: status chips, the patient search, dates, doctor, exam type and "last only". */
export function QueueListFilters({
  filters,
  onFilters,
  search,
  onSearch,
}: {
  filters: ListFilters;
  /** The filters that change; the others stay as the address has them. */
  onFilters: (changes: Partial<ListFilters>) => void;
  /** The search box's text as typed (the list follows it once typing pauses). */
  search: string;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation();
  const doctors = useQuery(doctorsQuery);
  const today = dayIn(useMe()?.organization.timeZone);
  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) => onFilters({ [key]: value });
  return (
    <>
      {/* The view and the status chips share a line: the list's first rows stay on the first screen. */}
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          value={viewOf(filters, today)}
          onChange={(view) => onFilters(viewFilters(view as View, today))}
          data={[
            { value: 'today', label: t('queue.views.today') },
            { value: 'booked', label: t('queue.views.booked') },
          ]}
          aria-label={t('queue.views.label')}
          data-testid="queue-view"
        />
        <Chip.Group
          multiple
          value={(filters.status ?? []).map(String)}
          onChange={(value) =>
            set('status', value.length ? (value.map(Number) as QueueStatusId[]) : undefined)
          }
        >
          <Group gap={6} role="group" aria-label={t('queue.statusFilter')}>
            {queueStatuses().map((status) => (
              <Chip
                key={status.id}
                value={String(status.id)}
                color={STATUS_COLOR[status.id]}
                size="sm"
                data-testid={`status-filter-${status.name}`}
              >
                {t(`queue.status.${status.name}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput
          type="search"
          label={t('queue.searchPatient')}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          data-testid="queue-search"
        />
        <DateInput
          label={t('queue.from')}
          clearable
          valueFormat="YYYY-MM-DD"
          dateParser={parseTypedDate}
          value={filters.from ?? null}
          onChange={(value) => set('from', value ?? undefined)}
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          data-testid="queue-from"
        />
        <DateInput
          label={t('queue.to')}
          clearable
          valueFormat="YYYY-MM-DD"
          dateParser={parseTypedDate}
          value={filters.to ?? null}
          onChange={(value) => set('to', value ?? undefined)}
          clearButtonProps={{ 'aria-label': t('common.clear') }}
          data-testid="queue-to"
        />
        <Select
          label={t('queue.doctor')}
          placeholder={t('queue.anyDoctor')}
          clearable
          data={(doctors.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={filters.doctorId ? String(filters.doctorId) : null}
          onChange={(value) => set('doctorId', value ? Number(value) : undefined)}
        />
        <Select
          label={t('queue.examTypesLabel')}
          placeholder={t('queue.anyExamType')}
          clearable
          data={VISIT_REASONS.map((type) => ({ value: type, label: t(`queue.examTypes.${type}`) }))}
          value={filters.examType ?? null}
          onChange={(value) => set('examType', (value as VisitReason | null) ?? undefined)}
        />
      </SimpleGrid>
      <Switch
        label={t('queue.lastOnly')}
        checked={filters.last ?? false}
        onChange={(event) => set('last', event.currentTarget.checked || undefined)}
      />
    </>
  );
}
