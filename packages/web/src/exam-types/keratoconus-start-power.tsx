import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { roundToStep } from '@basira/shared/clinical/rounding';
import { cornealPlaneRefraction } from '@basira/shared/clinical/vertex';
import { EXAM_PERMISSIONS, readersOf } from '@basira/shared/exams/exam-types';
import { rxText } from '@basira/shared/exams/spectacles';
import type { SpectaclesRecord } from '@basira/shared/patients/patient-file.schemas';
import { ClinicalValue } from '../components/clinical-value.tsx';
import { canAny } from '../lib/session-local.ts';
import { useMe } from '../lib/use-me.ts';
import { useExamForm } from '../features/exams/exam-form-context.ts';
import { examPageQuery } from '../features/exams/exams.queries.ts';

const SIDES = ['right', 'left'] as const;

/**
 * Under a keratoconus record's lens fitting: the patient's latest final spectacle Rx at the corneal plane (each
 * meridian vertex-converted at the record's vertex distance), and a button that starts each eye's lens power from
 * its sphere, rounded to the power field's 0.25 D (a lens fitted on K lets the tear lens take the cylinder).
 */
export function KeratoconusStartPower({ path }: { path: string }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const me = useMe();
  const records = useQuery({
    ...examPageQuery('spectacles', form.patientId, 1, ''),
    enabled: !form.readOnly && canAny(me?.permissions, readersOf(EXAM_PERMISSIONS.spectacles)),
    retry: false,
  });
  const record = ((records.data?.data ?? []) as unknown as SpectaclesRecord[]).find((r) =>
    r.readings?.some((reading) => reading.isFinal),
  );
  const final = record?.readings?.find((reading) => reading.isFinal);
  const planes = SIDES.flatMap((side) => {
    const eye = final?.[side];
    if (eye?.sphere == null) return [];
    const plane = cornealPlaneRefraction(
      { sphere: eye.sphere, cylinder: eye.cylinder ?? 0, axis: eye.axis ?? 180 },
      record?.lens?.vertexDistance,
    );
    return Number.isFinite(plane.sphere) && Number.isFinite(plane.cylinder) ? [{ side, plane }] : [];
  });
  if (form.readOnly || planes.length === 0) return null;
  const start = () => {
    for (const { side, plane } of planes) form.setValue(`${path}.${side}.power`, roundToStep(plane.sphere));
  };
  return (
    <Group gap="xs" mt="xs" data-testid="keratoconus-start-power">
      <Text size="sm" c="dimmed">
        {t('examForm.rxAtCornea')}:{' '}
        {planes.map(({ side, plane }, i) => (
          <span key={side} data-testid={`keratoconus-rx-cornea-${side}`}>
            {i > 0 && ' · '}
            {t(`exams.eyes.${side}Short`)} <ClinicalValue text={rxText(plane)} />
          </span>
        ))}
      </Text>
      <Button size="compact-xs" variant="default" onClick={start} data-testid="keratoconus-use-start-power">
        {t('examForm.useStartPower')}
      </Button>
    </Group>
  );
}
