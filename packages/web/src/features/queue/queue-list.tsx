import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Menu,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queueExamTypes, type QueueEntry, type QueueExamType } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS, queueStatuses, type QueueStatusId } from '@basira/shared/queue/queue-states';
import {
  IconDots,
  IconEdit,
  IconEye,
  IconPrinter,
  IconSearch,
  IconStethoscope,
  IconTrash,
} from '../../components/icons.tsx';
import { AlertMark } from '../../components/patient-alerts.tsx';
import { STATUS_COLOR, StatusBadge } from '../../components/status-badge.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters, waitingMinutes } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { boardEntry, boardLink, visibleActions, type BoardState } from './queue-actions.ts';
import { queueListQuery, doctorsQuery, useDeleteQueueEntry, type QueueFilters } from './queue.queries.ts';
import { useNow } from './use-now.ts';
import { useStateMoves } from './use-state-moves.tsx';
import { ListTable } from '../../components/list-table.tsx';

export type ListFilters = Omit<QueueFilters, 'page'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters as kept in the address, so a reload or a shared link shows the same list. */
export function queueFiltersFromParams(params: URLSearchParams, today: string): ListFilters {
  const status = (params.get('status') ?? '')
    .split(',')
    .map(Number)
    .filter((n): n is QueueStatusId => n === 1 || n === 2 || n === 3 || n === 4);
  const day = (key: string, fallback?: string) => {
    const value = params.get(key);
    if (value === 'any') return undefined;
    return value && DAY.test(value) ? value : fallback;
  };
  const doctor = Number(params.get('doctorId'));
  const examType = params.get('examType');
  return {
    status: status.length ? status : undefined,
    from: day('from', today),
    to: day('to', today),
    search: params.get('q') ?? undefined,
    doctorId: Number.isInteger(doctor) && doctor > 0 ? doctor : undefined,
    examType:
      examType && (queueExamTypes as readonly string[]).includes(examType)
        ? (examType as QueueExamType)
        : undefined,
    last: params.get('last') === '1' || undefined,
  };
}

export function queueFiltersToParams(
  filters: ListFilters,
  today: string,
  base: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of ['status', 'from', 'to', 'q', 'doctorId', 'examType', 'last', 'page']) next.delete(key);
  if (filters.status?.length) next.set('status', filters.status.join(','));
  if (filters.from !== today) next.set('from', filters.from ?? 'any');
  if (filters.to !== today) next.set('to', filters.to ?? 'any');
  if (filters.search) next.set('q', filters.search);
  if (filters.doctorId) next.set('doctorId', String(filters.doctorId));
  if (filters.examType) next.set('examType', filters.examType);
  if (filters.last) next.set('last', '1');
  return next;
}

export interface QueueListProps {
  filters: ListFilters;
  page: number;
  permissions: readonly string[] | undefined;
  onFilters: (next: ListFilters) => void;
  onPage: (page: number) => void;
  onEdit: (entry: QueueEntry) => void;
  onPrint: (entry: QueueEntry) => void;
}

