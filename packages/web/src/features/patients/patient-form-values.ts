import { birthDateForAge } from '@basira/shared/dates/calendar';
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Patient, PatientAlertsInput } from '@basira/shared/patients/patients.schemas';
import type { PatientAllergyInput } from '@basira/shared/prescribing/prescribing.schemas';
import { parsePhone } from '@basira/shared/patients/phone';
import { asciiDigits } from '@basira/shared/search/arabic-normalize';
import type { ErrorKeys } from '../../lib/form-validation.ts';
import { displayPhone } from '../../lib/phone-format.ts';

/**
 * One allergy as the form holds it: a substance picked from the formulary (its names in both languages, shown in
 * the interface's), or the words typed; `checked` is what the server said of a stored one (null: not saved yet).
 */
export interface AllergyValue {
  substance: string | null;
  name: { en: string; ar: string } | null;
  text: string;
  reaction: string | null;
  severity: string | null;
  checked: boolean | null;
}

export const emptyAllergy = (): AllergyValue => ({
  substance: null,
  name: null,
  text: '',
  reaction: null,
  severity: null,
  checked: null,
});

/** The patient form as the screen holds it: text as typed, choices not yet made are empty. */
export interface PatientFormValues {
  name: string;
  /** The form asks explicitly: '' until chosen. */
  isMale: '' | '1' | '0';
  /** A birth date, or an age in years (stored by the server as an approximate birth date). */
  birthMode: 'date' | 'age';
  birthDate: string | null;
  age: string;
  countryId: string;
  phone: string;
  phone2: string;
  guardianName: string;
  guardianPhone: string;
  nationalId: string;
  address: string;
  occupation: string;
  referralSource: string;
  allergies: AllergyValue[];
  conditions: string[];
  otherAlert: string;
  notes: string;
}

export function emptyPatientValues(countryId: number, name = ''): PatientFormValues {
  return {
    name,
    isMale: '',
    birthMode: 'age',
    birthDate: null,
    age: '',
    countryId: String(countryId),
    phone: '',
    phone2: '',
    guardianName: '',
    guardianPhone: '',
    nationalId: '',
    address: '',
    occupation: '',
    referralSource: '',
    allergies: [],
    conditions: [],
    otherAlert: '',
    notes: '',
  };
}

export function valuesFromPatient(patient: Patient): PatientFormValues {
  const iso = patient.country.prefix;
  return {
    name: patient.name,
    isMale: patient.isMale === 1 ? '1' : '0',
    birthMode: patient.birthDateApproximate ? 'age' : 'date',
    birthDate: patient.birthDate,
    age: String(patient.age),
    countryId: String(patient.countryId),
    phone: displayPhone(patient.phone, iso),
    phone2: displayPhone(patient.phone2, iso),
    guardianName: patient.guardianName ?? '',
    guardianPhone: displayPhone(patient.guardianPhone, iso),
    nationalId: patient.nationalId ?? '',
    address: patient.address ?? '',
    occupation: patient.occupation ?? '',
    referralSource: patient.referralSource ?? '',
    allergies: patient.alerts.allergies.map((a) => ({
      substance: a.substance,
      name: a.name ?? null,
      text: a.text ?? '',
      reaction: a.reaction,
      severity: a.severity,
      checked: a.matched.length > 0,
    })),
    conditions: [...patient.alerts.conditions],
    otherAlert: patient.alerts.other ?? '',
    notes: patient.notes ?? '',
  };
}

/** An age as typed (Arabic-Indic digits too) → whole years, or null when it is not one. */
export function parseAge(text: string): number | null {
  const digits = asciiDigits(text.trim());
  if (!/^\d{1,3}$/.test(digits)) return null;
  return Number(digits);
}

const isCountryCode = (iso: string | undefined): iso is CountryCode => !!iso && /^[A-Z]{2}$/.test(iso);

/**
 * The phone field while typing: digits in any script become ASCII and the number is spaced as the country
 * writes it ("07701234567" → "0770 123 4567"). Deleting is left alone (re-spacing would undo a deleted
 * space), and so is text typed somewhere other than at the end.
 */
