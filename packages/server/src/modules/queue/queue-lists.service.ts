import { and, asc, desc, eq, gte, inArray, isNull, like, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  QUEUE_PER_PAGE,
  REWAITING_LIMIT,
  type QueueEntry,
  type QueueFilterQuery,
} from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { digitsOnly, looksNumeric, normalizeName } from '@basira/shared/search/arabic-normalize';
import type { Db } from '../../db/client.ts';
import { patients, queueEntries } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { addToDay, dayRange, localDay, startOfDay } from '@basira/shared/dates/calendar';
import { pageWithTotal } from '../../lib/pages.ts';
import { inOrg } from '../../lib/tenant.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { countEntries, selectEntries, selectEntriesWithTotal, toEntry } from './queue-view.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const newestFirst = [desc(queueEntries.date), desc(queueEntries.id)];
const OPEN = [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor];

/**
 * The day's lists: who is with a doctor, then who has waited longest (since they became due: the later of
 * entering Waiting and their date), then the closed visits, newest first.
 */
const isOpen = inArray(queueEntries.status, OPEN);
const longestWaitingFirst = [
  sql`CASE ${queueEntries.status} WHEN ${QUEUE_STATUS.WithDoctor} THEN 0 WHEN ${QUEUE_STATUS.Waiting} THEN 1 ELSE 2 END`,
  sql`CASE WHEN ${isOpen} THEN greatest(${queueEntries.statusSince}, ${queueEntries.date}) END`,
  sql`CASE WHEN ${isOpen} THEN ${queueEntries.id} END`,
  ...newestFirst,
];

/** A recall that has fallen due belongs to today's lists whatever day it was first due (not only to the bell). */
const dueRecall = (now: Date) =>
  and(
    eq(queueEntries.isRewaiting, true),
    eq(queueEntries.status, QUEUE_STATUS.Waiting),
    lte(queueEntries.date, now),
  );

