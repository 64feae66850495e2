import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  runPreparedSql,
  statementName,
  type Bind,
  type StatementName,
  type Value,
} from '../../lib/prepared.ts';
import { auditLog, patients } from '../../db/schema.ts';
import type { RequestContext } from '../../types.ts';
import type { AuditEntity, AuditOutcome } from '@basira/shared/audit/audit.schemas';
import { merged } from '@basira/shared/common/objects';
import { nextCounterSql } from '../../lib/counters.ts';

export interface AuditEntry {
  action: string;
  entity?: AuditEntity;
  entityId?: number;
  patientId?: number;
  /** A list page's patients, distinct, in the page's order: the patient list, an exam list. */
  patientIds?: number[];
  subject?: string;
  details?: Record<string, unknown>;
  /** When it happened, if the caller's clock must be used (sign-in failures are counted by it). */
  at?: Date;
  /** `ok` unless the call was refused (recorded by audit-hook.ts). */
  outcome?: AuditOutcome;
}

/**
 * An audit row's insert, each value stated by `value(name)` with the names `auditValues` gives. `patientIds`: the
 * listed patients as an expression of the statement (`listedPatients`), else the entry's.
 */
const auditInsert = (value: Value, patientIds: SQL = sql`${value('auditPatientIds')}::bigint[]`) => sql`
  INSERT INTO ${auditLog} (org_id, user_id, action, entity, entity_id, patient_id, patient_ids, subject, details, role,
                           outcome, ip, request_id, created_at)
  VALUES (${value('auditOrgId')}::int, ${value('auditUserId')}::int, ${value('auditAction')}, ${value('auditEntity')},
          ${value('auditEntityId')}::bigint, ${value('auditPatientId')}::bigint, ${patientIds}, ${value('auditSubject')},
          ${value('auditDetails')}::jsonb, ${value('auditRole')}, ${value('auditOutcome')}, ${value('auditIp')},
          ${value('auditRequestId')}, coalesce(${value('auditAt')}::timestamptz, now()))`;

/**
 * The patients of a page's rows, distinct, in the page's order: from the common table expression `listed` of the
 * same statement, whose rows give a patient (`patient_id`) and their place on the page (`n`). NULL for an empty page.
 */
const listedPatients = (listed: string) => sql`(
  SELECT array_agg(d.patient_id ORDER BY d.n) FROM (
    SELECT l.patient_id, min(l.n) AS n FROM ${sql.raw(listed)} l WHERE l.patient_id IS NOT NULL GROUP BY l.patient_id
  ) d)`;

function auditValues(ctx: RequestContext, entry: AuditEntry): Record<string, unknown> {
  return {
    auditOrgId: ctx.orgId,
    auditUserId: ctx.userId,
    auditAction: entry.action,
    auditEntity: entry.entity ?? null,
    auditEntityId: entry.entityId ?? null,
    auditPatientId: entry.patientId ?? null,
    auditPatientIds: entry.patientIds ?? null,
    auditSubject: entry.subject ?? null,
    auditDetails: entry.details ? JSON.stringify(entry.details) : null,
    auditRole: ctx.role ?? null,
    auditOutcome: entry.outcome ?? 'ok',
    auditIp: ctx.ip,
    auditRequestId: ctx.requestId,
    auditAt: entry.at ? entry.at.toISOString() : null,
  };
}

/**
 * Appends one audit row; pass the transaction of the change so both land or neither does. Every audited call
 * writes one, reads included, so its statement is built once and prepared (`runPreparedSql`).
 */
export async function recordAudit(db: Db, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await runPreparedSql(db, statementName('audit_row'), auditInsert, auditValues(ctx, entry));
}

/**
 * The audit row of a read, as a common table expression of the read's own statement:
 * `db.with(auditedRead(db, bind, ctx, entry)()).select(…)` returns the rows and records their reading in one statement
 * and one round trip (PostgreSQL runs a data-modifying CTE whether or not the query refers to it). Its values are
 * bound with the statement's `bind`, so a prepared page (`runPrepared`) stays one SQL text; the expression is built
 * when called.
 */
export function auditedRead(db: Db, bind: Bind, ctx: RequestContext, entry: AuditEntry) {
  const values = auditValues(ctx, entry);
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) bound[name] = bind(name, value);
  return () => db.$with('audit_row', {}).as(auditInsert((name) => bound[name] as never));
}

/** The common table expression that writes a read's audit row, as `auditedRead` builds it. */
export type AuditRowCte = ReturnType<ReturnType<typeof auditedRead>>;

/** The name of a list page's common table expression of its rows (`pageOfRows`), which `auditedList` reads. */
export const LISTED = 'listed';

/**
 * The audit row of a list page, as a common table expression of the page's own statement, naming the patients the
 * page shows (`patient_ids`). The statement's `WITH` names first the page's rows as `LISTED` (each a
 * `patient_id` and its place `n`, as `pageOfRows` makes them), then this; the page then reads its records by those
 * rows. One statement and one round trip, as `auditedRead`.
 */
