import { z } from 'zod';
import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import {
  checks,
  choice,
  date,
  diagnosisCode,
  drug,
  eyes,
  flag,
  frequency,
  group,
  list,
  note,
  num,
  text,
  type ValuesOf,
} from './fields.ts';
import {
  DOSE_RANGE,
  DOSE_UNITS,
  doseFits,
  isSpokenStep,
  MEDICATION_FORMS,
  MEDICATION_INSTRUCTIONS,
  scheduleText,
  totalDays,
  type MedicationInput,
} from './medication-schedule.ts';
import { checkPrescription } from '../prescribing/prescription-check.ts';
import { medicationWarnings } from './consultation-warnings.ts';
import { NEXT_VISIT_YEARS } from './visit-dates.ts';
import { checkedDrug, conditionsOfDiagnoses } from '../prescribing/prescription-facts.ts';
import { prescriptionWarningSchema } from '../prescribing/prescribing.schemas.ts';

export const DIAGNOSIS_EYES = ['right', 'left', 'both'] as const;
export const DIAGNOSIS_STATUSES = ['new', 'existing', 'resolved'] as const;

const days = () => num({ unit: 'days', min: 1, max: 365, step: 1 });

const medicationFields = {
  drugId: drug(),
  name: text(200),
  form: choice(MEDICATION_FORMS),
  eye: choice(DIAGNOSIS_EYES),
  /** A number of `doseUnit` (2 drops, 0.5 tablet, 1 cm); each unit's own range is checked below (DOSE_LIMITS). */
  dose: num({ ...DOSE_RANGE, unitField: 'doseUnit' }),
  doseUnit: choice(DOSE_UNITS),
  frequency: frequency(),
  durationDays: days(),
  /** The last period has no end (`long-term` / `مستمر`): its days are left empty. */
  longTerm: flag(),
  taper: list(group({ frequency: frequency(), durationDays: days() }), 6, { startEmpty: true }),
  /** The doctor's own words, printed as typed. */
  instructions: text(500),
  /** Common instructions, printed in the sheet's language. */
  instructionCodes: checks(MEDICATION_INSTRUCTIONS),
  /** Why the doctor gives the drug despite a contraindication (required then; stored, printed and audited). */
  overrideReason: text(500, { hidden: true }),
} as const;
const medication = group(medicationFields);
type Medication = ValuesOf<{ m: typeof medication }>['m'];

/** A stored medication as the schedule functions read it (absent values as null). */
export function medicationInput(med: NonNullable<Medication>): MedicationInput {
  return {
    name: med.name ?? null,
    form: med.form ?? null,
    eye: med.eye ?? null,
    dose: med.dose ?? null,
    doseUnit: med.doseUnit ?? null,
    frequency: med.frequency ?? null,
    durationDays: med.durationDays ?? null,
    longTerm: med.longTerm ?? false,
    taper: (med.taper ?? []).map((step) => ({
      frequency: step.frequency ?? null,
      durationDays: step.durationDays ?? null,
    })),
    instructionCodes: med.instructionCodes ?? [],
    instructions: med.instructions ?? null,
  };
}

const derivedSchema = z.object({
  medications: z.array(
    z.object({
      scheduleText: z.object({ ar: z.string(), en: z.string() }),
      totalDays: z.number().nullable(),
    }),
  ),
  /** The prescription checked against the patient (prescribing-rules.ts), most severe first. */
  warnings: z.array(prescriptionWarningSchema),
  /**
   * Each diagnosis's title as the code list had it when saved (null for a free-text one): the prescription and the
   * letters print it in their language, and a later edit of the clinic's list does not change a signed record.
   */
  diagnoses: z.array(z.object({ titleEn: z.string(), titleAr: z.string() }).nullable()).optional(),
});
export type ConsultationDerived = z.infer<typeof derivedSchema>;

/**
 * A doctor's consultation: the complaint and history, coded diagnoses (the clinic's code list, or free text),
 * the prescription (the clinic's formulary, with a schedule and a taper), the plan, a referral and the next visit
 * (offered as a re-waiting of the visit on save, as a follow-up's).
 */
