import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXAM_PERMISSIONS, readersOf, type ExamType } from '@basira/shared/exams/exam-types';
import { IconDownload, IconPrinter } from '../../components/icons.tsx';
import { apiBlob } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/**
 * A saved record's print view (a new tab) for whoever may print its type, and for a spectacle record its
 * prescription as a FHIR VisionPrescription file.
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
  const translate = useTranslator();
  const [downloading, setDownloading] = useState(false);
  const print = EXAM_PERMISSIONS[type].print;
  const canPrint = canAny(permissions, print);
  const canFhir =
    type === 'spectacles' && canAny(permissions, [...readersOf(EXAM_PERMISSIONS[type]), ...print]);

  const downloadFhir = async () => {
    setDownloading(true);
    try {
      const { blob } = await apiBlob(`mo/exam/spectacles/${id}/fhir`);
      saveBlob(blob, `vision-prescription-${id}.json`);
    } catch (error) {
      if (!(isApiError(error) && error.handled))
        toastError(t('print.actions.fhirFailed'), errorMessage(translate, error));
    } finally {
      setDownloading(false);
    }
  };

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
      {canFhir && (
        <Button
          variant="subtle"
          loading={downloading}
          onClick={() => void downloadFhir()}
          leftSection={<IconDownload size={16} />}
          data-testid="exam-fhir"
        >
          {t('print.actions.fhir')}
        </Button>
      )}
    </>
  );
}
