import { Alert, Button, Card, Group, List, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sphericalEquivalent, transpose } from '@basira/shared/clinical/refraction';
import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';
import { cornealPlaneRefraction, needsCornealPlane } from '@basira/shared/clinical/vertex';
import { allergiesOf, medicationInput, type ConsultationDerived } from '@basira/shared/exams/consultation';
import type { DeriveContext } from '@basira/shared/exams/exam-definition';
import { EXAM_PERMISSIONS, readersOf, type ExamType } from '@basira/shared/exams/exam-types';
import { scheduleText, totalDays } from '@basira/shared/exams/medication-schedule';
import { examDefinition } from '@basira/shared/exams/registry';
import { canAny } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { drugListQuery } from './code-lists/codes.queries.ts';
import { examPageQuery } from './exams.queries.ts';
import { ClinicalValue } from '../../components/clinical-value.tsx';
import { ExamResults, TYPES_WITH_RESULTS } from '../../components/exam-results.tsx';
import { useExamForm } from './exam-form-context.ts';
import { KeratoconusStartPower } from './keratoconus-start-power.tsx';
import type { ItemExtras } from './exam-fields.tsx';

const SIDES = ['right', 'left'] as const;

/**
 * A spectacles reading: each eye's spherical equivalent, live, the refraction at the corneal plane for the
 * record's vertex distance beside an eye whose strongest meridian reaches ±4.00 D (vertex.ts, as the server
 * stores it in `derived.readings[i].<eye>.cornealPlane`), and the plus/minus cylinder transposition of both eyes
 * on one button (clinical-optics.md §3.1–§3.3).
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
              {t(`exams.eyes.${side}Short`)}{' '}
              <ClinicalValue
                text={`${formatDiopters(plane.sphere)}${plane.cylinder ? ` ${formatDiopters(plane.cylinder)} × ${formatAxis(plane.axis)}` : ''}`}
              />
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

/** Under each medication of a consultation: its schedule in words, live, as the prescription will print it. */
function MedicationSchedule({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const form = useExamForm();
  const med = form.getValue(path);
  if (!med || typeof med !== 'object') return null;
  let schedule: { text: string; days: number | null };
  try {
    const input = medicationInput(med as Parameters<typeof medicationInput>[0]);
    schedule = { text: scheduleText(input)[i18n.language === 'en' ? 'en' : 'ar'], days: totalDays(input) };
  } catch {
    return null;
  }
  const { text, days } = schedule;
  if (!text) return null;
  return (
    <Text size="sm" mt="xs" c="dimmed" dir="auto" data-testid="consultation-schedule">
      {text}
      {days !== null && ` · ${t('consultation.totalDays', { count: days })}`}
    </Text>
  );
}

export const ITEM_EXTRAS: ItemExtras = {
  'spectacles.readings': ReadingExtras,
  'consultation.medications:after': MedicationSchedule,
  'keratoconus.fitting:after': KeratoconusStartPower,
};

interface FollowUpIop {
  queueId: number | null;
  iop?: { right?: { value?: number | null }; left?: { value?: number | null } }[] | null;
}

/**
 * What a type's live calculation needs beyond the form (`derive.usesContext`), as the server builds it on save:
 * the patient's allergies, the formulary's classes, and whether a follow-up of this visit has an IOP reading.
 */
export function useDeriveContext(
  type: ExamType,
  patientId: number,
  queueId: number,
  allergies: string | null | undefined,
): DeriveContext | undefined {
  const me = useMe();
  const enabled = examDefinition(type).derive?.usesContext === true;
  const formulary = useQuery({ ...drugListQuery(''), enabled });
  // The visit's IOP is in its follow-up, read only by whoever may read follow-ups (the server sees it anyway).
  const followUps = useQuery({
    ...examPageQuery('followUp', patientId, 1, ''),
    enabled: enabled && canAny(me?.permissions, readersOf(EXAM_PERMISSIONS.followUp)),
    retry: false,
  });
  if (!enabled) return undefined;
  const drugs: DeriveContext['drugs'] = Object.fromEntries(
    (formulary.data ?? []).map((d) => [d.id, { name: d.name, class: d.class }]),
  );
  const visitHasIop = ((followUps.data?.data ?? []) as FollowUpIop[]).some(
    (r) =>
      r.queueId === queueId &&
      (r.iop ?? []).some((reading) => reading.right?.value != null || reading.left?.value != null),
  );
  return { allergies: allergiesOf(allergies), drugs, visitHasIop };
}

/** A consultation's warnings on its prescription, before it is saved (and as saved). */
function ConsultationWarnings({ derived }: { derived: unknown }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const warnings = (derived as ConsultationDerived | undefined)?.warnings ?? [];
  if (warnings.length === 0) return null;
  const nameOf = (index: unknown) => {
    const name = typeof index === 'number' ? form.getValue(`medications.${index}.name`) : null;
    return typeof name === 'string' && name
      ? name
      : t('consultation.medicationNumber', { n: Number(index) + 1 });
  };
  return (
    <Alert
      color="orange"
      role="alert"
      title={t('consultation.warningsTitle')}
      data-testid="consultation-warnings"
    >
      <List size="sm">
        {warnings.map((w, i) => {
          const warning = w as Record<string, unknown>;
          const pair = Array.isArray(warning.medications) ? (warning.medications as number[]) : [];
          return (
            <List.Item key={i} data-testid={`consultation-warning-${w.code}`}>
              {t(`consultation.warnings.${w.code}`, {
                name: nameOf(warning.medication),
                allergy: String(warning.allergy ?? ''),
                first: nameOf(pair[0]),
                second: nameOf(pair[1]),
                class: t(`codeLists.classes.${String(warning.class ?? 'other')}`),
                eye: t(`exams.values.${String(warning.eye ?? 'both')}`),
                days: Number(warning.totalDays ?? 0),
              })}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

/** What the server computes from the record, computed here live as it is typed (the same shared functions). */
export function DerivedPanel({ type, derived }: { type: ExamType; derived: unknown }) {
  const { t } = useTranslation();
  const form = useExamForm();
  const target = (side: 'right' | 'left') => {
    const value = form.getValue(`lens.${side}.targetRefraction`);
    return typeof value === 'number' ? value : null;
  };
  if (type === 'consultation') return <ConsultationWarnings derived={derived} />;
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
