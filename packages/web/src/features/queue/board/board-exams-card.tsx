import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Board } from '@basira/shared/queue/board.schemas';
import { useFormatters } from '../../../lib/format.ts';
import { hasScreen, pathTo } from '../../../lib/routes.ts';
import { can } from '../../../lib/session-local.ts';
import { EXAM_TYPES, examLinks } from '../exam-links.ts';

/** The patient's exam records by type (this visit's marked), with a button to add each exam one may add. */
export function BoardExamsCard({
  board,
  permissions,
}: {
  board: Board;
  permissions: readonly string[] | undefined;
}) {
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
