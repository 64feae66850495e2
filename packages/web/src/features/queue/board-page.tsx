import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Board } from '@basira/shared/queue/board.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { IconEdit, IconPrinter } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientAlertsPanel } from '../../components/patient-alerts.tsx';
import { PatientDocuments } from '../../components/patient-documents.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { useFormatters, waitingMinutes } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { hasScreen, pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { EXAM_TYPES, examLinks } from './exam-links.ts';
import { boardLink, moveErrorMessage, visibleActions, type BoardState } from './queue-actions.ts';
import { boardShowQuery, boardVisitsQuery, useOpenBoard } from './queue.queries.ts';
import { TicketPrintModal } from './queue-ticket.tsx';
import { useNow } from './use-now.ts';
import { useStateMoves } from './use-state-moves.tsx';

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * /boards/:patientId/:queueId/:search? — one visit of one patient. Opened (`open board`: the entry moves to
 * WithDoctor) when asked by the link that led here; otherwise shown read-only (how a doctor re-enters).
 */
export function BoardPage() {
  const params = useParams();
  // Another visit's board (an earlier visit's link) starts afresh.
  return <BoardScreen key={`${params.patientId}-${params.queueId}`} />;
}

function BoardScreen() {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const permissions = me?.permissions;
  const params = useParams();
  const patientId = idOf(params.patientId);
  const queueId = idOf(params.queueId);
  const location = useLocation();
  const navigate = useNavigate();
  const wantsOpen = (location.state as BoardState | null)?.open === true && can(permissions, 'open board');
  const open = useOpenBoard();
  const [opening, setOpening] = useState(wantsOpen);
  // The navigation (its key) that asked to open: the bell may ask again for a board already on screen.
  const asked = useRef<string | null>(null);
  const board = useQuery({
    ...boardShowQuery(patientId ?? 0, queueId ?? 0),
    enabled: patientId !== null && queueId !== null && !opening && can(permissions, 'show board'),
  });
  useLoadFailure(board.error, pathTo('doctorIndex'));

  useEffect(() => {
    if (!wantsOpen || asked.current === location.key || patientId === null || queueId === null) return;
    asked.current = location.key;
    setOpening(true);
    open.mutate(
      { patientId, queueId },
      {
        onError: (error) => {
          if (!(isApiError(error) && error.handled))
            toastError(t('board.openFailed'), moveErrorMessage(translate, error, 'open'));
        },
        onSettled: () => {
          setOpening(false);
          // Opened once: a reload of this page shows the board, it does not open it again.
          void navigate(location.pathname, { replace: true, state: null });
        },
      },
    );
  }, [wantsOpen, location.key]);

  const data = board.data ?? open.data;
  const title = t('board.title');
  if (patientId === null || queueId === null) return <PageFrame title={title} />;
  if (!data) {
    const failed = open.isError && !can(permissions, 'show board');
    return (
      <PageFrame title={title} loading={!failed && !board.error} backFallback={pathTo('doctorIndex')}>
        {failed && (
          <Alert color="red" data-testid="board-open-failed">
            {t('board.openFailed')}
          </Alert>
        )}
      </PageFrame>
    );
  }
  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'ar-iq' }}>
      <BoardView board={data} permissions={permissions} />
    </DatesProvider>
  );
}