/** The queue list: status colours, filters, the state actions each person may take, live. */
export function QueueList({
  filters,
  page,
  permissions,
  onFilters,
  onPage,
  onEdit,
  onPrint,
}: QueueListProps) {
  const { t } = useTranslation();
  const list = useQuery(queueListQuery({ ...filters, page }));
  const doctors = useQuery(doctorsQuery);
  const moves = useStateMoves();
  const now = useNow(30_000);
  const [search, setSearch] = useState(filters.search ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  useLoadFailure(list.error, pathTo('userPortal'));

  useEffect(() => {
    if (debounced !== (filters.search ?? '')) onFilters({ ...filters, search: debounced || undefined });
  }, [debounced]);

  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K]) =>
    onFilters({ ...filters, [key]: value });
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
              {t('queue.count', { count: meta.total })}
            </Text>
          )}
        </Group>
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
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput
            type="search"
            label={t('queue.searchPatient')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
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
            data={queueExamTypes.map((type) => ({ value: type, label: t(`queue.examTypes.${type}`) }))}
            value={filters.examType ?? null}
            onChange={(value) => set('examType', (value as QueueExamType | null) ?? undefined)}
          />
        </SimpleGrid>
        <Switch
          label={t('queue.lastOnly')}
          checked={filters.last ?? false}
          onChange={(event) => set('last', event.currentTarget.checked || undefined)}
        />
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
                onPrint={onPrint}
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

function QueueRow({
  entry,
  now,
  permissions,
  pending,
  onMove,
  onEdit,
  onPrint,
}: {
  entry: QueueEntry;
  now: number;
  permissions: readonly string[] | undefined;
  pending: boolean;
  onMove: ReturnType<typeof useStateMoves>['run'];
  onEdit: (entry: QueueEntry) => void;
  onPrint: (entry: QueueEntry) => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const remove = useDeleteQueueEntry();
  const actions = visibleActions(entry.status.id, permissions);
  const board = boardEntry(entry.status.id, permissions);
  const canEdit = can(permissions, 'edit queue');
  const canPrint = can(permissions, 'print squint');
  const canDelete = can(permissions, 'delete queue');
  // Waiting, and already due (a recall dated later has not started waiting yet).
  const waited = entry.status.id === QUEUE_STATUS.Waiting ? waitingMinutes(entry.waitingSince, now) : null;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('roles.confirmTitle'),
      children: <Text size="sm">{t('queue.deleteText', { name: entry.patient.name })}</Text>,
      labels: { confirm: t('roles.confirmYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: () => toastSuccess(t('queue.deleted', { name: entry.patient.name })),
          onError: (error) => {
            if (isApiError(error) && error.handled) return;
            toastError(t('queue.deleteFailed'), errorMessage(translate, error));
          },
        }),
    });

  return (
    <Table.Tr data-testid="queue-row" data-queue-id={entry.id} data-status={entry.status.name}>
      <Table.Td
        style={{ borderInlineStart: `4px solid var(--mantine-color-${STATUS_COLOR[entry.status.id]}-6)` }}
      >
        <Text fw={700} size="lg" ff="monospace">
          {entry.ticketNumber}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.time(entry.date)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {format.date(entry.date)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} data-testid="queue-row-name">
            {entry.patient.name}
          </Text>
          {entry.patient.hasAlerts && <AlertMark />}
        </Group>
        <Text size="xs" c="dimmed">
          {t('patients.fileNumberShort', { number: entry.patient.fileNumber })} ·{' '}
          <bdi dir="ltr">{displayPhone(entry.patient.phone)}</bdi>
        </Text>
        {entry.note && (
          <Text size="xs" c="dimmed" lineClamp={1} title={entry.note}>
            {entry.note}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {entry.examTypes.map((type) => (
            <Badge key={type} size="sm" variant="outline" color="gray">
              {t(`queue.examTypes.${type}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {entry.doctor?.name ?? (
          <Text span c="dimmed" size="sm">
            {t('queue.anyDoctor')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <StatusBadge status={entry.status} />
          {entry.isRewaiting === 1 && (
            <Badge size="xs" variant="light" color="violet" data-testid="rewaiting-badge">
              {t('queue.rewaitingOn', { date: format.dateTime(entry.date) })}
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {waited !== null ? (
          <Text size="sm" c={waited >= 30 ? 'red.8' : undefined} fw={500}>
            {format.duration(waited)}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {board === 'open' && (
            <Button
              size="compact-sm"
              component={Link}
              to={boardLink(entry)}
              state={{ open: true } satisfies BoardState}
              leftSection={<IconStethoscope size={14} />}
              aria-label={`${t('queue.openBoard')}: ${entry.patient.name}`}
              data-testid="queue-open-board"
            >
              {t('queue.openBoard')}
            </Button>
          )}
          {board === 'show' && (
            <Tooltip label={t('queue.showBoard')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={boardLink(entry)}
                aria-label={`${t('queue.showBoard')}: ${entry.patient.name}`}
                data-testid="queue-show-board"
              >
                <IconEye />
              </ActionIcon>
            </Tooltip>
          )}
          {(actions.length > 0 || canEdit || canPrint || canDelete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  loading={pending}
                  aria-label={t('queue.actionsFor', { name: entry.patient.name })}
                  data-testid="queue-row-menu"
                >
                  <IconDots />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {actions.map((action) => (
                  <Menu.Item
                    key={action}
                    onClick={() => onMove(entry, action)}
                    color={action === 'cancel' ? 'red' : undefined}
                    data-testid={`queue-action-${action}`}
                  >
                    {t(`queue.actions.${action}`)}
                  </Menu.Item>
                ))}
                {actions.length > 0 && (canEdit || canPrint || canDelete) && <Menu.Divider />}
                {canEdit && (
                  <Menu.Item
                    leftSection={<IconEdit size={16} />}
                    onClick={() => onEdit(entry)}
                    data-testid="queue-edit"
                  >
                    {t('common.edit')}
                  </Menu.Item>
                )}
                {canPrint && (
                  <Menu.Item
                    leftSection={<IconPrinter size={16} />}
                    onClick={() => onPrint(entry)}
                    data-testid="queue-print"
                  >
                    {t('queue.ticket.print')}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={confirmDelete}
                    data-testid="queue-delete"
                  >
                    {t('common.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
