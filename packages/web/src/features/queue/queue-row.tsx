import type { ReactNode } from 'react';
import { Badge, Button, Menu, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import {
  IconCalendar,
  IconEdit,
  IconEye,
  IconPrinter,
  IconStethoscope,
  IconTrash,
} from '../../components/icons.tsx';
import { AlertMark } from '../../components/patient-alerts.tsx';
import { STATUS_COLOR, TicketText, VisitStatusBadge } from '../../components/status-badge.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn, useFormatters, waitingMinutes } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import {
  boardEntry,
  boardLink,
  bookDayLink,
  isDue,
  localDayOf,
  visibleActions,
  type BoardState,
} from './queue-actions.ts';
import { useDeleteQueueEntry } from './queue.queries.ts';
import type { useStateMoves } from './use-state-moves.tsx';
import { ExamTypeBadges } from './exam-type-badges.tsx';
import { PatientNameLink } from '../../components/patient-name-link.tsx';
import { RowAction, RowActions } from '../../components/row-action.tsx';
import { RowMenu } from '../../components/row-menu.tsx';
import { Cell } from '../../components/row-cell.tsx';

/** One visit in the queue list: ticket, patient, status and wait, with the board link and the row's menu. */
export function QueueRow({
  entry,
  now,
  permissions,
  pending,
  onMove,
  onEdit,
  badge,
  action,
}: {
  entry: QueueEntry;
  /** Another feature's badge under the name (what the patient owes). */
  badge?: ReactNode;
  /** Another feature's action before the menu (Pay). */
  action?: ReactNode;
  now: number;
  permissions: readonly string[] | undefined;
  pending: boolean;
  onMove: ReturnType<typeof useStateMoves>['run'];
  onEdit: (entry: QueueEntry) => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const remove = useDeleteQueueEntry();
  const booked = entry.status.id === QUEUE_STATUS.Booked;
  const actions = visibleActions(
    entry.status.id,
    permissions,
    isDue(entry, dayIn(format.timeZone), format.timeZone),
  );
  const canBook = can(permissions, 'show appointments') || can(permissions, 'book appointments');
  const board = boardEntry(entry.status.id, permissions);
  const canEdit = can(permissions, 'edit queue');
  // A ticket is printed once there is one (a booking gets it on arrival).
  const canPrint = can(permissions, 'print squint') && entry.ticketNumber !== null;
  const canDelete = can(permissions, 'delete queue');
  // Waiting, and already due (a recall dated later has not started waiting yet).
  const waited = entry.status.id === QUEUE_STATUS.Waiting ? waitingMinutes(entry.waitingSince, now) : null;
  // An arrived booking keeps its booked time: reception sees who came early or late.
  const bookedTime = entry.arrivedAt !== null && entry.slotMinutes !== null ? format.time(entry.date) : null;

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
    <Table.Tr
      data-testid="queue-row"
      data-queue-id={entry.id}
      data-status={entry.status.name}
      data-recall={booked && entry.slotMinutes === null ? 1 : undefined}
    >
      <Cell
        style={{ borderInlineStart: `4px solid var(--mantine-color-${STATUS_COLOR[entry.status.id]}-6)` }}
      >
        {entry.ticketNumber !== null ? (
          <p className="row-text row-number" data-size="lg" style={{ fontWeight: 700 }}>
            {entry.ticketNumber}
          </p>
        ) : (
          <p className="row-text row-dimmed" data-testid="queue-row-no-ticket">
            <TicketText entry={entry} />
          </p>
        )}
      </Cell>
      <Cell>
        <p className="row-text row-nowrap">
          {booked && entry.slotMinutes === null ? t('queue.recall') : format.time(entry.date)}
        </p>
        <p className="row-text row-dimmed row-nowrap" data-size="xs">
          {format.date(entry.date)}
        </p>
      </Cell>
      <Cell>
        <div className="row-line">
          <PatientNameLink patient={entry.patient} size="sm" fw={600} data-testid="queue-row-name" />
          {entry.patient.hasAlerts && <AlertMark />}
        </div>
        <p className="row-text row-dimmed" data-size="xs">
          {t('patients.fileNumberShort', { number: entry.patient.fileNumber })} ·{' '}
          <bdi dir="ltr" className="row-nowrap" data-testid="queue-row-phone">
            {displayPhone(entry.patient.phone)}
          </bdi>
        </p>
        {badge}
        {entry.note && (
          <p className="row-text row-dimmed row-clamp" data-size="xs" title={entry.note}>
            {entry.note}
          </p>
        )}
      </Cell>
      <Cell>
        <ExamTypeBadges types={entry.examTypes} />
      </Cell>
      <Cell>{entry.doctor?.name ?? <span className="row-dimmed">{t('queue.anyDoctor')}</span>}</Cell>
      <Cell>
        <div className="row-stack">
          <VisitStatusBadge entry={entry} />
          {entry.isRewaiting === 1 && (
            <Badge size="xs" variant="light" color="violet" data-testid="rewaiting-badge">
              {t('queue.rewaitingOn', { date: format.dateTime(entry.date) })}
            </Badge>
          )}
        </div>
      </Cell>
      <Cell>
        {waited !== null ? (
          <p
            className="row-text"
            style={{ fontWeight: 500, color: waited >= 30 ? 'var(--mantine-color-red-8)' : undefined }}
          >
            {format.duration(waited)}
          </p>
        ) : (
          '—'
        )}
        {bookedTime && (
          <p className="row-text row-dimmed row-nowrap" data-size="xs" data-testid="queue-row-booked-time">
            {t('queue.bookedAt')} <bdi dir="ltr">{bookedTime}</bdi>
          </p>
        )}
      </Cell>
      <RowActions>
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
          <RowAction
            label={t('queue.showBoard')}
            to={boardLink(entry)}
            of={entry.patient.name}
            testId="queue-show-board"
            icon={<IconEye />}
          />
        )}
        {actions.includes('arrive') && (
          <Button
            size="compact-sm"
            variant="light"
            color="violet"
            onClick={() => onMove(entry, 'arrive')}
            aria-label={`${t('queue.actions.arrive')}: ${entry.patient.name}`}
            data-testid="queue-arrive"
          >
            {t('queue.actions.arrive')}
          </Button>
        )}
        {booked && canBook && (
          <RowAction
            label={t('queue.toBookDay', { date: format.date(entry.date) })}
            to={bookDayLink(localDayOf(entry.date, format.timeZone))}
            of={entry.patient.name}
            testId="queue-to-book"
            icon={<IconCalendar />}
          />
        )}
        {action}
        {(actions.length > 0 || canEdit || canPrint || canDelete) && (
          <RowMenu
            label={t('queue.actionsFor', { name: entry.patient.name })}
            testId="queue-row-menu"
            loading={pending}
          >
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
                component={Link}
                to={pathTo('queuePrint', { id: entry.id })}
                target="_blank"
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
          </RowMenu>
        )}
      </RowActions>
    </Table.Tr>
  );
}
