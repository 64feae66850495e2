import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';
import { EXAM_PERMISSIONS, readersOf } from '@basira/shared/exams/exam-types';
import type { Board } from '@basira/shared/queue/board.schemas';
import { useFormatters } from '../lib/format.ts';
import { IconPrinter } from './icons.tsx';
import { pathTo, type RouteName } from '../lib/routes.ts';
import { canAny } from '../lib/session-local.ts';
import { Ltr } from './clinical-value.tsx';

/**
 * A patient's exam records by type (board and patient's file): each type with its count and a link to its full
 * list, each record with its date, author and one-line summary, opening it where one may, and printing it (in a new
 * tab) where one may print its type. `currentQueueId` marks the records of the visit on screen.
 */
export function ExamGroupsList({
  patientId,
  groups,
  permissions,
  currentQueueId,
}: {
  patientId: number;
  groups: Board['exams'];
  permissions: readonly string[] | undefined;
  currentQueueId?: number;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-exams">
        {t('board.noExams')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {groups.map((group) => {
        const permissionsOfType = EXAM_PERMISSIONS[group.type];
        const canOpen = canAny(permissions, [...permissionsOfType.edit, ...permissionsOfType.show]);
        const canPrint = canAny(permissions, permissionsOfType.print);
        return (
          <div key={group.type} data-testid="exam-group">
            <Group gap={6} mb={4}>
              <Text fw={600} size="sm">
                {t(`exams.types.${group.type}`)}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {group.total}
              </Badge>
              {canAny(permissions, readersOf(permissionsOfType)) && (
                <Anchor
                  component={Link}
                  size="xs"
                  to={pathTo(`${group.type}Index` as RouteName, { patientId })}
                  data-testid={`exam-index-${group.type}`}
                >
                  {t('board.allExams')}
                </Anchor>
              )}
            </Group>
            <Stack gap={2}>
              {group.records.map((record) => {
                const when = `${format.dateTime(record.createdAt)}${record.createdBy ? ` · ${record.createdBy.name}` : ''}`;
                return (
                  <Group key={record.id} gap={6} wrap="nowrap" data-testid="exam-record">
                    {canOpen && record.queueId !== null ? (
                      <Anchor
                        component={Link}
                        size="sm"
                        to={pathTo(`${group.type}Update` as RouteName, {
                          patientId,
                          queueId: record.queueId,
                          id: record.id,
                        })}
                      >
                        {when}
                      </Anchor>
                    ) : (
                      <Text size="sm">{when}</Text>
                    )}
                    {canPrint && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        component={Link}
                        to={pathTo(`${group.type}Print` as RouteName, { id: record.id })}
                        target="_blank"
                        aria-label={t('print.actions.printRecord', { when })}
                        title={t('print.actions.print')}
                        data-testid="exam-record-print"
                      >
                        <IconPrinter size={14} />
                      </ActionIcon>
                    )}
                    {currentQueueId !== undefined && record.queueId === currentQueueId && (
                      <Badge size="xs" variant="light">
                        {t('board.thisVisit')}
                      </Badge>
                    )}
                    {record.summary && (
                      <Text size="sm" c="dimmed" truncate data-testid="exam-summary">
                        <Ltr>{record.summary}</Ltr>
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </div>
        );
      })}
    </Stack>
  );
}
