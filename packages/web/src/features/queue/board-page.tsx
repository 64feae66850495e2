import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Board } from '@basira/shared/queue/board.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { IconEdit, IconPrinter } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientCard } from '../../components/patient-card.tsx';
import { PatientDocuments } from '../../components/patient-documents.tsx';
import { VisitHistory } from '../../components/visit-history.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { idParam, pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { BoardExamsCard } from './board/board-exams-card.tsx';
import { BoardLettersCard } from './board/board-letters-card.tsx';
import { BoardPrintsCard } from './board/board-prints-card.tsx';
import { BoardVisitCard } from './board/board-visit-card.tsx';
import { asksToOpen, isDue, moveErrorMessage, visibleActions } from './queue-actions.ts';
import { dayIn } from '../../lib/format.ts';
import { boardShowQuery, boardVisitsQuery, useOpenBoard } from './queue.queries.ts';
import { useStateMoves } from './use-state-moves.tsx';

/**
 * /boards/:patientId/:queueId/:search? — one visit of one patient. Opened (`open board`: the entry moves to
 * WithDoctor) when asked by the link that led here; otherwise shown read-only (how a doctor re-enters).
 */
export function BoardPage({ cards }: { cards?: BoardCards }) {
  const params = useParams();
  // Another visit's board (an earlier visit's link) starts afresh.
  return <BoardScreen key={`${params.patientId}-${params.queueId}`} cards={cards} />;
}

/** Cards of other features on the board (Telegram), handed in by app/: a feature never imports another. */
export type BoardCards = (board: Board, permissions: readonly string[] | undefined) => ReactNode;

function BoardScreen({ cards }: { cards?: BoardCards }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const permissions = me?.permissions;
  const params = useParams();
  const patientId = idParam(params.patientId);
  const queueId = idParam(params.queueId);
  const location = useLocation();
  const navigate = useNavigate();
  const wantsOpen = asksToOpen(location.state, permissions);
  const open = useOpenBoard();
  const [opening, setOpening] = useState(wantsOpen);
  // The navigation (its key) that asked to open: the bell may ask again for a board already on screen.
  const asked = useRef<string | null>(null);
  const board = useQuery({
    ...boardShowQuery(patientId ?? 0, queueId ?? 0),
    enabled: patientId !== null && queueId !== null && !opening && can(permissions, 'show board'),
  });
  // A link to a visit that is gone (deleted, or its patient deleted or merged) says so, on the page it led to.
  const missing = isApiError(board.error) && board.error.status === 404 ? board.error : null;
  useLoadFailure(missing ? null : board.error, pathTo('doctorIndex'));
  const patientGone = missing?.code === 'patient.deleted';

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
  if (missing)
    return (
      <PageFrame title={title} backFallback={pathTo('doctorIndex')}>
        <Alert color="orange" title={t('board.missingTitle')} data-testid="board-missing">
          <Text size="sm">{patientGone ? t('board.patientDeleted') : t('board.missingText')}</Text>
          <Group gap="md" mt="sm">
            {!patientGone && (
              <Anchor component={Link} to={pathTo('patientFile', { patientId })}>
                {t('patientFile.title')}
              </Anchor>
            )}
            <Anchor component={Link} to={pathTo('doctorIndex')}>
              {t('nav.doctor')}
            </Anchor>
          </Group>
        </Alert>
      </PageFrame>
    );
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
    <>
      <BoardView board={data} permissions={permissions} cards={cards} />
    </>
  );
}

function BoardView({
  board,
  permissions,
  cards,
}: {
  board: Board;
  permissions: readonly string[] | undefined;
  cards?: BoardCards;
}) {
  const { t } = useTranslation();
  const { patient, visit } = board;
  const translate = useTranslator();
  const moves = useStateMoves();
  const start = useOpenBoard();
  const timeZone = useMe()?.organization.timeZone;
  // A booking arrives (or is missed) on its day, not before.
  const actions = visibleActions(visit.status.id, permissions, isDue(visit, dayIn(timeZone), timeZone));
  // Shown, not opened (from the bell, a list, the patient's file): the doctor starts the visit here.
  const canStart = visit.status.id === QUEUE_STATUS.Waiting && can(permissions, 'open board');

  return (
    <PageFrame
      title={t('board.title')}
      backFallback={pathTo('doctorIndex')}
      patientName={
        <>
          <bdi>{patient.name}</bdi> · {t('patients.fileNumberShort', { number: patient.fileNumber })}
        </>
      }
      actions={
        <Group gap="xs" data-testid="board-actions">
          {canStart && (
            <Button
              loading={start.isPending}
              onClick={() =>
                start.mutate(
                  { patientId: patient.id, queueId: visit.id },
                  {
                    onError: (error) => {
                      if (!(isApiError(error) && error.handled))
                        toastError(t('board.openFailed'), moveErrorMessage(translate, error, 'open'));
                    },
                  },
                )
              }
              data-testid="board-action-open"
            >
              {t('board.start')}
            </Button>
          )}
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
          {can(permissions, 'print squint') && visit.ticketNumber !== null && (
            <Button
              variant="subtle"
              leftSection={<IconPrinter size={16} />}
              component={Link}
              to={pathTo('queuePrint', { id: visit.id })}
              target="_blank"
              data-testid="board-print-ticket"
            >
              {t('queue.ticket.print')}
            </Button>
          )}
        </Group>
      }
    >
      <Stack gap="md">
        <PatientCard patient={patient} linkToFile />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <BoardVisitCard visit={visit} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <BoardExamsCard board={board} permissions={permissions} />
          </Grid.Col>
        </Grid>

        <BoardLettersCard patientId={patient.id} queueId={visit.id} permissions={permissions} />

        <BoardPrintsCard patientId={patient.id} permissions={permissions} />

        {cards?.(board, permissions)}

        <VisitHistory
          title={t('board.earlierVisits')}
          empty={t('board.noEarlierVisits')}
          first={board.earlierVisits}
          pageQuery={(page) => boardVisitsQuery(patient.id, page, visit.id)}
          permissions={permissions}
        />

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
    </PageFrame>
  );
}