/** The queue's lists: pages, a patient's visits, filters, each patient's latest, the bell, the doctor's day. */
export class QueueListsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private today(scope: RequestContext) {
    return localDay(this.clock.now(), scope.timeZone);
  }

  private async page(
    scope: RequestContext,
    page: number,
    perPage: number,
    order: SQL[],
    ...conditions: (SQL | undefined)[]
  ) {
    const rows = await selectEntriesWithTotal(this.db, scope.orgId, ...conditions)
      .orderBy(...order)
      .limit(perPage)
      .offset((page - 1) * perPage);
    const today = this.today(scope);
    const count = countEntries(this.db, scope.orgId, ...conditions);
    return pageWithTotal(rows, page, perPage, count, (r) => toEntry(r, today), true);
  }

  /** `GET /api/mo/queue?page=`: every entry, newest first. */
  list(scope: RequestContext, page: number) {
    return this.page(scope, page, QUEUE_PER_PAGE, newestFirst);
  }

  /** `GET /api/mo/queue/all/{patientId}?page=`: one patient's visits, newest first. */
  async ofPatient(
    scope: RequestContext,
    patientId: number,
    page: number,
    perPage = QUEUE_PER_PAGE,
    exceptId?: number,
  ) {
    await findLivePatient(this.db, scope.orgId, patientId);
    return this.page(
      scope,
      page,
      perPage,
      newestFirst,
      eq(queueEntries.patientId, patientId),
      exceptId === undefined ? undefined : ne(queueEntries.id, exceptId),
    );
  }

  /** `GET /api/mo/queue/all/{patientId}`: the patient's visits, audited as a read of the patient's data. */
  async history(scope: RequestContext, patientId: number, page: number) {
    const visits = await this.ofPatient(scope, patientId, page);
    await recordAudit(this.db, scope, {
      action: 'queue.history_viewed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return visits;
  }

  /** A patient's open visits (Waiting or WithDoctor): today's, and those booked for later days; soonest first. */
  async openOfPatient(scope: RequestContext, patientId: number, limit: number): Promise<QueueEntry[]> {
    const rows = await selectEntries(this.db, scope.orgId, eq(queueEntries.patientId, patientId), isOpen)
      .orderBy(asc(queueEntries.date), asc(queueEntries.id))
      .limit(limit);
    const today = this.today(scope);
    return rows.map((r) => toEntry(r, today));
  }

  /** `GET /api/mo/queue/filter?page=`. */
  filter(scope: RequestContext, query: QueueFilterQuery) {
    return this.page(scope, query.page, QUEUE_PER_PAGE, longestWaitingFirst, this.conditions(scope, query));
  }

  /** `GET /api/mo/queue/filterLast?page=`: each patient's latest entry, then the filters. */
  filterLast(scope: RequestContext, query: QueueFilterQuery) {
    const latest = this.db
      .selectDistinctOn([queueEntries.patientId], { id: queueEntries.id })
      .from(queueEntries)
      .where(inOrg(queueEntries, scope.orgId))
      .orderBy(queueEntries.patientId, desc(queueEntries.date), desc(queueEntries.id));
    return this.page(
      scope,
      query.page,
      QUEUE_PER_PAGE,
      longestWaitingFirst,
      inArray(queueEntries.id, latest),
      this.conditions(scope, query),
    );
  }

  /** `GET /api/mo/queue/rewaiting`: recalls still waiting, soonest first (the bell splits them by now). */
  async rewaiting(scope: RequestContext): Promise<QueueEntry[]> {
    const rows = await selectEntries(
      this.db,
      scope.orgId,
      eq(queueEntries.isRewaiting, true),
      eq(queueEntries.status, QUEUE_STATUS.Waiting),
    )
      .orderBy(asc(queueEntries.date), asc(queueEntries.id))
      .limit(REWAITING_LIMIT);
    const today = this.today(scope);
    return rows.map((r) => toEntry(r, today));
  }

  /**
   * The doctor page: today's Waiting and WithDoctor entries, and recalls that have fallen due, assigned to me or
   * to no one; who is with a doctor first, then the longest-waiting.
   */
  async worklist(scope: RequestContext) {
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const { start, end } = dayRange(day, scope.timeZone);
    const rows = await selectEntries(
      this.db,
      scope.orgId,
      or(and(gte(queueEntries.date, start), lt(queueEntries.date, end)), dueRecall(now)),
      inArray(queueEntries.status, OPEN),
      or(
        isNull(queueEntries.doctorId),
        scope.userId === null ? undefined : eq(queueEntries.doctorId, scope.userId),
      ),
    ).orderBy(...longestWaitingFirst);
    return { now: now.toISOString(), day, entries: rows.map((r) => toEntry(r, day)) };
  }

  private conditions(scope: RequestContext, q: QueueFilterQuery): SQL | undefined {
    const today = this.today(scope);
    const days = and(
      q.from ? gte(queueEntries.date, startOfDay(q.from, scope.timeZone)) : undefined,
      q.to ? lt(queueEntries.date, startOfDay(addToDay(q.to, 1), scope.timeZone)) : undefined,
    );
    // Days that include today also show the recalls that have fallen due since.
    const coversToday = (!q.from || q.from <= today) && (!q.to || q.to >= today);
    return and(
      q.status?.length ? inArray(queueEntries.status, q.status) : undefined,
      days && coversToday ? or(days, dueRecall(this.clock.now())) : days,
      q.doctorId ? eq(queueEntries.doctorId, q.doctorId) : undefined,
      q.examType ? sql`${q.examType} = ANY(${queueEntries.examTypes})` : undefined,
      q.isRewaiting === undefined ? undefined : eq(queueEntries.isRewaiting, q.isRewaiting),
      q.search ? patientText(q.search) : undefined,
    );
  }
}

/** The patient text of a queue filter: file number or phone prefix for numbers, name words otherwise. */
function patientText(search: string): SQL | undefined {
  if (looksNumeric(search)) {
    const digits = digitsOnly(search).replace(/^0+/, '');
    return or(
      digits.length <= 9 ? eq(patients.fileNumber, Number(digits)) : undefined,
      digits.length >= 3 ? like(patients.phone, `%${digits}%`) : undefined,
    );
  }
  const words = normalizeName(search).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => like(patients.nameNorm, `%${escapeLike(w)}%`)));
}
