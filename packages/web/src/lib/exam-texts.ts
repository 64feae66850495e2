import { useCallback } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Leaf, NumberField } from '@basira/shared/exams/fields';
import { formatNumber } from '@basira/shared/exams/field-format';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { DOSE_LIMITS, type DoseUnit } from '@basira/shared/exams/medication-schedule';
import { durationWords } from '@basira/shared/common/arabic-count';

/** A dose's unit named by its error (`value.dose_drop`): its own range and step fill the message, not the field's. */
const doseUnitOf = (key: string): DoseUnit | undefined => {
  const unit = /^value\.dose_(\w+)$/.exec(key)?.[1];
  return unit !== undefined && unit in DOSE_LIMITS ? (unit as DoseUnit) : undefined;
};

/** A field's path without list indices and eyes (`readings.0.right.sphere` → `readings.sphere`). */
export const labelPath = (path: string) =>
  path
    .split('.')
    .filter((part) => !/^\d+$/.test(part) && part !== 'right' && part !== 'left' && part !== '*')
    .join('.');

/**
 * The exam texts of the locale files: a field's label (`exams.labels.<type>.<path>` where a type says it its own
 * way, else `exams.fields.<key>`), a choice's label, a unit, and a field error with the field's own limits. The
 * forms and the print views (features/print) share them, so a printout says what the form says.
 */
export function useExamTexts(type: ExamType) {
  const { t, i18n } = useTranslation();
  const label = useCallback(
    (path: string) => {
      // Only a text: a path that also has labelled children resolves to an object.
      const ownKey = `exams.labels.${type}.${labelPath(path)}`;
      const own: unknown = i18n.exists(ownKey) ? t(ownKey, { returnObjects: true }) : undefined;
      if (typeof own === 'string') return own;
      const key =
        path
          .split('.')
          .filter((p) => !/^\d+$/.test(p))
          .pop() ?? path;
      return t(`exams.fields.${key}`);
    },
    [t, i18n, type],
  );
  const value = useCallback((v: string) => t(`exams.values.${v}`), [t]);
  const section = useCallback((key: string) => t(`exams.sections.${type}.${key}`), [t, type]);
  const unit = useCallback((u: string | undefined) => (u ? t(`exams.units.${u}`) : ''), [t]);
  const error = useCallback(
    (key: unknown, leaf?: Leaf): string | undefined => {
      if (typeof key !== 'string' || !key) return undefined;
      const doseUnit = doseUnitOf(key);
      const limits = doseUnit
        ? DOSE_LIMITS[doseUnit]
        : leaf?.kind === 'number'
          ? {
              min: formatNumber(leaf, leaf.min),
              max: formatNumber(leaf, leaf.max),
              step: formatNumber({ ...leaf, signed: false } as NumberField, leaf.step),
            }
          : leaf?.kind === 'axis'
            ? { min: '001', max: '180', step: '1' }
            : leaf?.kind === 'date' && leaf.fromVisit
              ? { span: durationWords(leaf.fromVisit.years, 'years', i18n.language === 'ar' ? 'ar' : 'en') }
              : {};
      const own = `exams.errors.${key}`;
      return i18n.exists(own) ? t(own, limits) : t('exams.errors.value.invalid');
    },
    [t, i18n],
  );
  return { label, value, section, unit, error };
}