export const consultation = defineExam({
  type: 'consultation',
  permissions: EXAM_PERMISSIONS.consultation,
  provides: ['diagnoses'],
  fields: {
    complaint: text(2000, { lines: 3 }),
    history: text(4000, { lines: 3 }),
    diagnoses: list(
      group({
        code: diagnosisCode(),
        text: text(300),
        eye: choice(DIAGNOSIS_EYES),
        status: choice(DIAGNOSIS_STATUSES),
        note: text(500),
      }),
      20,
    ),
    medications: list(medication, 12),
    plan: note(),
    referral: group({ to: text(200), reason: text(500, { lines: 2 }) }),
    nextVisit: date({ fromVisit: { years: NEXT_VISIT_YEARS } }),
    /** The pressure the doctor aims at for each eye (glaucoma): the trends draw it and flag a pressure above it. */
    targetIop: eyes({ value: num({ unit: 'mmHg', min: 5, max: 30, step: 1 }) }),
  },
  check(data, issue) {
    // A diagnosis needs a code or words; an item left wholly empty is no diagnosis (the form drops it unsent).
    (data.diagnoses ?? []).forEach((d, i) => {
      const started = d.eye != null || d.status != null || !!d.note?.trim();
      if (!d.code?.trim() && !d.text?.trim() && started) issue(['diagnoses', i, 'text'], 'value.required');
    });
    (data.medications ?? []).forEach((med, i) => {
      // A taper step is read "then <how often> for <days>": without how often it says nothing ("then for 7 days").
      (med.taper ?? []).forEach((step, j) => {
        if (step.frequency == null && step.durationDays != null)
          issue(['medications', i, 'taper', j, 'frequency'], 'value.required');
      });
      // A dose is a number of its unit, within that unit's range (whole drops, half tablets, …).
      // (Values of the wrong type are their own fields' errors.)
      if (typeof med.dose === 'number') {
        if (med.doseUnit == null) issue(['medications', i, 'doseUnit'], 'value.required');
        else if (DOSE_UNITS.includes(med.doseUnit) && !doseFits(med.dose, med.doseUnit))
          issue(['medications', i, 'dose'], `value.dose_${med.doseUnit}`);
      }
      // Long-term is the last period's duration: days there would say two things.
      if (med.longTerm === true) {
        const last = (med.taper ?? []).findLastIndex(isSpokenStep);
        const days = last === -1 ? med.durationDays : med.taper![last]!.durationDays;
        if (days != null)
          issue(
            last === -1
              ? ['medications', i, 'durationDays']
              : ['medications', i, 'taper', last, 'durationDays'],
            'value.long_term_days',
          );
      }
    });
  },
  derive: {
    schema: derivedSchema,
    usesContext: true,
    compute(data, _previous, context) {
      const meds = data.medications ?? [];
      const medications = meds.map((med) => {
        const input = medicationInput(med);
        return { scheduleText: scheduleText(input), totalDays: totalDays(input) };
      });
      const prescribing = context?.prescribing;
      const warnings = prescribing
        ? checkPrescription({
            drugs: meds.map((med, i) => checkedDrug(med, medications[i]!.totalDays, prescribing.drugs)),
            allergies: prescribing.allergies,
            conditions: [...conditionsOfDiagnoses(data.diagnoses ?? []), ...prescribing.conditions],
            ageMonths: prescribing.ageMonths,
            visitDay: prescribing.visitDay,
            lastIopDay: prescribing.lastIopDay,
            nextVisit: data.nextVisit ?? null,
          })
        : [];
      const titles = context?.diagnoses;
      const diagnoses = titles
        ? (data.diagnoses ?? []).map((d) => (d.code ? (titles[d.code.trim().toUpperCase()] ?? null) : null))
        : undefined;
      return { medications, warnings, ...(diagnoses ? { diagnoses } : {}) };
    },
    confirm(data, derived) {
      return (data.medications ?? []).flatMap((med, i) => {
        const { answers } = medicationWarnings(derived.warnings, i);
        return answers.length
          ? [
              {
                path: ['medications', i, 'overrideReason'],
                given: med.overrideReason?.trim() || null,
                answers,
              },
            ]
          : [];
      });
    },
  },
  summary(data) {
    const codes = (data.diagnoses ?? []).flatMap((d) => (d.code ? [d.code] : []));
    const count = (data.medications ?? []).length;
    const parts: string[] = [];
    if (codes.length) parts.push(codes.join(', '));
    if (count) parts.push(`℞ ${count}`);
    return parts.join(' · ');
  },
});
