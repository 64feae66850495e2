import { useMemo } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sphericalEquivalent, transpose } from '@basira/shared/clinical/refraction';
import { formatAxis, formatDiopters } from '@basira/shared/clinical/rounding';
import { cornealPlaneRefraction, needsCornealPlane } from '@basira/shared/clinical/vertex';
import { medicationInput, type ConsultationDerived } from '@basira/shared/exams/consultation';
import type { DeriveContext } from '@basira/shared/exams/exam-definition';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { needsReason } from '@basira/shared/prescribing/prescription-check';
import { deriveContextResponseSchema } from '@basira/shared/prescribing/prescribing.schemas';
import { warningText, type StoredWarning } from '@basira/shared/prescribing/warning-text';
import { scheduleText, totalDays } from '@basira/shared/exams/medication-schedule';
import { examDefinition } from '@basira/shared/exams/registry';
import { apiRequest } from '../../lib/api-client.ts';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { drugListQuery } from './code-lists/codes.queries.ts';
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

/** A contraindication filled red; a caution and a reminder light (white on orange is below AA; theme.ts). */
const SEVERITY_STYLE: Record<string, { color: string; variant: 'filled' | 'light' }> = {
  contraindicated: { color: 'red.9', variant: 'filled' },
  caution: { color: 'orange', variant: 'light' },
  reminder: { color: 'blue', variant: 'light' },
};

/** The warnings of a consultation, each a sentence of its rule in the interface's language (warning-text.ts). */
function useWarningLines() {
  const { t, i18n } = useTranslation();
  const form = useExamForm();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const nameOf = (index: number) => {
    const name = form.getValue(`medications.${index}.name`);
    return typeof name === 'string' && name ? name : t('consultation.medicationNumber', { n: index + 1 });
  };
  const warnings = (form.derived as ConsultationDerived | undefined)?.warnings ?? [];
  return warnings.map((warning) => ({ warning, text: warningText(warning, lang, nameOf) }));
}

function WarningLine({ warning, text }: { warning: StoredWarning; text: string }) {
  const { t } = useTranslation();
  const severity = warning.severity ?? 'caution';
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid={`consultation-warning-${warning.code}`}>
      <Badge size="sm" {...SEVERITY_STYLE[severity]} style={{ flexShrink: 0 }}>
        {t(`consultation.severity.${severity}`)}
      </Badge>
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/**
 * On a medication's own row, as the drug is picked: the warnings about it, and for a contraindication the reason
 * the doctor gives it anyway (the save is held until there is one; the server stores and audits it).
 */
function MedicationWarnings({ path }: { path: string }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useExamForm();
  const index = Number(path.split('.').pop());
  const lines = useWarningLines().filter(
    ({ warning }) => warning.medication === index || warning.medications?.includes(index),
  );
  if (lines.length === 0) return null;
  const held = lines.some(({ warning }) => needsReason(warning) && warning.medication === index);
  const reasonPath = `${path}.overrideReason`;
  const reason = form.getValue(reasonPath);
  return (
    <Stack gap={4} mt="xs" data-testid="medication-warnings">
      {lines.map(({ warning, text }, i) => (
        <WarningLine key={i} warning={warning} text={text} />
      ))}
      {(held || (typeof reason === 'string' && reason !== '')) && (
        <TextInput
          size="sm"
          label={t('consultation.overrideReason')}
          value={typeof reason === 'string' ? reason : ''}
          readOnly={form.readOnly}
          maxLength={500}
          onChange={(e) => form.setValue(reasonPath, e.currentTarget.value)}
          error={errorText(translate, form.errors[reasonPath])}
          data-testid="medication-override-reason"
        />
      )}
    </Stack>
  );
}

function MedicationExtras({ path }: { path: string }) {
  return (
    <>
      <MedicationSchedule path={path} />
      <MedicationWarnings path={path} />
    </>
  );
}

export const ITEM_EXTRAS: ItemExtras = {
  'spectacles.readings': ReadingExtras,
  'consultation.medications:after': MedicationExtras,
  'keratoconus.fitting:after': KeratoconusStartPower,
};

/**
 * What a type's live calculation needs beyond the form (`derive.usesContext`): the context a save reads, from
 * `GET /api/mo/exam/{type}/context` (the patient's allergies and conditions, the age, the last pressure), with the
 * formulary's drugs the form has loaded; the same shared function then computes what the server will store.
 * `failed` says the prescription cannot be checked here (the doctor is told, rather than shown no warning).
 */
export function useDeriveContext(
  type: ExamType,
  patientId: number,
  queueId: number,
  recordId: number | null,
): { context: DeriveContext | undefined; failed: boolean } {
  const enabled = examDefinition(type).derive?.usesContext === true;
  const formulary = useQuery({ ...drugListQuery(''), enabled });
  const server = useQuery({
    queryKey: ['exams', type, 'context', patientId, queueId, recordId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`mo/exam/${type}/context`, {
          schema: deriveContextResponseSchema,
          signal,
          query: { patientId, queueId, recordId: recordId ?? undefined },
        })
      ).data,
    enabled,
    retry: false,
  });
  const context = useMemo((): DeriveContext | undefined => {
    if (!enabled || !server.data) return undefined;
    const prescribing = server.data.prescribing;
    if (!prescribing) return server.data;
    const drugs = { ...prescribing.drugs };
    for (const d of formulary.data ?? [])
      drugs[d.id] = {
        name: d.name,
        names: [d.nameAr, ...d.brands].filter(Boolean),
        ingredients: d.ingredients,
      };
    return { ...server.data, prescribing: { ...prescribing, drugs } };
  }, [enabled, server.data, formulary.data]);
  return { context, failed: enabled && (server.isError || formulary.isError) };
}

/** A consultation's warnings on its prescription, before it is saved (and as saved), most severe first. */
function ConsultationWarnings({ failed }: { failed: boolean }) {
  const { t } = useTranslation();
  const lines = useWarningLines();
  if (failed)
    return (
      <Alert
        color="red"
        role="alert"
        title={t('consultation.warningsTitle')}
        data-testid="consultation-unchecked"
      >
        {t('consultation.uncheckable')}
      </Alert>
    );
  if (lines.length === 0) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      title={t('consultation.warningsTitle')}
      data-testid="consultation-warnings"
    >
      <Stack gap={6}>
        {lines.map(({ warning, text }, i) => (
          <WarningLine key={i} warning={warning} text={text} />
        ))}
      </Stack>
    </Alert>
  );
}

/** What the server computes from the record, computed here live as it is typed (the same shared functions). */
export function DerivedPanel({
  type,
  derived,
  contextFailed = false,
}: {
  type: ExamType;
  derived: unknown;
  contextFailed?: boolean;
}) {
  const { t } = useTranslation();
  const form = useExamForm();
  const target = (side: 'right' | 'left') => {
    const value = form.getValue(`lens.${side}.targetRefraction`);
    return typeof value === 'number' ? value : null;
  };
  if (examDefinition(type).derive?.usesContext) return <ConsultationWarnings failed={contextFailed} />;
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
