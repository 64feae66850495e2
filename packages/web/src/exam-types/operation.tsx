import { useMemo } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { IOL_FORMULA_CONSTANT } from '@basira/shared/clinical/iol-formula';
import { formatDiopters } from '@basira/shared/clinical/rounding';
import type { DeriveContext } from '@basira/shared/exams/exam-definition';
import type { OperationDerived, OperationPlanContext } from '@basira/shared/exams/operation';
import { operationPlanContext } from '@basira/shared/exams/operation-plan';
import { ClinicalValue } from '../components/clinical-value.tsx';
import { useExamFormIfAny } from '../features/exams/exam-form-context.ts';
import { lensLabel } from '../features/exams/ref-inputs.tsx';
import {
  activeLensesQuery,
  biometryRecordQuery,
  refDoctorsQuery,
  type BiometryRecord,
} from '../features/exams/ref-queries.ts';
import { ExamReport } from '../features/print/exam-report.tsx';
import { dayIn } from '../lib/format.ts';
import { useMe } from '../lib/use-me.ts';
import type { ExamWebExtension, PrintSheetProps, ResultsProps } from './exam-extension.ts';
import { FORMULA_NAMES } from './exam-results.tsx';
import { OperationOutcomePanel } from '../features/outcomes/operation-outcome-panel.tsx';

const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const eyeOf = (value: unknown) => (value === 'right' || value === 'left' ? value : null);

/** The plan's record as `operationPlanContext` reads it: the record's fields are its data. */
export const planInput = (record: BiometryRecord) => ({
  id: record.id,
  data: record as never,
  derived: record.derived ?? null,
});

/**
 * The operation's DeriveContext as the server builds it on save, built here from what the form has picked: the
 * plan's biometry record (read by its id) for the operated eye, and the lens's names from the lens list. A lens no
 * longer active keeps the names the server's context gave (a saved record's).
 */
function useOperationContext(
  read: (path: string) => unknown,
  server: DeriveContext | undefined,
): DeriveContext | undefined {
  const biometryId = idOf(read('plan.biometryId'));
  const lensId = idOf(read('lens.lensId'));
  const eye = eyeOf(read('operation.eye'));
  const plan = useQuery({ ...biometryRecordQuery(biometryId ?? 0), enabled: biometryId !== null });
  const lenses = useQuery({ ...activeLensesQuery, enabled: lensId !== null });
  return useMemo(() => {
    const operation: OperationPlanContext = {};
    if (biometryId !== null && plan.data?.id === biometryId)
      operation.plan = operationPlanContext(planInput(plan.data), eye);
    const lens = lenses.data?.find((l) => l.id === lensId);
    if (lens) operation.lens = { model: lens.model, manufacturer: lens.manufacturer };
    else if (lensId !== null && server?.operation?.lens) operation.lens = server.operation.lens;
    return { ...server, operation };
  }, [biometryId, lensId, eye, plan.data, lenses.data, server]);
}

/** A new operation: today, and the signed-in user as its surgeon when a doctor. */
function useOperationDefaults(): Record<string, unknown> | null {
  const me = useMe();
  const doctors = useQuery(refDoctorsQuery);
  return useMemo(() => {
    if (!me || doctors.isPending) return null;
    const surgeon = doctors.data?.some((d) => d.id === me.id) ? { surgeonId: me.id } : {};
    return { operation: { date: dayIn(me.organization.timeZone), ...surgeon } };
  }, [me, doctors.isPending, doctors.data]);
}

/** The plan's chosen power and lens of the operated eye (its `lens.<eye>` block). */
function readPlanLens(record: BiometryRecord, eye: 'right' | 'left') {
  const lens = (record as { lens?: unknown }).lens as
    Partial<Record<'right' | 'left', { iolPower?: unknown; lensId?: unknown }>> | null | undefined;
  const side = lens?.[eye];
  return {
    iolPower: typeof side?.iolPower === 'number' ? side.iolPower : null,
    lensId: idOf(side?.lensId),
  };
}

/**
 * Once the plan is picked and the lens is not yet written: the plan's power (and its lens of the list) offered in
 * one press, so that the lens implanted is the one calculated unless the surgeon changes it.
 */
function PlanPrefill() {
  const { t } = useTranslation();
  const form = useExamFormIfAny();
  const biometryId = idOf(form?.getValue('plan.biometryId'));
  const eye = eyeOf(form?.getValue('operation.eye'));
  const plan = useQuery({ ...biometryRecordQuery(biometryId ?? 0), enabled: biometryId !== null });
  if (!form || form.readOnly || biometryId === null || !eye || !plan.data) return null;
  if (form.getValue('lens.power') != null || form.getValue('lens.lensId') != null) return null;
  const planned = readPlanLens(plan.data, eye);
  const power = planned.iolPower;
  if (power === null) return null;
  const fill = () => {
    form.setValue('lens.power', power);
    if (planned.lensId !== null) form.setValue('lens.lensId', planned.lensId);
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={fill} data-testid="operation-prefill">
        {t('operation.prefill', { power: `${formatDiopters(power)} D` })}
      </Button>
    </Group>
  );
}

