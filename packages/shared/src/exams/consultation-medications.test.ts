import { describe, expect, it } from 'vitest';
import { consultation } from './consultation.ts';
import { examSchemas } from './exam-definition.ts';

const { data } = examSchemas(consultation);

/** The 422's message keys by dotted path, as the server answers them (none: parsed). */
function errorsOf(medications: unknown[]): Record<string, string[]> {
  const parsed = data.safeParse({ medications });
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('consultation medications', () => {
  it('take a dose as a number of its unit, within that unit’s range and step', () => {
    expect(errorsOf([{ form: 'drops', dose: 2, doseUnit: 'drop' }])).toEqual({});
    expect(errorsOf([{ form: 'tablet', dose: 0.5, doseUnit: 'tablet' }])).toEqual({});
    expect(errorsOf([{ form: 'ointment', dose: 1.5, doseUnit: 'cm' }])).toEqual({});
    expect(errorsOf([{ form: 'injection', dose: 0.05, doseUnit: 'ml' }])).toEqual({});
    expect(errorsOf([{ form: 'drops', dose: 1.5, doseUnit: 'drop' }])).toEqual({
      'medications.0.dose': ['value.dose_drop'],
    });
    expect(errorsOf([{ form: 'drops', dose: 6, doseUnit: 'drop' }])).toEqual({
      'medications.0.dose': ['value.dose_drop'],
    });
    expect(errorsOf([{ form: 'ointment', dose: 0.75, doseUnit: 'cm' }])).toEqual({
      'medications.0.dose': ['value.dose_cm'],
    });
    expect(errorsOf([{ form: 'tablet', dose: 0.25, doseUnit: 'tablet' }])).toEqual({
      'medications.0.dose': ['value.dose_tablet'],
    });
    expect(errorsOf([{ form: 'capsule', dose: 0.5, doseUnit: 'capsule' }])).toEqual({
      'medications.0.dose': ['value.dose_capsule'],
    });
    // A dose needs its unit; outside every unit's range, or text, is the field's own error.
    expect(errorsOf([{ form: 'other', dose: 2 }])).toEqual({ 'medications.0.doseUnit': ['value.required'] });
    expect(errorsOf([{ form: 'drops', dose: '1 drop', doseUnit: 'drop' }])).toEqual({
      'medications.0.dose': ['value.invalid'],
    });
    expect(errorsOf([{ form: 'drops', dose: 1, doseUnit: 'spoon' }])).toEqual({
      'medications.0.doseUnit': ['value.invalid'],
    });
    expect(errorsOf([{ dose: 0.001, doseUnit: 'mg' }])['medications.0.dose']).toContain('value.min');
  });

  it('refuse a taper step with days and no frequency, on the step’s frequency', () => {
    expect(
      errorsOf([{ frequency: { timesPerDay: 4 }, taper: [{ frequency: null, durationDays: 7 }] }]),
    ).toEqual({ 'medications.0.taper.0.frequency': ['value.required'] });
  });

  it('are long-term only where the last period has no days', () => {
    expect(errorsOf([{ frequency: { timesPerDay: 1 }, longTerm: true }])).toEqual({});
    expect(errorsOf([{ frequency: { timesPerDay: 1 }, durationDays: 30, longTerm: true }])).toEqual({
      'medications.0.durationDays': ['value.long_term_days'],
    });
    expect(
      errorsOf([
        {
          frequency: { timesPerDay: 4 },
          durationDays: 7,
          longTerm: true,
          taper: [
            { frequency: { timesPerDay: 2 }, durationDays: 7 },
            { frequency: null, durationDays: null },
          ],
        },
      ]),
    ).toEqual({ 'medications.0.taper.0.durationDays': ['value.long_term_days'] });
    expect(
      errorsOf([
        {
          frequency: { timesPerDay: 4 },
          durationDays: 7,
          longTerm: true,
          taper: [{ frequency: { timesPerDay: 1 }, durationDays: null }],
        },
      ]),
    ).toEqual({});
  });

  it('take hourly frequencies while awake, and ticked instructions of the list only', () => {
    const parsed = data.parse({
      medications: [
        {
          frequency: { everyHours: 2, whileAwake: true },
          instructionCodes: ['shakeWell', 'shakeWell', 'afterMeals'],
        },
      ],
    });
    expect((parsed.medications as unknown[] | undefined)?.[0]).toMatchObject({
      frequency: { everyHours: 2, whileAwake: true },
      instructionCodes: ['shakeWell', 'afterMeals'],
    });
    expect(errorsOf([{ frequency: { everyHours: 2, whileAwake: false } }])).toEqual({
      'medications.0.frequency': ['value.invalid'],
    });
    expect(errorsOf([{ frequency: { timesPerDay: 2, whileAwake: true } }])).toEqual({
      'medications.0.frequency': ['value.invalid'],
    });
    expect(errorsOf([{ instructionCodes: ['takeWithTea'] }])).toEqual({
      'medications.0.instructionCodes.0': ['value.invalid'],
    });
  });
});
