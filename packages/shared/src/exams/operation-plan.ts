import type { biometry } from './biometry.ts';
import { type BiometryDerived } from './biometry.ts';
import type { ValuesOf } from './fields.ts';
import type { OperationPlanContext } from './operation.ts';

type BiometryData = ValuesOf<typeof biometry.fields>;

/**
 * The plan part of an operation's DeriveContext from its biometry record, for the operated eye: the measurements
 * and the constants the plan's results were calculated with (the SRK/T A-constant as entered; the pACD and surgeon
 * factor the plan used, entered or converted: `derived.<eye>.pACD`, `.surgeonFactor`). The server builds it on save
 * and the form builds it live from the same record, so both predict with the same inputs.
 */
export function operationPlanContext(
  record: { id: number; data: BiometryData; derived: BiometryDerived | null },
  eye: 'right' | 'left' | null | undefined,
): NonNullable<OperationPlanContext['plan']> {
  if (!eye) return { biometryId: record.id };
  const m = record.data.measurements?.[eye];
  const lens = record.data.lens?.[eye];
  const derived = record.derived?.[eye];
  const axialLength = m?.axialLength ?? undefined;
  if (!m || axialLength === undefined || !derived) return { biometryId: record.id };
  const constants: NonNullable<NonNullable<OperationPlanContext['plan']>['eye']>['constants'] = {};
  if (lens?.aConstant != null) constants.srkt = lens.aConstant;
  if (derived.pACD !== undefined) constants.hofferQ = derived.pACD;
  if (derived.surgeonFactor !== undefined) constants.holladay1 = derived.surgeonFactor;
  return {
    biometryId: record.id,
    eye: {
      axialLength,
      meanK: derived.meanK,
      k1: m.k1 ?? null,
      k1Axis: m.k1Axis ?? null,
      k2: m.k2 ?? null,
      k2Axis: m.k2Axis ?? null,
      constants,
      ...(derived.recommendedFormula ? { recommendedFormula: derived.recommendedFormula } : {}),
      plannedPower: lens?.iolPower ?? null,
      lensModel: lens?.lensModel ?? null,
      targetRefraction: lens?.targetRefraction ?? null,
    },
  };
}
