import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';

/** What a visit comes for, as small outlined badges (queue list and doctor page; components/list-row.css). */
export function ExamTypeBadges({ types }: { types: readonly VisitReason[] }) {
  const { t } = useTranslation();
  return (
    <div className="row-badges">
      {types.map((type) => (
        <Badge key={type} size="sm" variant="outline" color="gray">
          {t(`queue.examTypes.${type}`)}
        </Badge>
      ))}
    </div>
  );
}
