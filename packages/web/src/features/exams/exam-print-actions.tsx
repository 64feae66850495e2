import { Button } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { EXAM_PERMISSIONS, type ExamType } from '@basira/shared/exams/exam-types';
import { IconPrinter } from '../../components/icons.tsx';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';

/**
 * A saved record's print view (a new tab) for whoever may print its type, and the type's own actions on a saved
 * record (its extension's `SavedActions`: a prescription as a FHIR file).
 */
export function ExamPrintActions({
  type,
  id,
  permissions,
}: {
  type: ExamType;
  id: number;
  permissions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const { SavedActions } = useExamExtension(type);
  const canPrint = canAny(permissions, EXAM_PERMISSIONS[type].print);

  return (
    <>
      {canPrint && (
        <Button
          variant="light"
          component={Link}
          to={pathTo(`${type}Print` as RouteName, { id })}
          target="_blank"
          leftSection={<IconPrinter size={16} />}
          data-testid="exam-print"
        >
          {t('print.actions.print')}
        </Button>
      )}
      {SavedActions && <SavedActions id={id} permissions={permissions} />}
    </>
  );
}
