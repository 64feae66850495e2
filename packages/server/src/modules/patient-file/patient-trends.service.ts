import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { readableExamTypes, type ExamType } from '@basira/shared/exams/exam-types';
import {
  TARGET_IOP_TYPE,
  targetIopOf,
  TREND_SOURCES,
  TRENDED_EXAM_TYPES,
} from '@basira/shared/trends/trend-sources';
import {
  TREND_KEYS,
  TREND_EYES,
  TREND_UNITS,
  type PatientTrends,
  type TargetIop,
  type TrendPoint,
} from '@basira/shared/trends/trends.schemas';
import type { Db } from '../../db/client.ts';
import { examRecords, queueEntries } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';

/**
 * Every trended measure of the patient's live records, per eye, oldest first, from the record types the caller
 * may read (`GET /api/mo/patient/{id}/trends`, and the patient's file). One query: a patient has tens of records, not thousands,
 * and the values are read from each record's JSON by the shared TREND_SOURCES.
 */
export class PatientTrendsService {
  constructor(
    private readonly db: Db,
    private readonly patients: PatientsService,
  ) {}

  /** `GET /api/mo/patient/{id}/trends`: the trends alone, audited as their own read. */
  async read(
    scope: RequestContext,
    patientId: number,
    permissions: readonly string[],
  ): Promise<PatientTrends> {
    await this.patients.liveRow(scope.orgId, patientId);
    const [trends] = await Promise.all([
      this.series(scope, patientId, permissions),
      recordAudit(this.db, scope, {
        action: 'patient.trends_viewed',
        entity: 'patient',
        entityId: patientId,
        patientId,
      }),
    ]);
    return trends;
  }

  /** The series of a patient known to be live, without an audit row (in the file, audited as the file's read). */
  async series(
    scope: RequestContext,
    patientId: number,
    permissions: readonly string[],
  ): Promise<PatientTrends> {
    const readable = readableExamTypes(permissions);
    // The consultations are read for their target pressure only.
    const types = [...TRENDED_EXAM_TYPES, TARGET_IOP_TYPE].filter((type) => readable.includes(type));
    const targetIop: TargetIop = { right: null, left: null };
    if (types.length === 0) return { series: [], targetIop };
    // A record is dated by its visit (a record typed in later still belongs to the day it was measured).
    const at = sql<Date>`coalesce(${queueEntries.date}, ${examRecords.createdAt})`;
    const rows = await this.db
      .select({ id: examRecords.id, type: examRecords.type, data: examRecords.data, at })
      .from(examRecords)
      .leftJoin(queueEntries, eq(queueEntries.id, examRecords.queueId))
      .where(
        inOrg(
          examRecords,
          scope.orgId,
          eq(examRecords.patientId, patientId),
          isNull(examRecords.deletedAt),
          inArray(examRecords.type, types),
        ),
      )
      .orderBy(asc(at), asc(examRecords.id));
    const points = new Map<string, TrendPoint[]>();
    for (const row of rows) {
      // Oldest first: per eye, the latest consultation that sets a target is the one left standing.
      if (row.type === TARGET_IOP_TYPE) Object.assign(targetIop, targetIopOf(row.data));
      const time = new Date(row.at).toISOString();
      for (const reading of TREND_SOURCES[row.type as ExamType]?.(row.data) ?? []) {
        const key = `${reading.key}:${reading.eye}`;
        const point = { at: time, value: reading.value, examType: row.type, examId: row.id };
        const series = points.get(key) ?? [];
        series.push(point);
        points.set(key, series);
      }
    }
    return {
      series: TREND_KEYS.flatMap((key) =>
        TREND_EYES.flatMap((eye) => {
          const found = points.get(`${key}:${eye}`);
          return found ? [{ key, eye, unit: TREND_UNITS[key], points: found }] : [];
        }),
      ),
      targetIop,
    };
  }
}