/** The prediction of the implanted power by the plan's formula and constant, and what stands in its way. */
export function OperationResults({ derived, compact }: ResultsProps) {
  const { t } = useTranslation();
  const d = derived as OperationDerived | null | undefined;
  const size = compact ? 'xs' : 'sm';
  const warnings = d?.warnings ?? [];
  const lens = d?.lensModel ? lensLabel({ model: d.lensModel, manufacturer: d.manufacturer ?? '' }) : null;
  return (
    <Stack gap={compact ? 2 : 'xs'} data-testid="operation-results">
      {!compact && <PlanPrefill />}
      {d?.predictedRefraction !== undefined && (
        <Text size={size} data-testid="operation-predicted">
          {t('operation.results.predicted')}:{' '}
          <ClinicalValue value={d.predictedRefraction} kind="diopters" unit="D" />
        </Text>
      )}
      {d?.formula && (
        <Text size={size} data-testid="operation-formula">
          {t('operation.results.formula')}: <bdi dir="ltr">{FORMULA_NAMES[d.formula]}</bdi>
          {d.constant !== undefined && (
            <>
              {' · '}
              {t(`operation.results.constant.${IOL_FORMULA_CONSTANT[d.formula]}`)}:{' '}
              <ClinicalValue value={d.constant} decimals={2} />
            </>
          )}
        </Text>
      )}
      {d?.axialLength !== undefined && (
        <Text size={size} data-testid="operation-axial-length">
          {t('operation.results.axialLength')}: <ClinicalValue value={d.axialLength} decimals={2} unit="mm" />
          {d.plannedPower !== undefined && (
            <>
              {' · '}
              {t('operation.results.plannedPower')}:{' '}
              <ClinicalValue value={d.plannedPower} kind="diopters" unit="D" />
            </>
          )}
        </Text>
      )}
      {lens && (
        <Text size={size} data-testid="operation-lens">
          {t('operation.results.lens')}: <bdi dir="auto">{lens}</bdi>
        </Text>
      )}
      {warnings.map((w) => (
        <Alert key={w.code} color="orange" p={compact ? 4 : 'xs'} data-testid={`operation-warning-${w.code}`}>
          <Text size={size}>
            {t(`operation.warnings.${w.code}`, {
              difference: w.value !== undefined ? `\u2066${formatDiopters(w.value)} D\u2069` : '',
            })}
          </Text>
        </Alert>
      ))}
      {!compact && d?.predictedRefraction === undefined && warnings.length === 0 && (
        <Text size={size} c="dimmed" data-testid="operation-needs">
          {t('operation.results.needs')}
        </Text>
      )}
    </Stack>
  );
}

/** The refs' names on paper: the surgeon by name, the lens by its model (as saved), the plan by its record. */
function OperationSheet({ data }: PrintSheetProps) {
  const { t } = useTranslation();
  const doctors = useQuery(refDoctorsQuery);
  const operation = (data.operation ?? {}) as Record<string, unknown>;
  const lens = (data.lens ?? {}) as Record<string, unknown>;
  const plan = (data.plan ?? {}) as Record<string, unknown>;
  const surgeonId = idOf(operation.surgeonId);
  const surgeon = surgeonId === null ? null : (doctors.data?.find((d) => d.id === surgeonId)?.name ?? null);
  const derived = (data.derived ?? null) as OperationDerived | null;
  // The ids are the app's, not the reader's: the report prints the names instead.
  const shown = {
    ...data,
    operation: { ...operation, surgeonId: undefined },
    lens: { ...lens, lensId: undefined },
    plan: { ...plan, biometryId: undefined },
  };
  return (
    <>
      {(surgeon || derived?.lensModel) && (
        <div className="print-pairs" data-testid="print-operation-names">
          {surgeon && (
            <span>
              <span className="print-label">{t('exams.labels.operation.operation.surgeonId')}: </span>
              <bdi dir="auto">{surgeon}</bdi>
            </span>
          )}
          {derived?.lensModel && (
            <span>
              <span className="print-label">{t('exams.labels.operation.lens.lensId')}: </span>
              <bdi dir="auto">
                {lensLabel({ model: derived.lensModel, manufacturer: derived.manufacturer ?? '' })}
              </bdi>
            </span>
          )}
        </div>
      )}
      <ExamReport type="operation" data={shown} />
    </>
  );
}

/** The operation: the prediction of the implanted lens, live under the form and on the note. */
export const operationExtension: ExamWebExtension = {
  Results: OperationResults,
  useDeriveContext: useOperationContext,
  useNewRecordDefaults: useOperationDefaults,
  // The outcome: the refraction 3–12 weeks after, linked to the saved operation (docs/outcomes.md).
  SavedPanel: ({ id }) => <OperationOutcomePanel operationId={id} />,
  print: { titleKey: 'operation.print.title', doctorsDocument: true, Sheet: OperationSheet },
};
