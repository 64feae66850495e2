import {
  and,
  between,
  eq,
  getTableColumns,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { QueueChanged } from '@basira/shared/events/events.schemas';
import { QUEUE_CHANGED_EVENT } from '@basira/shared/events/events.schemas';
import type { QueueEntry, VisitReason } from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS, queueStatus, type QueueStatusId } from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import { patients, queueEntries, users } from '../../db/schema.ts';
import { isoOf, isoTime, type TimesEitherWay } from '../../lib/iso-time.ts';
import { literal } from '../../lib/prepared.ts';
import { countUpToCap, totalColumn, totalUpToCap } from '../../lib/pages.ts';
import type { AuditRowCte } from '../audit/audit.service.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { EventHub } from '../events/event-hub.ts';
import { summaryColumns, toSummary } from '../patients/patient-view.ts';

export type QueueRow = typeof queueEntries.$inferSelect;

const doctor = alias(users, 'doctor');
const deletedPatient = alias(patients, 'deleted_patient');

/** What a queue row shows: the entry, its patient's summary and its doctor's name. */
const entryColumns = {
  entry: queueEntries,
  // The summary's columns, the last visit as a `Date` here (`selectEntries`); the list pages read it as text.
  patient: { ...summaryColumns, lastQueueAt: patients.lastQueueAt },
  doctorName: doctor.name,
};

export type EntryRow = {
  entry: QueueRow;
  patient: Parameters<typeof toSummary>[0];
  doctorName: string | null;
};

/**
 * What the list pages select: the entry's columns with their times read as text (`isoTime`), so a page of
 * 25 entries makes no `Date` to format back (five times a row; see lib/iso-time.ts).
 */
const listedColumns = {
  entry: {
    ...getTableColumns(queueEntries),
    date: isoTime(queueEntries.date),
    statusSince: isoTime(queueEntries.statusSince),
    createdAt: isoTime(queueEntries.createdAt),
    updatedAt: isoTime(queueEntries.updatedAt),
    arrivedAt: isoTime<string | null>(queueEntries.arrivedAt),
  },
  patient: summaryColumns,
  doctorName: doctor.name,
};

/** A row `toEntry` shows: read by `selectEntries` (times as `Date`s) or by a list page (as text). */
type ShownRow = {
  entry: TimesEitherWay<QueueRow, 'date' | 'statusSince' | 'createdAt' | 'updatedAt' | 'arrivedAt'>;
  patient: EntryRow['patient'];
  doctorName: string | null;
};

/** An entry meets its patient by its `patient_id`. */
export const withPatient = eq(patients.id, queueEntries.patientId);
/**
 * Only each patient's latest entry meets its patient, through `patients.latest_entry_id` (kept by a trigger,
 * migration 0017). Joined on it alone, not filtered by it beside `withPatient`: PostgreSQL multiplies the two
 * clauses' selectivities, expected one row, and hashed every visit of the clinic; joined on it, it walks an index
 * and stops at the page (docs/decisions.md).
 */
export const withPatientsLatest = eq(patients.latestEntryId, queueEntries.id);
const withDoctor = eq(doctor.id, queueEntries.doctorId);
const liveEntries = (orgId: number, conditions: (SQL | undefined)[]) =>
  inOrg(queueEntries, orgId, isNull(patients.deletedAt), ...conditions);

/** Entries with their patient and doctor; lists add conditions, order and paging. Deleted patients are hidden. */
export function selectEntries(db: Db, orgId: number, ...conditions: (SQL | undefined)[]) {
  return db
    .select(entryColumns)
    .from(queueEntries)
    .innerJoin(patients, withPatient)
    .leftJoin(doctor, withDoctor)
    .where(liveEntries(orgId, conditions));
}

/** `selectEntries` for the lists that only show their rows (`toEntry`): the times read as text. */
export function selectListedEntries(db: Db, orgId: number, ...conditions: (SQL | undefined)[]) {
  return db
    .select(listedColumns)
    .from(queueEntries)
    .innerJoin(patients, withPatient)
    .leftJoin(doctor, withDoctor)
    .where(liveEntries(orgId, conditions));
}

