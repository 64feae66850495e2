import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { localDay, monthsOn } from '@basira/shared/dates/calendar';
import {
  conditionsOfDiagnoses,
  type PrescribingContext,
} from '@basira/shared/prescribing/prescription-facts';
import type { ConditionFact } from '@basira/shared/prescribing/prescription-check';
import { conditionsIn } from '@basira/shared/prescribing/substances';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { TREND_SOURCES } from '@basira/shared/trends/trend-sources';
import type { Db } from '../../db/client.ts';
import { examRecords, patients, queueEntries } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';
import { drugsByIds } from '../codes/codes.service.ts';
import { alertsOf } from '../patients/patient-alerts.ts';

/** The record types that may hold an eye pressure (`iop` among their trended readings). */
const PRESSURE_TYPES = Object.keys(TREND_SOURCES) as ExamType[];
/** How many of a patient's latest records are looked through for a pressure (most visits record one). */
const PRESSURE_LOOKBACK = 30;

/**
 * What a consultation's prescription is checked against (shared `PrescribingContext`), read for one patient and
 * visit: the patient's allergies and conditions (recorded, coded in the patient's other consultations, named in
 * the alerts' words), the age at the visit, the latest eye pressure on record, and the formulary drugs named.
 * `recordId` is the consultation being saved: its own diagnoses are read from its body, not from storage.
 */
export async function prescribingContext(
  db: Db,
  scope: { orgId: number; timeZone: string },
  input: { patientId: number; queueId: number | null; recordId: number | null; drugIds: readonly number[] },
): Promise<PrescribingContext> {
  const { orgId, timeZone } = scope;
  const at = sql<Date>`coalesce(${queueEntries.date}, ${examRecords.createdAt})`;
  const [patientRows, visitRows, consultations, pressures, drugs] = await Promise.all([
    db
      .select({ alerts: patients.alerts, birthDate: patients.birthDate })
      .from(patients)
      .where(inOrg(patients, orgId, eq(patients.id, input.patientId))),
    input.queueId === null
      ? Promise.resolve([])
      : db
          .select({ date: queueEntries.date })
          .from(queueEntries)
          .where(inOrg(queueEntries, orgId, eq(queueEntries.id, input.queueId))),
    db
      .select({ data: examRecords.data })
      .from(examRecords)
      .leftJoin(queueEntries, eq(queueEntries.id, examRecords.queueId))
      .where(
        inOrg(
          examRecords,
          orgId,
          eq(examRecords.patientId, input.patientId),
          eq(examRecords.type, 'consultation'),
          isNull(examRecords.deletedAt),
          input.recordId !== null ? ne(examRecords.id, input.recordId) : undefined,
        ),
      )
      .orderBy(asc(at), asc(examRecords.id)),
    db
      .select({ type: examRecords.type, data: examRecords.data, at })
      .from(examRecords)
      .leftJoin(queueEntries, eq(queueEntries.id, examRecords.queueId))
      .where(
        and(
          inOrg(
            examRecords,
            orgId,
            eq(examRecords.patientId, input.patientId),
            inArray(examRecords.type, PRESSURE_TYPES),
            isNull(examRecords.deletedAt),
          ),
        ),
      )
      .orderBy(desc(at), desc(examRecords.id))
      .limit(PRESSURE_LOOKBACK),
    drugsByIds(db, orgId, input.drugIds),
  ]);

  const visit = visitRows[0];
  const visitDay = localDay(visit ? new Date(visit.date) : new Date(), timeZone);
  const patient = patientRows[0];
  const alerts = alertsOf(patient?.alerts);

  const conditions: ConditionFact[] = [
    ...alerts.conditions.map((id) => ({ id, from: 'recorded' as const })),
    ...latestDiagnoses(consultations.map((c) => c.data)),
    ...(alerts.other ? conditionsIn(alerts.other).map((id) => ({ id, from: 'alerts' as const })) : []),
  ];

  const pressure = pressures.find((row) =>
    (TREND_SOURCES[row.type as ExamType]?.(row.data) ?? []).some((reading) => reading.key === 'iop'),
  );

  return {
    allergies: alerts.allergies.map((a) => ({
      text: a.text ?? '',
      picked: a.substance,
      substances: a.matched,
    })),
    conditions,
    ageMonths: patient ? monthsOn(patient.birthDate, visitDay) : null,
    visitDay,
    lastIopDay: pressure ? localDay(new Date(pressure.at), timeZone) : null,
    drugs: Object.fromEntries(
      [...drugs].map(([id, d]) => [
        id,
        { name: d.name, names: [d.nameAr, ...d.brands].filter(Boolean), ingredients: d.ingredients },
      ]),
    ),
  };
}

/**
 * The conditions the patient's other consultations code, each code as its latest mention left it: a glaucoma
 * coded in March and marked resolved in June no longer counts.
 */
function latestDiagnoses(records: readonly unknown[]): ConditionFact[] {
  const byCode = new Map<string, { code?: string | null; status?: string | null }>();
  for (const data of records) {
    const diagnoses = (data as { diagnoses?: { code?: string | null; status?: string | null }[] }).diagnoses;
    for (const d of diagnoses ?? []) if (d.code) byCode.set(d.code.trim().toUpperCase(), d);
  }
  return conditionsOfDiagnoses([...byCode.values()]);
}
