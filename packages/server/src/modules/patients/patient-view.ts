import type { Patient, PatientSummary } from '@basira/shared/patients/patients.schemas';
import { patients } from '../../db/schema.ts';
import { ageOn } from '@basira/shared/dates/calendar';
import { isoOf, isoTime, type TimesEitherWay } from '../../lib/iso-time.ts';
import type { CountryDirectory } from './country-directory.ts';
import { alertsOf, hasAlerts } from './patient-alerts.ts';

export type PatientRow = typeof patients.$inferSelect;

/**
 * What a list of whole records selects: the columns `toPatient` shows (not the search's normalised copies nor who
 * changed the record), times read as text (`isoTime`). Selecting the table made each page decode columns it never
 * shows and turn every time into a `Date` and back to text (bench/list-pages).
 */
export const patientViewColumns = {
  id: patients.id,
  fileNumber: patients.fileNumber,
  name: patients.name,
  countryId: patients.countryId,
  phone: patients.phone,
  phone2: patients.phone2,
  birthDate: patients.birthDate,
  birthDateApproximate: patients.birthDateApproximate,
  isMale: patients.isMale,
  nationalId: patients.nationalId,
  address: patients.address,
  occupation: patients.occupation,
  referralSource: patients.referralSource,
  guardianName: patients.guardianName,
  guardianPhone: patients.guardianPhone,
  alerts: patients.alerts,
  notes: patients.notes,
  lastQueueAt: isoTime<string | null>(patients.lastQueueAt),
  deletedAt: isoTime<string | null>(patients.deletedAt),
  mergedIntoId: patients.mergedIntoId,
  version: patients.version,
  createdAt: isoTime(patients.createdAt),
  updatedAt: isoTime(patients.updatedAt),
};

/** A record as `toPatient` reads it: a stored row (its times `Date`s), or one of `patientViewColumns` (text). */
export type PatientViewRow = TimesEitherWay<
  Pick<PatientRow, keyof typeof patientViewColumns>,
  'lastQueueAt' | 'deletedAt' | 'createdAt' | 'updatedAt'
>;

const iso = (d: Date | string | null) => (d === null ? null : isoOf(d));

/** A stored row as the API shows it; `today` is the organization's day (for the age). */
export function toPatient(row: PatientViewRow, countries: CountryDirectory, today: string): Patient {
  const alerts = alertsOf(row.alerts);
  return {
    id: row.id,
    fileNumber: row.fileNumber,
    name: row.name,
    countryId: row.countryId,
    country: countries.get(row.countryId),
    phone: row.phone,
    phone2: row.phone2,
    birthDate: row.birthDate,
    birthDateApproximate: row.birthDateApproximate,
    age: ageOn(row.birthDate, today) ?? 0,
    isMale: row.isMale ? 1 : 0,
    nationalId: row.nationalId,
    address: row.address,
    occupation: row.occupation,
    referralSource: row.referralSource,
    guardianName: row.guardianName,
    guardianPhone: row.guardianPhone,
    alerts,
    hasAlerts: hasAlerts(alerts),
    notes: row.notes,
    lastQueueAt: iso(row.lastQueueAt),
    deletedAt: iso(row.deletedAt),
    mergedIntoId: row.mergedIntoId,
    version: row.version,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

/**
 * The columns a summary needs, as the list queries select them (the patient search, the queue's pages): one
 * definition, so a summary's field is added in one place. The last visit as text (`isoTime`), no `Date` to format.
 */
export const summaryColumns = {
  id: patients.id,
  fileNumber: patients.fileNumber,
  name: patients.name,
  phone: patients.phone,
  birthDate: patients.birthDate,
  isMale: patients.isMale,
  alerts: patients.alerts,
  lastQueueAt: isoTime<string | null>(patients.lastQueueAt),
};

/** The columns a summary needs: list queries select only these (the last visit maybe as text, `isoTime`). */
export type SummaryRow = Pick<
  PatientRow,
  'id' | 'fileNumber' | 'name' | 'phone' | 'birthDate' | 'isMale' | 'alerts'
> & {
  lastQueueAt: Date | string | null;
};

export function toSummary(row: SummaryRow, today: string): PatientSummary {
  return {
    id: row.id,
    fileNumber: row.fileNumber,
    name: row.name,
    phone: row.phone,
    birthDate: row.birthDate,
    age: ageOn(row.birthDate, today) ?? 0,
    isMale: row.isMale ? 1 : 0,
    hasAlerts: hasAlerts(alertsOf(row.alerts)),
    lastQueueAt: iso(row.lastQueueAt),
  };
}