/**
 * `selectListedEntries` with each row carrying the total of the matching entries: a page in one statement; with
 * `audit` (`auditedRead`), its audit row too. `patientJoin`: `withPatient`, or `withPatientsLatest` for each
 * patient's latest entry only. `readsPatient`: the conditions read a column of the patient (a name, a phone).
 * `among`: the page's candidates (`selectEntryIds`, which meet `conditions`): the rows are read by it alone, and
 * `conditions` count the total. Repeated on the rows, the conditions let PostgreSQL read today's 25 Waiting by
 * a bitmap of all today's Waiting and drop the others (bench/list-pages/explain.ts).
 * `counted: false`: the rows alone (`pageCountedWhenFull` counts them when the page is full); their total is 0.
 */
export function selectEntriesWithTotal(
  db: Db,
  orgId: number,
  patientJoin: SQL,
  conditions: (SQL | undefined)[],
  readsPatient: boolean,
  {
    audit,
    among,
    counted = true,
  }: { audit?: AuditRowCte | undefined; among?: SQL | undefined; counted?: boolean } = {},
) {
  const matching = matchingEntries(db, orgId, patientJoin, conditions, readsPatient, { one: sql`1` });
  return (audit ? db.with(audit) : db)
    .select({ ...listedColumns, total: counted ? totalUpToCap(matching) : totalColumn(sql`0`) })
    .from(queueEntries)
    .innerJoin(patients, patientJoin)
    .leftJoin(doctor, withDoctor)
    .where(liveEntries(orgId, among === undefined ? conditions : [among]));
}

/**
 * The ids of the entries that meet `conditions`, their patient live, read as `matchingEntries` reads them (no
 * patient row unless the conditions need it), with `columns` beside them; callers add order and limit.
 */
export function selectEntryIds(
  db: Db,
  orgId: number,
  patientJoin: SQL,
  conditions: (SQL | undefined)[],
  readsPatient: boolean,
  columns: SelectedFields = {},
) {
  return matchingEntries(db, orgId, patientJoin, conditions, readsPatient, {
    id: queueEntries.id,
    ...columns,
  });
}

/** The matching entries counted up to the lists' cap (a page of a clinic's 3,000,000 visits stays bounded). */
export function countEntries(
  db: Db,
  orgId: number,
  patientJoin: SQL,
  conditions: (SQL | undefined)[],
  readsPatient: boolean,
) {
  return countUpToCap(db, matchingEntries(db, orgId, patientJoin, conditions, readsPatient, { one: sql`1` }));
}

/**
 * The matching entries, as `columns` (a constant for `countEntries` and `totalUpToCap`, the id for
 * `selectEntryIds`). Every entry's patient is read only where the conditions or the join need it; otherwise a
 * deleted patient's entries are left out by their patient's id, looked up among the clinic's deleted patients
 * (read once from `patients_org_deleted_idx`): counting a rare visit reason's entries otherwise read each entry's
 * patient. `NOT IN`, not `NOT EXISTS`: PostgreSQL hashes the deleted ids once (a hashed SubPlan), where the
 * anti-join it made of `NOT EXISTS` rescanned every deleted patient for each entry (bench/list-pages).
 * Patient ids are never null, so `NOT IN` means what `NOT EXISTS` did.
 */
function matchingEntries(
  db: Db,
  orgId: number,
  patientJoin: SQL,
  conditions: (SQL | undefined)[],
  readsPatient: boolean,
  columns: SelectedFields,
) {
  if (patientJoin === withPatient && !readsPatient) {
    const deleted = db
      .select({ id: deletedPatient.id })
      .from(deletedPatient)
      .where(and(eq(deletedPatient.orgId, orgId), isNotNull(deletedPatient.deletedAt)));
    return db
      .select(columns)
      .from(queueEntries)
      .where(inOrg(queueEntries, orgId, notInArray(queueEntries.patientId, deleted), ...conditions))
      .$dynamic();
  }
  return db
    .select(columns)
    .from(queueEntries)
    .innerJoin(patients, patientJoin)
    .where(liveEntries(orgId, conditions))
    .$dynamic();
}

export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export function statusOf(id: number) {
  return queueStatus(id as QueueStatusId);
}

