import { describe, expect, it } from 'vitest';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import {
  emptyPatientValues,
  nextPhoneValue,
  parseAge,
  patientBody,
  phoneCheck,
  valuesFromPatient,
} from './patient-form-values.ts';

// Ages and approximate birth dates themselves: shared/dates/calendar.test.ts.
describe('age or birth date', () => {
  it('reads an age typed in either digit script', () => {
    expect(parseAge(' 34 ')).toBe(34);
    expect(parseAge('٣٤')).toBe(34);
    expect(parseAge('3.5')).toBeNull();
    expect(parseAge('abc')).toBeNull();
  });

  it('sends the age (approximate) or the birth date, never both', () => {
    const values = { ...emptyPatientValues(105, 'أحمد علي'), isMale: '1' as const, phone: '0770 123 4567' };
    expect(patientBody({ ...values, age: '34' })).toMatchObject({ age: 34, isMale: 1, countryId: 105 });
    expect(patientBody({ ...values, age: '34' })).not.toHaveProperty('birthDate');
    const dated = patientBody({ ...values, birthMode: 'date', birthDate: '2015-03-07' });
    expect(dated).toMatchObject({ birthDate: '2015-03-07' });
    expect(dated).not.toHaveProperty('age');
  });
});

describe('editing keeps what was not touched', () => {
  const patient = {
    id: 9,
    fileNumber: 12,
    name: 'Huda Ali',
    countryId: 105,
    country: { id: 105, prefix: 'IQ', icon: '', name: 'Iraq', arabicName: 'العراق', phoneCode: '+964' },
    phone: '+9647701234567',
    phone2: null,
    birthDate: '1992-03-01',
    birthDateApproximate: true,
    age: 34,
    isMale: 0,
    nationalId: null,
    address: null,
    occupation: null,
    referralSource: null,
    guardianName: null,
    guardianPhone: null,
    alerts: {
      allergies: [
        {
          substance: 'tropicamide',
          name: { en: 'tropicamide', ar: 'تروبيكاميد' },
          text: null,
          reaction: 'redEye',
          severity: null,
          matched: ['tropicamide'],
        },
        { substance: null, text: 'the blue drops', reaction: null, severity: null, matched: [] },
      ],
      conditions: ['diabetes'],
      other: null,
    },
    hasAlerts: true,
    notes: null,
    lastQueueAt: null,
    deletedAt: null,
    mergedIntoId: null,
    version: 4,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  } satisfies Patient;

  it('fills the form in the national format and the age mode for an approximate date', () => {
    const values = valuesFromPatient(patient);
    expect(values).toMatchObject({ phone: '0770 123 4567', birthMode: 'age', age: '34', isMale: '0' });
    expect(values.allergies).toMatchObject([
      { substance: 'tropicamide', checked: true },
      { substance: null, text: 'the blue drops', checked: false },
    ]);
    expect(values.conditions).toEqual(['diabetes']);
  });

  it('sends a picked allergy as its substance, typed words as text, and drops an empty row', () => {
    const values = valuesFromPatient(patient);
    const body = patientBody(
      { ...values, allergies: [...values.allergies, { ...values.allergies[1]!, text: ' ' }] },
      patient,
    );
    expect(body.alerts).toEqual({
      allergies: [
        { substance: 'tropicamide', text: null, reaction: 'redEye', severity: null },
        { substance: null, text: 'the blue drops', reaction: null, severity: null },
      ],
      conditions: ['diabetes'],
      other: null,
    });
  });

  it('leaves an untouched approximate age out and sends the version read', () => {
    const body = patientBody(valuesFromPatient(patient), patient);
    expect(body).not.toHaveProperty('age');
    expect(body).not.toHaveProperty('birthDate');
    expect(body.version).toBe(4);
    expect(patientBody({ ...valuesFromPatient(patient), age: '35' }, patient).age).toBe(35);
  });
});

describe('phone typed as people type it', () => {
  it('spaces an Iraqi number as it is dialled, in any digit script', () => {
    expect(nextPhoneValue('', '07701234567', 'IQ')).toBe('0770 123 4567');
    expect(nextPhoneValue('', '٠٧٧٠١٢٣٤٥٦٧', 'IQ')).toBe('0770 123 4567');
    expect(nextPhoneValue('', '+9647701234567', 'IQ')).toBe('+964 770 123 4567');
    expect(nextPhoneValue('', '009647701234567', 'IQ')).toBe('+964 770 123 4567');
    expect(nextPhoneValue('077', '0770', 'IQ')).toBe('0770');
  });

  it('leaves deleting and typing in the middle alone', () => {
    expect(nextPhoneValue('0770 123 4567', '0770 1234567', 'IQ')).toBe('0770 1234567');
    expect(nextPhoneValue('0770 123', '07701 123', 'IQ', false)).toBe('07701 123');
  });

  it('tells a complete number of the chosen country from an incomplete one', () => {
    expect(phoneCheck('0770 123 4567', 'IQ')).toEqual({
      e164: '+9647701234567',
      international: '+964 770 123 4567',
    });
    expect(phoneCheck('0770 123', 'IQ')).toBeNull();
    expect(phoneCheck('', 'IQ')).toBeNull();
  });
});
