import { Button, Card, Group, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { EXAM_PERMISSIONS, EXAM_TYPES } from '@basira/shared/exams/exam-types';
import type { Board } from '@basira/shared/queue/board.schemas';
import { ExamGroupsList } from '../../../components/exam-groups-list.tsx';
import { pathTo, type RouteName } from '../../../lib/routes.ts';
import { canAny } from '../../../lib/session-local.ts';

/**
 * The board's exam records (this visit's marked) and a button to add each type one may add.
 */
export function BoardExamsCard({
  board,
  permissions,
}: {
  board: Board;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const { patient, visit } = board;
  const addable = EXAM_TYPES.filter((type) => canAny(permissions, EXAM_PERMISSIONS[type].add));
  return (
    <Card withBorder padding="md" h="100%" data-testid="board-exams">
      <Title order={2} fz="h4" mb="sm">
        {t('board.exams')}
      </Title>
      {addable.length > 0 && (
        <Group gap={6} mb="sm">
          {addable.map((type) => (
            <Button
              key={type}
              size="compact-sm"
              variant="light"
              component={Link}
              to={pathTo(`${type}Add` as RouteName, { patientId: patient.id, queueId: visit.id })}
              data-testid={`board-add-${type}`}
            >
              {t('board.addExam', { type: t(`exams.types.${type}`) })}
            </Button>
          ))}
        </Group>
      )}
      <ExamGroupsList
        patientId={patient.id}
        groups={board.exams}
        permissions={permissions}
        currentQueueId={visit.id}
      />
    </Card>
  );
}