export function toEntry(row: ShownRow, today: string): QueueEntry {
  const e = row.entry;
  const waiting = e.status === QUEUE_STATUS.Waiting;
  const date = isoOf(e.date);
  const statusSince = isoOf(e.statusSince);
  return {
    id: e.id,
    patientId: e.patientId,
    patient: toSummary(row.patient, today),
    ticketNumber: e.ticketNumber,
    ticketDay: e.ticketDay,
    isVisitDate: flag(e.isVisitDate),
    date,
    note: e.note,
    isRewaiting: flag(e.isRewaiting),
    status: statusOf(e.status),
    examTypes: e.examTypes as VisitReason[],
    doctor: e.doctorId !== null && row.doctorName !== null ? { id: e.doctorId, name: row.doctorName } : null,
    statusSince,
    // ISO times of one form compare as text: the later of entering Waiting and the date.
    waitingSince: waiting ? (date > statusSince ? date : statusSince) : null,
    slotMinutes: e.slotMinutes,
    overbooked: flag(e.overbooked),
    arrivedAt: e.arrivedAt === null ? null : isoOf(e.arrivedAt),
    version: e.version,
    createdAt: isoOf(e.createdAt),
    updatedAt: isoOf(e.updatedAt),
  };
}

/** A visit its own statement writes, as it will be: a subquery of that statement cannot see it yet. */
export interface VisitBeingWritten {
  /** Its id, when an older version of it is there to be left out (a move); none for a new visit. */
  id?: SQL;
  date: SQL;
  status: SQL;
}

/**
 * A patient's last visit: the latest date of their visits that happened or are happening (Waiting, WithDoctor,
 * Finished: 1–3), up to `now`. A booking or a recall not yet arrived (Booked), a no-show and a canceled visit are
 * none. `writing` is a visit the statement writes, counted as it will be.
 */
export function lastVisitSql(
  orgId: number | SQL,
  patientId: number | SQL,
  now: Date | SQL,
  writing?: VisitBeingWritten,
): SQL {
  const last = sql`(SELECT max(${queueEntries.date}) FROM ${queueEntries} WHERE ${and(
    inOrg(queueEntries, orgId, eq(queueEntries.patientId, patientId)),
    between(queueEntries.status, literal(QUEUE_STATUS.Waiting), literal(QUEUE_STATUS.Finished)),
    lte(queueEntries.date, now),
    writing?.id ? ne(queueEntries.id, writing.id) : undefined,
  )})`;
  if (!writing) return last;
  const at = now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now;
  return sql`greatest(${last}, CASE WHEN ${writing.status} BETWEEN ${literal(QUEUE_STATUS.Waiting)} AND ${literal(QUEUE_STATUS.Finished)}
                                         AND ${writing.date} <= ${at} THEN ${writing.date} END)`;
}

/**
 * `last_queue_at` follows the patient's last visit. Not a user edit: no version bump. `adding` is a new visit (its
 * date and status) the same transaction writes after this (a visit's create takes its ticket last: queue.service.ts).
 */
export async function refreshLastQueueAt(
  db: Db,
  orgId: number,
  patientId: number,
  now: Date,
  adding?: { date: Date; status: QueueStatusId },
): Promise<void> {
  const writing = adding && {
    date: sql`${adding.date.toISOString()}::timestamptz`,
    status: sql`${literal(adding.status)}`,
  };
  // eslint-disable-next-line no-restricted-syntax -- a derived column, not an edit (see above)
  await db
    .update(patients)
    .set({ lastQueueAt: lastVisitSql(orgId, patientId, now, writing) })
    .where(inOrg(patients, orgId, eq(patients.id, patientId)));
}

export function publishQueueChange(
  events: EventHub,
  orgId: number,
  entry: QueueRow | { id: number; patientId: number },
  action: QueueChanged['action'],
  at: Date,
): Promise<void> {
  const row = 'status' in entry ? entry : undefined;
  return events.publish(orgId, {
    type: QUEUE_CHANGED_EVENT,
    data: {
      id: entry.id,
      patientId: entry.patientId,
      action,
      status: row ? statusOf(row.status) : null,
      isRewaiting: row ? flag(row.isRewaiting) : null,
      date: row ? row.date.toISOString() : null,
      doctorId: row ? row.doctorId : null,
      at: at.toISOString(),
    },
  });
}