export function auditedList(db: Db, bind: Bind, ctx: RequestContext, entry: AuditEntry) {
  const values = auditValues(ctx, entry);
  const bound: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    if (name !== 'auditPatientIds') bound[name] = bind(name, value);
  return () =>
    db.$with('audit_row', {}).as(auditInsert((name) => bound[name] as never, listedPatients(LISTED)));
}

/**
 * A page's rows as the common table expression `LISTED` for `auditedList`: their ids, their patients and their
 * places (`row_number()` in the page's order, so the audit row keeps it whatever order the rows come out in).
 */
export function pageOfRows(
  db: Db,
  table: PgTable & { id: PgColumn },
  patient: PgColumn,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  limit: number,
  offset: number,
) {
  return db.$with(LISTED).as(
    db
      .select({
        id: table.id,
        patientId: sql<number>`${patient}`.as('patient_id'),
        n: sql<number>`row_number() OVER (ORDER BY ${sql.join(order, sql`, `)})`.as('n'),
      })
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
}

/** A write for `writeAudited`, prepared once under a name derived from `name` and the table (`auditedName`). */
export interface AuditedWrite {
  /** Names what `write`, `alsoWrite` and `writtenDetails` make: whatever changes their text is in it. */
  name: StatementName;
  /** An `insert … returning *` or `update … returning *`, each value stated by `value(name)` (one of `values`). */
  write: (value: Value) => SQL;
  values: Record<string, unknown>;
  /**
   * A counter of the organization (lib/counters.ts) whose next value the write takes as `(SELECT value FROM
   * counter)`: taken in the write's own statement, so that the counter's row, which every other taker waits on, is
   * locked from this statement to the commit and no longer.
   */
  counter?: string;
  /** Further writes from the written rows (`w`) in the same statement: a visit's status event, its patient's last visit. */
  alsoWrite?: (value: Value) => SQL[];
  /** Details read from the written row `w` (a jsonb object), added to the entry's: what only the statement knows. */
  writtenDetails?: SQL;
}

/**
 * A write (an `insert … returning` or `update … returning` of `table`) and the audit row of each row it wrote, in
 * one statement: atomic without a transaction, and one round trip on the hot path (an exam save). The audit row
 * names the written row (`entity_id`) and its patient (the table's `patient_id`, or the row itself in `patients`).
 * The statement is prepared once (`runPreparedSql`).
 */
export async function writeAudited<T extends PgTable & { id: PgColumn }>(
  db: Db,
  table: T,
  statement: AuditedWrite,
  ctx: RequestContext,
  entry: Pick<AuditEntry, 'action' | 'entity' | 'details' | 'at'>,
): Promise<T['$inferSelect'][]> {
  const columns = getTableColumns(table);
  // The patient a row belongs to; a patient's own row is its patient.
  const patient =
    table === (patients as PgTable)
      ? sql.raw('w.id')
      : 'patientId' in columns
        ? sql.raw('w.patient_id')
        : sql`NULL`;
  const { counter, alsoWrite, writtenDetails } = statement;
  const rows = await runPreparedSql(
    db,
    statementName('audited', {
      table: getTableName(table),
      write: statement.name,
      counter: Boolean(counter),
      details: Boolean(writtenDetails),
    }),
    (value) => {
      const details = writtenDetails
        ? sql`coalesce(${value('auditDetails')}::jsonb, '{}'::jsonb) || ${writtenDetails}`
        : sql`${value('auditDetails')}::jsonb`;
      const takeCounter = counter
        ? sql`counter AS (${nextCounterSql(sql`${value('auditOrgId')}::int`, sql`${value('counterName')}::text`)}),`
        : sql``;
      const also = (alsoWrite?.(value) ?? []).map((write, i) => sql`${sql.raw(`also${i}`)} AS (${write}),`);
      return sql`
      WITH ${takeCounter}
      w AS (${statement.write(value)}),
      ${sql.join(also)}
      a AS (
        INSERT INTO ${auditLog} (org_id, user_id, role, action, entity, entity_id, patient_id, details, ip, request_id, created_at)
        SELECT ${value('auditOrgId')}::int, ${value('auditUserId')}::int, ${value('auditRole')}, ${value('auditAction')},
               ${value('auditEntity')}, w.id, ${patient}, ${details}, ${value('auditIp')},
               ${value('auditRequestId')}, ${value('auditAt')}::timestamptz
        FROM w)
      SELECT * FROM w`;
    },
    merged(statement.values, {
      auditOrgId: ctx.orgId,
      auditUserId: ctx.userId,
      auditRole: ctx.role ?? null,
      auditAction: entry.action,
      auditEntity: entry.entity ?? null,
      auditDetails: entry.details ? JSON.stringify(entry.details) : null,
      auditIp: ctx.ip,
      auditRequestId: ctx.requestId,
      auditAt: (entry.at ?? new Date()).toISOString(),
      ...(counter ? { counterName: counter } : {}),
    }),
  );
  return rows.map(
    (raw) =>
      Object.fromEntries(
        Object.entries(columns).map(([key, column]) => {
          const value = raw[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
}
