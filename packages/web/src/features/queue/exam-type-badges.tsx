import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';

/** What a visit comes for, as small outlined badges (queue list and doctor page). */
export function ExamTypeBadges({ types }: { types: readonly VisitReason[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {types.map((type) => (
        <Badge key={type} size="sm" variant="outline" color="gray">
          {t(`queue.examTypes.${type}`)}
        </Badge>
      ))}
    </Group>
  );
}
