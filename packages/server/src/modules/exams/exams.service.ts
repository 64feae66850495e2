import {
  and,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXAM_CHANGED_EVENT, type ExamChanged } from '@basira/shared/events/events.schemas';
import {
  EXAM_RECORDS_PER_PAGE,
  type DeriveContext,
  type ExamDefinition,
} from '@basira/shared/exams/exam-definition';
import { mapLeaves, withDrugNames } from '@basira/shared/exams/fields';
import { visitDateIssues } from '@basira/shared/exams/visit-dates';
import { localDay } from '@basira/shared/dates/calendar';
import { isExamType, type ExamType } from '@basira/shared/exams/exam-types';
import { examDefinition, examTypesWithFields } from '@basira/shared/exams/registry';
import { BOARD_EXAMS_PER_TYPE, type Board } from '@basira/shared/queue/board.schemas';
import type { Db } from '../../db/client.ts';
import { examRecords, patientDocuments, patients, queueEntries, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isoOf, isoTime, type TimesEitherWay } from '../../lib/iso-time.ts';
import { merged } from '@basira/shared/common/objects';
import { AppError, fieldError, notFound, patientDeleted } from '../../lib/errors.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { sanitizeRichText } from '../../lib/html-sanitizer.ts';
import { likePattern, pageWithTotal, totalColumn } from '../../lib/pages.ts';
import {
  asIs,
  runPrepared,
  runPreparedSql,
  type Bind,
  type Built,
  statementName,
} from '../../lib/prepared.ts';
import { inOrg, sameOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { auditedList, auditedRead, pageOfRows, recordAudit, writeAudited } from '../audit/audit.service.ts';
import { diagnosesByCodes, drugsByIds } from '../codes/codes.service.ts';
import { prescribingContext } from './prescribing-context.ts';
import { assertKnownRefs, operationContext } from './exam-refs.ts';
import type { EventHub } from '../events/event-hub.ts';

type Row = typeof examRecords.$inferSelect;

/** The audit entity of a type's records: the type itself (generic code holds it as a string; the registry's are all exam types). */
function auditEntityOf(definition: ExamDefinition): ExamType {
  if (!isExamType(definition.type)) throw new Error(`not an exam type: ${definition.type}`);
  return definition.type;
}
type Data = Record<string, unknown>;
type ExamGroup = Board['exams'][number];
type UserRef = { id: number; name: string } | null;
/** A row of `groups` as the driver reads it (a timestamp as text or a Date, by driver). */
interface GroupRow {
  id: number;
  type: string;
  queue_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
  created_by: number | null;
  data: unknown;
  derived: unknown;
  total: number;
  author_name: string | null;
}

export interface ExamRecord extends Data {
  id: number;
  type: string;
  patientId: number;
  queueId: number | null;
  version: number;
  createdBy: UserRef;
  updatedBy: UserRef;
  createdAt: string;
  updatedAt: string;
  derived: unknown;
}

const creator = alias(users, 'creator');
const updater = alias(users, 'updater');
const byCreator = eq(creator.id, examRecords.createdBy);
const byUpdater = eq(updater.id, examRecords.updatedBy);
const recordColumns = {
  row: examRecords,
  createdBy: { id: creator.id, name: creator.name },
  updatedBy: { id: updater.id, name: updater.name },
};
/** An index page's records: their times read as text (`isoTime`), not made `Date`s to be formatted back. */
const listedColumns = {
  ...recordColumns,
  row: {
    ...getTableColumns(examRecords),
    createdAt: isoTime(examRecords.createdAt),
    updatedAt: isoTime(examRecords.updatedAt),
  },
};

/**
 * Exam records of every type, driven by the type's definition (shared/exams): its schema has validated the body
 * before it gets here; this stores it with its derived values, checks what only the database knows (the visit
 * and the documents are the patient's), and audits every read and write.
 */
export class ExamsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  /** Live records of the type in the organization that meet `conditions`, with their authors' names. */
  private selectInOrg(db: Db, definition: ExamDefinition, orgId: number, ...conditions: (SQL | undefined)[]) {
    return db
      .select(recordColumns)
      .from(examRecords)
      .leftJoin(creator, byCreator)
      .leftJoin(updater, byUpdater)
      .where(this.liveInOrg(definition, orgId, ...conditions));
  }

  /**
   * `selectInOrg` with each row carrying the total of the matching records: an index page in one statement; with
   * `audit` (`auditedRead`), its audit row too.
   */
  private selectPageInOrg(
    db: Db,
    definition: ExamDefinition,
    orgId: number,
    conditions: (SQL | undefined)[],
    ctes: WithSubquery[] = [],
    onPage?: SQL,
  ) {
    const where = this.liveInOrg(definition, orgId, ...conditions);
    const count = db
      .select({ n: sql<number>`count(*)::int` })
      .from(examRecords)
      .where(where);
    return {
      count,
      rows: (ctes.length ? db.with(...ctes) : db)
        .select({ ...listedColumns, total: totalColumn(count) })
        .from(examRecords)
        .leftJoin(creator, byCreator)
        .leftJoin(updater, byUpdater)
        .where(onPage ? and(where, onPage) : where),
    };
  }

  private liveInOrg(definition: ExamDefinition, orgId: number, ...conditions: (SQL | undefined)[]) {
    return inOrg(
      examRecords,
      orgId,
      eq(examRecords.type, definition.type),
      isNull(examRecords.deletedAt),
      ...conditions,
    );
  }

  private view(found: {
    row: TimesEitherWay<Row, 'createdAt' | 'updatedAt'>;
    createdBy: UserRef;
    updatedBy: UserRef;
  }): ExamRecord {
    const { row } = found;
    return merged(row.data as Data, {
      id: row.id,
      type: row.type,
      patientId: row.patientId,
      queueId: row.queueId,
      version: row.version,
      createdBy: found.createdBy?.id ? found.createdBy : null,
      updatedBy: found.updatedBy?.id ? found.updatedBy : null,
      createdAt: isoOf(row.createdAt),
      updatedAt: isoOf(row.updatedAt),
      derived: row.derived ?? null,
    });
  }

  /** The acting user, as the answer names who saved (from the session: no query). */
  private actor(scope: RequestContext): UserRef {
    return scope.userId !== null ? { id: scope.userId, name: scope.userName ?? '' } : null;
  }

  /**
   * A live record, with its patient's state: a deleted patient's records answer as the patient does (404
   * `patient.deleted`) to every read, save, deletion and print, until the patient is restored.
   */
  private async current(definition: ExamDefinition, orgId: number, id: number, db: Db = this.db) {
    const [found] = await db
      .select({ ...recordColumns, patientDeletedAt: patients.deletedAt })
      .from(examRecords)
      .innerJoin(patients, and(eq(patients.id, examRecords.patientId), eq(patients.orgId, examRecords.orgId)))
      .leftJoin(creator, byCreator)
      .leftJoin(updater, byUpdater)
      .where(this.liveInOrg(definition, orgId, eq(examRecords.id, id)));
    if (!found) throw notFound('Exam record');
    if (found.patientDeletedAt) throw patientDeleted();
    return found;
  }

  async list(
    scope: RequestContext,
    definition: ExamDefinition,
    query: { patientId?: number | undefined; page: number; search?: string | undefined },
  ) {
    // One patient's records answer as the patient does; the clinic's list leaves out deleted patients' records.
    if (query.patientId !== undefined) await findLivePatient(this.db, scope.orgId, query.patientId);
    const conditions = (bind: Bind): Built<(SQL | undefined)[]> => {
      const patientId = query.patientId !== undefined ? bind('patientId', query.patientId) : undefined;
      const search = query.search ? bind('search', likePattern(query.search)) : undefined;
      return () => [
        patientId !== undefined
          ? eq(examRecords.patientId, patientId)
          : sql`NOT EXISTS (SELECT 1 FROM ${patients}
                            WHERE ${inOrg(patients, examRecords.orgId, eq(patients.id, examRecords.patientId), isNotNull(patients.deletedAt))})`,
        search !== undefined ? ilike(sql`${examRecords.data}::text`, search) : undefined,
      ];
    };
    const newestFirst = [desc(examRecords.createdAt), desc(examRecords.id)];
    const page = (bind: Bind) => {
      const [orgId, matching] = [bind('orgId', scope.orgId), conditions(bind)];
      const entry = { action: 'exam.listed', entity: auditEntityOf(definition) } as const;
      const offset = bind('offset', (query.page - 1) * EXAM_RECORDS_PER_PAGE);
      // One patient's records name that patient; every patient's name the patients the page shows: the
      // page's rows first (`pageOfRows`), its audit row from them, then their records.
      if (query.patientId !== undefined) {
        const audit = auditedRead(this.db, bind, scope, { ...entry, patientId: query.patientId });
        return () =>
          this.selectPageInOrg(this.db, definition, orgId, matching(), [audit()])
            .rows.orderBy(...newestFirst)
            .limit(EXAM_RECORDS_PER_PAGE)
            .offset(offset);
      }
      const audit = auditedList(this.db, bind, scope, entry);
      return () => {
        const where = matching();
        const listed = pageOfRows(
          this.db,
          examRecords,
          examRecords.patientId,
          this.liveInOrg(definition, orgId, ...where),
          newestFirst,
          EXAM_RECORDS_PER_PAGE,
          offset,
        );
        return this.selectPageInOrg(
          this.db,
          definition,
          orgId,
          where,
          [listed, audit()],
          inArray(examRecords.id, this.db.select({ id: listed.id }).from(listed)),
        ).rows.orderBy(...newestFirst);
      };
    };
    const name = statementName('exam_page', {
      type: definition.type,
      patient: query.patientId !== undefined,
      search: Boolean(query.search),
    });
    const rows = await runPrepared(this.db, name, page);
    const count = () => this.selectPageInOrg(this.db, definition, scope.orgId, conditions(asIs)()).count;
    return pageWithTotal(rows, query.page, EXAM_RECORDS_PER_PAGE, count, (r) => this.view(r));
  }

  /**
   * A patient's records of the given types, per type: how many, and the latest few. The board and the patient's
   * file list them. Each type is read through the patient's index, newest first, up to the few it shows (a
   * lateral join per type): a window over all the patient's records sorted every one of them with its data, most
   * of the board's time for a patient with a long history (bench/board). One prepared statement for any set of
   * types.
   */
  async groups(orgId: number, patientId: number, types: readonly ExamType[]): Promise<ExamGroup[]> {
    if (types.length === 0) return [];
    const rows = await runPreparedSql<GroupRow>(
      this.db,
      statementName('exam_groups'),
      (value) => sql`
        SELECT r.id, r.type, r.queue_id, r.created_at, r.updated_at, r.created_by, r.data, r.derived, c.total,
               u.name AS author_name
        FROM unnest(${value('types')}::text[]) WITH ORDINALITY AS t(type, n)
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS total FROM ${examRecords} e
          WHERE ${sameOrg('e', sql`${value('orgId')}::int`)} AND e.patient_id = ${value('patientId')}::int AND e.type = t.type
            AND e.deleted_at IS NULL) c
        CROSS JOIN LATERAL (
          SELECT e.* FROM ${examRecords} e
          WHERE ${sameOrg('e', sql`${value('orgId')}::int`)} AND e.patient_id = ${value('patientId')}::int AND e.type = t.type
            AND e.deleted_at IS NULL
          ORDER BY e.created_at DESC, e.id DESC
          LIMIT ${value('perType')}::int) r
        LEFT JOIN ${users} u ON u.id = r.created_by
        ORDER BY t.n, r.created_at DESC, r.id DESC`,
      { types: [...types], orgId, patientId, perType: BOARD_EXAMS_PER_TYPE },
    );
    const groups = new Map<ExamType, ExamGroup>();
    for (const r of rows) {
      if (!isExamType(r.type)) continue;
      const definition = examDefinition(r.type);
      let group = groups.get(r.type);
      if (!group) groups.set(r.type, (group = { type: r.type, total: r.total, records: [] }));
      group.records.push({
        id: r.id,
        type: r.type,
        summary: definition.summary(r.data as never, (r.derived ?? undefined) as never),
        queueId: r.queue_id,
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
        createdBy:
          r.created_by !== null && r.author_name !== null ? { id: r.created_by, name: r.author_name } : null,
      });
    }
    return [...groups.values()];
  }

  /** The patient's latest spectacles record with a reading marked final: the Rx the patient wears, in full. */
  async lastFinalRx(orgId: number, patientId: number): Promise<ExamRecord | null> {
    const [found] = await this.selectInOrg(
      this.db,
      examDefinition('spectacles'),
      orgId,
      eq(examRecords.patientId, patientId),
      sql`${examRecords.data}->'readings' @> '[{"isFinal": true}]'::jsonb`,
    )
      .orderBy(desc(examRecords.createdAt), desc(examRecords.id))
      .limit(1);
    return found ? this.view(found) : null;
  }

  /** A record for a caller that audits its own action (a print's log row says which record it printed). */
  async read(orgId: number, definition: ExamDefinition, id: number): Promise<ExamRecord> {
    return this.view(await this.current(definition, orgId, id));
  }

  /** Reading a record is audited like any read of a patient's record (as `action`: a print view, an export). */
  async get(
    scope: RequestContext,
    definition: ExamDefinition,
    id: number,
    action: 'exam.viewed' | 'print.viewed' | 'exam.exported' = 'exam.viewed',
  ): Promise<ExamRecord> {
    const found = await this.current(definition, scope.orgId, id);
    await recordAudit(this.db, scope, {
      action,
      entity: auditEntityOf(definition),
      entityId: id,
      patientId: found.row.patientId,
    });
    return this.view(found);
  }

  async create(
    scope: RequestContext,
    definition: ExamDefinition,
    input: Data & { patientId: number; queueId: number },
  ): Promise<ExamRecord> {
    const { patientId, queueId, ...fields } = input;
    const now = this.clock.now();
    const data = await this.prepared(this.db, definition, scope, patientId, fields, { queueId, at: now });
    const previous = await this.previous(this.db, definition, scope.orgId, patientId);
    const context = await this.context(
      this.db,
      definition,
      scope,
      { patientId, queueId, recordId: null },
      data,
    );
    const { derived, audit } = this.derived(definition, data, previous, context);
    // One statement, no transaction: the record is written only if the visit is this live patient's, with its
    // audit row (atomic by itself). Nothing written: the check again, to say why (404, 422 on queueId).
    const [row] = await writeAudited(
      this.db,
      examRecords,
      {
        name: statementName('exam_insert'),
        write: (value) =>
          sql`INSERT INTO ${examRecords} (org_id, patient_id, queue_id, type, data, derived, created_by, updated_by,
                                         created_at, updated_at)
              SELECT ${value('orgId')}::int, ${value('patientId')}::int, ${value('queueId')}::int, ${value('type')},
                     ${value('data')}::jsonb, ${value('derived')}::jsonb, ${value('userId')}::int,
                     ${value('userId')}::int, ${value('now')}::timestamptz, ${value('now')}::timestamptz
              FROM ${queueEntries} JOIN ${patients} ON ${patients.id} = ${queueEntries.patientId}
              WHERE ${inOrg(queueEntries, value('orgId'), eq(queueEntries.id, value('queueId')), eq(queueEntries.patientId, value('patientId')))}
                AND ${inOrg(patients, value('orgId'), isNull(patients.deletedAt))}
              RETURNING *`,
        values: {
          orgId: scope.orgId,
          patientId,
          queueId,
          type: definition.type,
          data: JSON.stringify(data),
          derived: derived === null ? null : JSON.stringify(derived),
          userId: scope.userId,
          now: now.toISOString(),
        },
      },
      scope,
      {
        action: 'exam.created',
        entity: auditEntityOf(definition),
        at: now,
        ...(audit ? { details: audit } : {}),
      },
    );
    if (!row) {
      await this.assertVisitOf(this.db, scope.orgId, patientId, queueId);
      throw notFound('Queue entry');
    }
    const record = this.view({ row, createdBy: this.actor(scope), updatedBy: this.actor(scope) });
    this.publish(scope.orgId, record, 'created');
    return record;
  }

  /** The whole record as the form holds it replaces the stored one, if no one saved it since it was read. */
  async update(
    scope: RequestContext,
    definition: ExamDefinition,
    id: number,
    input: Data & { version: number },
  ): Promise<ExamRecord> {
    const { version, ...fields } = input;
    const record = await this.db.transaction(async (tx) => {
      const current = await this.current(definition, scope.orgId, id, tx);
      const { patientId } = current.row;
      const data = await this.prepared(tx, definition, scope, patientId, fields, {
        queueId: current.row.queueId,
        at: current.row.createdAt,
      });
      const previous = await this.previous(tx, definition, scope.orgId, patientId, current.row);
      const context = await this.context(
        tx,
        definition,
        scope,
        { patientId, queueId: current.row.queueId, recordId: id },
        data,
      );
      const { derived, audit } = this.derived(definition, data, previous, context);
      const row = await updateVersioned(
        tx,
        examRecords,
        { orgId: scope.orgId, id, expected: version, where: isNull(examRecords.deletedAt) },
        {
          data,
          derived,
          updatedBy: scope.userId,
          updatedAt: this.clock.now(),
        },
        async () =>
          new AppError(
            'stale_version',
            'Someone else saved this record since you opened it; theirs is attached. Reload to see it.',
            undefined,
            { data: this.view(await this.current(definition, scope.orgId, id, tx)) },
          ),
      );
      await recordAudit(tx, scope, {
        action: 'exam.updated',
        entity: auditEntityOf(definition),
        entityId: id,
        patientId,
        details: { version: row.version, ...audit },
      });
      return this.view({ row, createdBy: current.createdBy, updatedBy: this.actor(scope) });
    });
    this.publish(scope.orgId, record, 'updated');
    return record;
  }

  /** Clinical records are never erased: a deleted one is hidden and kept, with who deleted it. */
  async remove(scope: RequestContext, definition: ExamDefinition, id: number): Promise<void> {
    const record = await this.db.transaction(async (tx) => {
      const found = await this.current(definition, scope.orgId, id, tx);
      const now = this.clock.now();
      await updateVersioned(
        tx,
        examRecords,
        { orgId: scope.orgId, id, expected: undefined, where: isNull(examRecords.deletedAt) },
        { deletedAt: now, deletedBy: scope.userId, updatedAt: now },
        async () => notFound('Exam record'),
      );
      await recordAudit(tx, scope, {
        action: 'exam.deleted',
        entity: auditEntityOf(definition),
        entityId: id,
        patientId: found.row.patientId,
      });
      return this.view(found);
    });
    this.publish(scope.orgId, record, 'deleted');
  }

  // ---- rules only the database can check ----------------------------------------------------------------------

  /** The visit is this live patient's: one query for both (an unknown or deleted patient is 404). */
  private async assertVisitOf(db: Db, orgId: number, patientId: number, queueId: number): Promise<void> {
    const [found] = await db
      .select({ deletedAt: patients.deletedAt, visitId: queueEntries.id })
      .from(patients)
      .leftJoin(
        queueEntries,
        and(
          eq(queueEntries.patientId, patients.id),
          eq(queueEntries.id, queueId),
          eq(queueEntries.orgId, orgId),
        ),
      )
      .where(inOrg(patients, orgId, eq(patients.id, patientId)));
    if (!found) throw notFound('Patient');
    if (found.deletedAt) throw patientDeleted();
    if (found.visitId === null) throw fieldError('queueId', 'queueId.unknown');
  }

  /**
   * Diagnosis codes must be in the clinic's code list and drugs in its formulary: every unknown one is named
   * (`diagnoses.1.code`: `value.unknown_code`, `medications.0.drugId`: `value.unknown_drug`), all at once.
   */
  private async assertKnownCodes(
    db: Db,
    definition: ExamDefinition,
    orgId: number,
    fields: Data,
  ): Promise<Map<number, { name: string }>> {
    const codes: { code: string; path: string }[] = [];
    const drugIds: { id: number; path: string }[] = [];
    mapLeaves(definition.fields, fields, 'diagnosisCode', (value, path) => {
      if (typeof value === 'string' && value.trim()) codes.push({ code: value, path: path.join('.') });
      return value;
    });
    mapLeaves(definition.fields, fields, 'drug', (value, path) => {
      if (typeof value === 'number') drugIds.push({ id: value, path: path.join('.') });
      return value;
    });
    const errors: Record<string, string[]> = {};
    let drugs = new Map<number, { name: string }>();
    if (codes.length) {
      const known = await diagnosesByCodes(
        db,
        orgId,
        codes.map((c) => c.code),
      );
      for (const { code, path } of codes)
        if (!known.has(code.trim().toUpperCase())) errors[path] = ['value.unknown_code'];
    }
    if (drugIds.length) {
      drugs = await drugsByIds(
        db,
        orgId,
        drugIds.map((d) => d.id),
      );
      for (const { id, path } of drugIds) if (!drugs.has(id)) errors[path] = ['value.unknown_drug'];
    }
    if (Object.keys(errors).length) throw new AppError('validation', 'The given data was invalid.', errors);
    return drugs;
  }

  /**
   * Dates bounded by the visit (a next visit: from the visit's day to two years on) must fall within it, on the
   * day of the visit the record belongs to (`visitDateIssues`). The visit's day is read only when such a date is
   * given; a record whose visit is gone (or a visit not found, refused after) is measured from `at`.
   */
  private async assertVisitDates(
    db: Db,
    definition: ExamDefinition,
    scope: RequestContext,
    fields: Data,
    visit: { queueId: number | null; at: Date },
  ): Promise<void> {
    let bounded = false;
    mapLeaves(definition.fields, fields, 'date', (value, _path, leaf) => {
      if (leaf.kind === 'date' && leaf.fromVisit && typeof value === 'string') bounded = true;
      return value;
    });
    if (!bounded) return;
    const [found] =
      visit.queueId === null
        ? []
        : await db
            .select({ date: queueEntries.date })
            .from(queueEntries)
            .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, visit.queueId)));
    const visitDay = localDay(found ? new Date(found.date) : visit.at, scope.timeZone);
    const errors = visitDateIssues(definition.fields, fields, visitDay);
    if (Object.keys(errors).length) throw new AppError('validation', 'The given data was invalid.', errors);
  }

  /**
   * What a type's derivation reads beyond the record (`derive.usesContext`): what its prescription is checked
   * against (prescribing-context.ts) and the titles of the diagnosis codes it names. `recordId` is the record
   * being saved, if it exists already.
   */
  private async context(
    db: Db,
    definition: ExamDefinition,
    scope: RequestContext,
    at: { patientId: number; queueId: number | null; recordId: number | null },
    data: Data,
  ): Promise<DeriveContext | undefined> {
    if (!definition.derive?.usesContext) return undefined;
    const [prescribed, operation] = await Promise.all([
      this.prescribedContext(db, definition, scope, at, data),
      operationContext(db, definition, scope.orgId, at.patientId, data),
    ]);
    return { ...prescribed, ...(operation ? { operation } : {}) };
  }

  /** What a prescription is checked against and its diagnoses' titles: for a type with drugs or diagnosis codes. */
  private async prescribedContext(
    db: Db,
    definition: ExamDefinition,
    scope: RequestContext,
    at: { patientId: number; queueId: number | null; recordId: number | null },
    data: Data,
  ): Promise<Pick<DeriveContext, 'prescribing' | 'diagnoses'>> {
    if (!examTypesWithFields(['drug', 'diagnosisCode']).includes(definition.type as ExamType)) return {};
    const drugIds: number[] = [];
    mapLeaves(definition.fields, data, 'drug', (value) => {
      if (typeof value === 'number') drugIds.push(value);
      return value;
    });
    const codes: string[] = [];
    mapLeaves(definition.fields, data, 'diagnosisCode', (value) => {
      if (typeof value === 'string' && value.trim()) codes.push(value);
      return value;
    });
    const [prescribing, titles] = await Promise.all([
      prescribingContext(db, scope, { ...at, drugIds }),
      diagnosesByCodes(db, scope.orgId, codes),
    ]);
    const diagnoses: Record<string, { titleEn: string; titleAr: string }> = {};
    for (const [code, d] of titles) diagnoses[code] = { titleEn: d.titleEn, titleAr: d.titleAr };
    return { prescribing, diagnoses };
  }

  /**
   * The context a type's form computes its live values with (`GET /api/mo/exam/{type}/context`): the same as a
   * save of this visit's record would read, but the formulary's drugs the form has loaded. The drugs the saved
   * record names are in it: one hidden from the formulary since (the form loads the active ones) is still checked
   * by its ingredients live, as the save checks it, rather than as an unknown name.
   */
  async formContext(
    scope: RequestContext,
    definition: ExamDefinition,
    at: { patientId: number; queueId: number; recordId: number | null },
  ): Promise<DeriveContext> {
    await this.assertVisitOf(this.db, scope.orgId, at.patientId, at.queueId);
    const [saved] =
      at.recordId === null
        ? []
        : await this.db
            .select({ data: examRecords.data })
            .from(examRecords)
            .where(
              this.liveInOrg(
                definition,
                scope.orgId,
                eq(examRecords.id, at.recordId),
                eq(examRecords.patientId, at.patientId),
              ),
            );
    return (await this.context(this.db, definition, scope, at, (saved?.data ?? {}) as Data)) ?? {};
  }

  /**
   * Codes and drugs known, dates within their visit, attached documents this patient's; a drug given by its id
   * alone named from the formulary; rich text sanitised.
   */
  private async prepared(
    db: Db,
    definition: ExamDefinition,
    scope: RequestContext,
    patientId: number,
    input: Data,
    visit: { queueId: number | null; at: Date },
  ): Promise<Data> {
    const { orgId } = scope;
    const drugs = await this.assertKnownCodes(db, definition, orgId, input);
    await assertKnownRefs(db, definition, orgId, patientId, input);
    await this.assertVisitDates(db, definition, scope, input, visit);
    const fields = withDrugNames(definition.fields, input, (id) => drugs.get(id)?.name) as Data;
    const attached: { ids: number[]; path: string }[] = [];
    mapLeaves(definition.fields, fields, 'documents', (value, path) => {
      if (Array.isArray(value) && value.length)
        attached.push({ ids: value as number[], path: path.join('.') });
      return value;
    });
    for (const { ids, path } of attached) {
      const found = await db
        .select({ id: patientDocuments.id })
        .from(patientDocuments)
        .where(
          inOrg(
            patientDocuments,
            orgId,
            eq(patientDocuments.patientId, patientId),
            inArray(patientDocuments.id, [...new Set(ids)]),
          ),
        );
      if (found.length !== new Set(ids).size) throw fieldError(path, 'value.unknown_document');
    }
    return mapLeaves(definition.fields, fields, 'richText', (value) =>
      typeof value === 'string' ? sanitizeRichText(value) : value,
    ) as Data;
  }

  /** The patient's latest record of this type before `before` (or before now): what progression is measured against. */
  private async previous(
    db: Db,
    definition: ExamDefinition,
    orgId: number,
    patientId: number,
    before?: Row,
  ): Promise<Data | undefined> {
    if (!definition.derive?.usesPrevious) return undefined;
    const [row] = await db
      .select({ data: examRecords.data })
      .from(examRecords)
      .where(
        this.liveInOrg(
          definition,
          orgId,
          eq(examRecords.patientId, patientId),
          before
            ? or(
                lt(examRecords.createdAt, before.createdAt),
                and(eq(examRecords.createdAt, before.createdAt), lt(examRecords.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(examRecords.createdAt), desc(examRecords.id))
      .limit(1);
    return row?.data as Data | undefined;
  }

  /**
   * The values computed from the record, and what they asked the author to confirm (a reason to give a
   * contraindicated drug): a confirmation left unanswered refuses the save (422 on its path, all at once); the
   * answered ones go into the save's audit row.
   */
  private derived(
    definition: ExamDefinition,
    data: Data,
    previous: Data | undefined,
    context: DeriveContext | undefined,
  ): { derived: unknown; audit: Record<string, unknown> | undefined } {
    if (!definition.derive) return { derived: null, audit: undefined };
    const derived = definition.derive.compute(data as never, previous as never, context);
    const confirmations = definition.derive.confirm?.(data as never, derived as never) ?? [];
    const missing = confirmations.filter((c) => c.given === null);
    if (missing.length)
      throw new AppError(
        'validation',
        'A contraindicated drug is given only with the reason for it.',
        Object.fromEntries(missing.map((c) => [c.path.join('.'), ['value.reason_required']])),
      );
    const confirmed = confirmations.map((c) => ({
      path: c.path.join('.'),
      reason: c.given,
      answers: c.answers,
    }));
    return { derived, audit: confirmed.length ? { confirmed } : undefined };
  }

  /** After the change committed; not awaited (the answer does not wait for it; a failure is logged by the hub). */
  private publish(orgId: number, record: ExamRecord, action: ExamChanged['action']): void {
    void this.events.publish(orgId, {
      type: EXAM_CHANGED_EVENT,
      data: {
        id: record.id,
        type: record.type,
        patientId: record.patientId,
        queueId: record.queueId,
        action,
        at: this.clock.now().toISOString(),
      },
    });
  }
}