function BoardView({ board, permissions }: { board: Board; permissions: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { patient, visit } = board;
  const moves = useStateMoves();
  const [printing, setPrinting] = useState(false);
  const now = useNow(30_000);
  const actions = visibleActions(visit.status.id, permissions);
  // A recall dated later has not started waiting yet.
  const waitedNow = visit.status.id === QUEUE_STATUS.Waiting ? waitingMinutes(visit.waitingSince, now) : null;
  const notYet = visit.status.id === QUEUE_STATUS.Waiting && waitedNow === null;

  return (
    <PageFrame
      title={t('board.title')}
      backFallback={pathTo('doctorIndex')}
      patientName={
        <>
          {patient.name} · {t('patients.fileNumberShort', { number: patient.fileNumber })}
        </>
      }
      actions={
        <Group gap="xs" data-testid="board-actions">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'finish' ? 'filled' : action === 'cancel' ? 'light' : 'default'}
              color={action === 'cancel' ? 'red' : undefined}
              loading={moves.pendingId === visit.id}
              onClick={() => moves.run(visit, action)}
              data-testid={`board-action-${action}`}
            >
              {t(`queue.actions.${action}`)}
            </Button>
          ))}
          {can(permissions, 'edit queue') && (
            <Button
              variant="subtle"
              component={Link}
              to={`${pathTo('queueAdd')}?id=${visit.id}`}
              leftSection={<IconEdit size={16} />}
            >
              {t('board.editVisit')}
            </Button>
          )}
          {can(permissions, 'print squint') && (
            <Button
              variant="subtle"
              leftSection={<IconPrinter size={16} />}
              onClick={() => setPrinting(true)}
            >
              {t('queue.ticket.print')}
            </Button>
          )}
        </Group>
      }
    >
      <Stack gap="md">
        <Card withBorder padding="md" data-testid="board-patient">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2}>
              <Title order={2} fz="h3" data-testid="board-patient-name">
                {patient.name}
              </Title>
              <Group gap="md" wrap="wrap">
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('patients.fileNumber')}:
                  </Text>{' '}
                  <Text span fw={700} ff="monospace">
                    {patient.fileNumber}
                  </Text>
                </Text>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('patients.age')}:
                  </Text>{' '}
                  {patient.birthDateApproximate ? '≈ ' : ''}
                  {t('patients.ageYears', { count: patient.age })}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('patients.sex')}:
                  </Text>{' '}
                  {patient.isMale === 1 ? t('patients.male') : t('patients.female')}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('patients.phone')}:
                  </Text>{' '}
                  <Anchor href={`tel:${patient.phone}`} dir="ltr" size="sm">
                    {displayPhone(patient.phone, patient.country.prefix)}
                  </Anchor>
                </Text>
                {patient.guardianName && (
                  <Text size="sm">
                    <Text span c="dimmed">
                      {t('patients.guardian')}:
                    </Text>{' '}
                    {patient.guardianName}
                    {patient.guardianPhone && (
                      <>
                        {' · '}
                        <bdi dir="ltr">{displayPhone(patient.guardianPhone, patient.country.prefix)}</bdi>
                      </>
                    )}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
          {patient.hasAlerts && (
            <div style={{ marginBlockStart: 'var(--mantine-spacing-sm)' }}>
              <PatientAlertsPanel alerts={patient.alerts} />
            </div>
          )}
          {patient.notes && (
            <Text size="sm" mt="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {patient.notes}
            </Text>
          )}
        </Card>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder padding="md" h="100%" data-testid="board-visit">
              <Title order={2} fz="h4" mb="sm">
                {t('board.thisVisit')}
              </Title>
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                <Text size="sm" c="dimmed">
                  {t('queue.ticket.short')}
                </Text>
                <Text size="sm" fw={700}>
                  {visit.ticketNumber}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('queue.statusLabel')}
                </Text>
                <Group gap={4}>
                  <StatusBadge status={visit.status} data-testid="board-status" />
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
                    ? visit.examTypes
                        .map((type) => t(`queue.examTypes.${type}`))
                        .join(t('common.listSeparator'))
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
                          {event.by ? ` · ${event.by.name}` : ''}
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ExamsCard board={board} permissions={permissions} />
          </Grid.Col>
        </Grid>

        <EarlierVisits board={board} permissions={permissions} />

        <Card withBorder padding="md">
          <Title order={2} fz="h4" mb="sm">
            {t('documents.title')}
            {board.documentsTotal > board.documents.length && (
              <Text span size="sm" c="dimmed" ms="xs">
                {t('board.documentsTotal', { count: board.documentsTotal })}
              </Text>
            )}
          </Title>
          <PatientDocuments
            patientId={patient.id}
            queueId={visit.id}
            canEdit={can(permissions, 'edit patient')}
            initial={board.documents}
          />
        </Card>
      </Stack>
      {moves.modal}
      <TicketPrintModal queueId={printing ? visit.id : null} onClose={() => setPrinting(false)} />
    </PageFrame>
  );
}

function ExamsCard({ board, permissions }: { board: Board; permissions: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { patient, visit } = board;
  const addable = EXAM_TYPES.filter((type) => hasScreen(type.add) && can(permissions, type.addPermission));
  return (
    <Card withBorder padding="md" h="100%" data-testid="board-exams">
      <Title order={2} fz="h4" mb="sm">
        {t('board.exams')}
      </Title>
      {addable.length > 0 && (
        <Group gap={6} mb="sm">
          {addable.map((type) => (
            <Button
              key={type.key}
              size="compact-sm"
              variant="light"
              component={Link}
              to={pathTo(type.add, { patientId: patient.id, queueId: visit.id })}
            >
              {t('board.addExam', { type: t(`exams.types.${type.key}`) })}
            </Button>
          ))}
        </Group>
      )}
      {board.exams.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="board-no-exams">
          {t('board.noExams')}
        </Text>
      ) : (
        <Stack gap="sm">
          {board.exams.map((group) => {
            const links = examLinks(group.type);
            const label = links ? t(`exams.types.${links.key}`) : group.type;
            return (
              <div key={group.type} data-testid="board-exam-group">
                <Group gap={6} mb={4}>
                  <Text fw={600} size="sm">
                    {label}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {group.total}
                  </Badge>
                </Group>
                <Stack gap={2}>
                  {group.records.map((record) => {
                    const text = `${format.dateTime(record.createdAt)}${record.createdBy ? ` · ${record.createdBy.name}` : ''}`;
                    const thisVisit = record.queueId === visit.id;
                    return (
                      <Group key={record.id} gap={6}>
                        {links && hasScreen(links.update) && record.queueId !== null ? (
                          <Anchor
                            component={Link}
                            size="sm"
                            to={pathTo(links.update, {
                              patientId: patient.id,
                              queueId: record.queueId,
                              id: record.id,
                            })}
                          >
                            {text}
                          </Anchor>
                        ) : (
                          <Text size="sm">{text}</Text>
                        )}
                        {thisVisit && (
                          <Badge size="xs" variant="light">
                            {t('board.thisVisit')}
                          </Badge>
                        )}
                      </Group>
                    );
                  })}
                </Stack>
              </div>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

function EarlierVisits({ board, permissions }: { board: Board; permissions: readonly string[] | undefined }) {
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
