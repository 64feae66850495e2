import type { Patient, PatientAlerts, PatientSummary } from '@basira/shared/patients/patients.schemas';
import type { patients } from '../../db/schema.ts';
import { ageOn } from '@basira/shared/dates/calendar';
import { isoOf } from '../../lib/iso-time.ts';
import type { CountryDirectory } from './country-directory.ts';

export type PatientRow = typeof patients.$inferSelect;

const NO_ALERTS: PatientAlerts = { allergies: null, diabetes: false, hypertension: false, other: null };

export function alertsOf(value: unknown): PatientAlerts {
  return { ...NO_ALERTS, ...(value as Partial<PatientAlerts> | null) };
}

export function hasAlerts(alerts: PatientAlerts): boolean {
  return Boolean(alerts.allergies || alerts.diabetes || alerts.hypertension || alerts.other);
}

const iso = (d: Date | string | null) => (d === null ? null : isoOf(d));

/** A stored row as the API shows it; `today` is the organization's day (for the age). */
export function toPatient(row: PatientRow, countries: CountryDirectory, today: string): Patient {
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

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
