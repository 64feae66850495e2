import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { sphericalEquivalent, transpose } from '@basira/shared/clinical/refraction';
import { cornealPlaneRefraction, needsCornealPlane } from '@basira/shared/clinical/vertex';
import { EXAM_PERMISSIONS, readersOf } from '@basira/shared/exams/exam-types';
import { rxText, spectacles } from '@basira/shared/exams/spectacles';
import { ClinicalValue } from '../components/clinical-value.tsx';
import { IconDownload } from '../components/icons.tsx';
import { useExamForm } from '../features/exams/exam-form-context.ts';
import { SpectacleRxSheet, type SpectaclesData } from '../features/print/spectacle-rx-sheet.tsx';
import { apiBlob } from '../lib/api-client.ts';
import { isApiError } from '../lib/api-error.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { saveBlob } from '../lib/save-blob.ts';
import { canAny } from '../lib/session-local.ts';
import { toastError } from '../lib/toasts.ts';
import { useTranslator } from '../lib/use-translator.ts';
import type { ExamWebExtension } from './exam-extension.ts';

const SIDES = ['right', 'left'] as const;

/**
 * A spectacles reading: each eye's spherical equivalent, live, the refraction at the corneal plane for the
 * record's vertex distance beside an eye whose strongest meridian reaches ±4.00 D (vertex.ts, as the server
 * stores it in `derived.readings[i].<eye>.cornealPlane`), and the plus/minus cylinder transposition of both eyes
 * on one button (docs/clinical-optics.md §3.1–§3.3).
 */
function ReadingExtras({ path }: { path: string }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const eye = (side: 'right' | 'left') => {
    const sphere = form.getValue(`${path}.${side}.sphere`);
    const cylinder = form.getValue(`${path}.${side}.cylinder`);
    return typeof sphere === 'number'
      ? { sphere, cylinder: typeof cylinder === 'number' ? cylinder : 0 }
      : null;
  };
  const se = SIDES.map((side) => {
    const rx = eye(side);
    // Shown to the nearest 0.125 D by the shared rule (formatSphericalEquivalent); stored unrounded.
    return rx ? { side, se: sphericalEquivalent(rx.sphere, rx.cylinder) } : null;
  }).filter((entry) => entry !== null);
  const vertex = form.getValue('lens.vertexDistance');
  const cornealPlane = SIDES.map((side) => {
    const rx = eye(side);
    if (!rx || !needsCornealPlane(rx)) return null;
    const axis = form.getValue(`${path}.${side}.axis`);
    const plane = cornealPlaneRefraction(
      { ...rx, axis: typeof axis === 'number' ? axis : 180 },
      typeof vertex === 'number' ? vertex : null,
    );
    return Number.isFinite(plane.sphere) && Number.isFinite(plane.cylinder) ? { side, plane } : null;
  }).filter((entry) => entry !== null);
  const transposeBoth = () => {
    for (const side of SIDES) {
      const rx = eye(side);
      if (!rx || !rx.cylinder) continue;
      const axis = form.getValue(`${path}.${side}.axis`);
      const next = transpose({ ...rx, axis: typeof axis === 'number' ? axis : 180 });
      form.setValue(`${path}.${side}.sphere`, next.sphere);
      form.setValue(`${path}.${side}.cylinder`, next.cylinder);
      form.setValue(`${path}.${side}.axis`, next.axis);
    }
  };
  return (
    <Group gap="xs">
      {se.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="exam-se">
          {t('examForm.se')}:{' '}
          {se.map((entry, i) => (
            <span key={entry.side}>
              {i > 0 && ' · '}
              {t(`exams.eyes.${entry.side}Short`)} <ClinicalValue value={entry.se} kind="se" />
            </span>
          ))}
        </Text>
      )}
      {cornealPlane.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="exam-corneal-plane">
          {t('examForm.cornealPlane')}:{' '}
          {cornealPlane.map(({ side, plane }, i) => (
            <span key={side} data-testid={`exam-corneal-plane-${side}`}>
              {i > 0 && ' · '}
              {t(`exams.eyes.${side}Short`)} <ClinicalValue text={rxText(plane)} />
            </span>
          ))}
        </Text>
      )}
      {!form.readOnly && (
        <Button size="compact-xs" variant="default" onClick={transposeBoth} data-testid="exam-transpose">
          {t('examForm.transpose')}
        </Button>
      )}
    </Group>
  );
}

/** A saved spectacle record's prescription as a FHIR VisionPrescription file, for whoever may read or print it. */
function FhirDownload({ id, permissions }: { id: number; permissions: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const [downloading, setDownloading] = useState(false);
  const rights = EXAM_PERMISSIONS[spectacles.type];
  if (!canAny(permissions, [...readersOf(rights), ...rights.print])) return null;

  const downloadFhir = async () => {
    setDownloading(true);
    try {
      const { blob } = await apiBlob(`mo/exam/${spectacles.type}/${id}/fhir`);
      saveBlob(blob, `vision-prescription-${id}.json`);
    } catch (error) {
      if (!(isApiError(error) && error.handled))
        toastError(t('print.actions.fhirFailed'), errorMessage(translate, error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button
      variant="subtle"
      loading={downloading}
      onClick={() => void downloadFhir()}
      leftSection={<IconDownload size={16} />}
      data-testid="exam-fhir"
    >
      {t('print.actions.fhir')}
    </Button>
  );
}

/** The spectacles record: its reading's live optics, its FHIR file, and on paper the spectacle prescription. */
export const spectaclesExtension: ExamWebExtension = {
  itemExtras: { readings: ReadingExtras },
  SavedActions: FhirDownload,
  print: {
    titleKey: 'print.titles.spectacles',
    Sheet: ({ data, zeroAs }) => <SpectacleRxSheet data={data as SpectaclesData} zeroAs={zeroAs} />,
  },
};