export function nextPhoneValue(
  previous: string,
  next: string,
  iso: string | undefined,
  atEnd = true,
): string {
  const ascii = asciiDigits(next);
  if (ascii.length < previous.length || !atEnd) return ascii;
  if (!/^\+?[\d\s\-().]*$/.test(ascii)) return ascii;
  const digits = ascii.replace(/[^\d+]/g, '');
  if (!digits) return ascii;
  const formatter = new AsYouType(isCountryCode(iso) ? iso : undefined);
  const formatted = formatter.input(digits.startsWith('00') ? `+${digits.slice(2)}` : digits);
  return formatted || ascii;
}

/** A phone that will be accepted: its international form (what is stored), or null. */
export function phoneCheck(
  value: string,
  iso: string | undefined,
): { e164: string; international: string } | null {
  if (!value.trim()) return null;
  const stored = parsePhone(value, iso);
  if (!stored) return null;
  const parsed = parsePhoneNumberFromString(stored.e164);
  return { e164: stored.e164, international: parsed?.formatInternational() ?? stored.e164 };
}

const text = (value: string) => value.trim() || null;

export type PatientBody = Record<string, unknown>;

/**
 * The request body of `POST /api/mo/patient` (create) or `POST /api/mo/patient/{id}` (update, with the
 * version read). An age is sent as `age` (the server keeps it as an approximate birth date); on update an
 * untouched approximate age is left out, so it does not drift.
 */
export function patientBody(values: PatientFormValues, initial?: Patient): PatientBody {
  const alerts: PatientAlertsInput = {
    // A row left empty is no allergy; a picked substance needs no words.
    allergies: values.allergies
      .filter((a) => a.substance !== null || a.text.trim() !== '')
      .map((a) => ({
        substance: a.substance,
        text: a.substance ? null : text(a.text),
        reaction: a.reaction as PatientAllergyInput['reaction'],
        severity: a.severity as PatientAllergyInput['severity'],
      })),
    conditions: values.conditions,
    other: text(values.otherAlert),
  };
  const body: PatientBody = {
    name: values.name.trim(),
    phone: values.phone.trim(),
    countryId: Number(values.countryId),
    isMale: values.isMale === '' ? undefined : Number(values.isMale),
    phone2: text(values.phone2),
    nationalId: text(values.nationalId),
    address: text(values.address),
    occupation: text(values.occupation),
    referralSource: text(values.referralSource),
    guardianName: text(values.guardianName),
    guardianPhone: text(values.guardianPhone),
    alerts,
    notes: text(values.notes),
  };
  if (values.birthMode === 'age') {
    const age = parseAge(values.age);
    const unchanged = initial?.birthDateApproximate && age === initial.age;
    if (!unchanged) body.age = age ?? (values.age.trim() === '' ? undefined : Number.NaN);
  } else if (
    values.birthDate &&
    (!initial || initial.birthDateApproximate || values.birthDate !== initial.birthDate)
  ) {
    body.birthDate = values.birthDate;
  }
  if (initial) body.version = initial.version;
  return body;
}

/** What only the form can check: the sex chosen, and an age or a birth date given (not in the future). */
export function patientFormChecks(values: PatientFormValues, today: string): ErrorKeys {
  const found: ErrorKeys = {};
  if (values.isMale === '') found.isMale = 'isMale.required';
  if (values.birthMode === 'age') {
    if (!values.age.trim()) found.age = 'birth.required';
    else if (parseAge(values.age) === null) found.age = 'age.invalid';
  } else if (!values.birthDate) found.birthDate = 'birth.required';
  else if (values.birthDate > today) found.birthDate = 'birthDate.future';
  return found;
}

/** The duplicate check's question for a new patient: name, phone, country and the birth date given. */
export function duplicateQuery(values: PatientFormValues, today: string) {
  const age = parseAge(values.age);
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    countryId: Number(values.countryId),
    ...(values.birthMode === 'date' && values.birthDate
      ? { birthDate: values.birthDate }
      : values.birthMode === 'age' && age !== null
        ? { birthDate: birthDateForAge(age, today) ?? undefined, birthDateApproximate: '1' as const }
        : {}),
  };
}
