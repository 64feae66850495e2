import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDiopters, roundToStep } from '@basira/shared/clinical/rounding';
import { sphericalEquivalent, transpose } from '@basira/shared/clinical/refraction';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { ExamResults, TYPES_WITH_RESULTS } from '../../components/exam-results.tsx';
import { useExamForm } from './exam-form-context.ts';
import type { ItemExtras } from './exam-fields.tsx';

const SIDES = ['right', 'left'] as const;

/**
 * A spectacles reading: each eye's spherical equivalent, live, and the plus/minus cylinder transposition of both
 * eyes on one button (clinical-optics.md §3.1, §3.2).
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
    // Shown to the quarter dioptre, ties away from zero (clinical-optics.md decisions); stored unrounded.
    const se = rx ? roundToStep(sphericalEquivalent(rx.sphere, rx.cylinder)) : null;
    return se === null ? null : `${t(`exams.eyes.${side}Short`)} ${formatDiopters(se)}`;
  }).filter(Boolean);
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
        <Text size="sm" c="dimmed" dir="ltr" data-testid="exam-se">
          {t('examForm.se')}: {se.join(' · ')}
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

export const ITEM_EXTRAS: ItemExtras = { 'spectacles.readings': ReadingExtras };

/** What the server computes from the record, computed here live as it is typed (the same shared functions). */
export function DerivedPanel({ type, derived }: { type: ExamType; derived: unknown }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const target = (side: 'right' | 'left') => {
    const value = form.getValue(`lens.${side}.targetRefraction`);
    return typeof value === 'number' ? value : null;
  };
  if (!TYPES_WITH_RESULTS.includes(type)) return null;
  return (
    <Card withBorder padding="md" data-testid="exam-derived">
      <Title order={2} fz="h5" mb="sm">
        {t('examForm.calculated')}
      </Title>
      <ExamResults type={type} derived={derived} targets={{ right: target('right'), left: target('left') }} />
    </Card>
  );
}
