import { and, asc, desc, eq, gte, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { addDays, dayRange, localDay, startOfDay } from '../../lib/org-time.ts';
import { pageMeta } from '../../lib/pages.ts';
import { inOrg } from '../../lib/tenant.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { countEntries, selectEntries, toEntry } from './queue-view.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const newestFirst = [desc(queueEntries.date), desc(queueEntries.id)];

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
    ...conditions: (SQL | undefined)[]
  ) {
    const [count] = await countEntries(this.db, scope.orgId, ...conditions);
    const rows = await selectEntries(this.db, scope.orgId, ...conditions)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset((page - 1) * perPage);
    const today = this.today(scope);
    return { data: rows.map((r) => toEntry(r, today)), meta: pageMeta(page, perPage, count?.n ?? 0) };
  }

  /** `GET /api/mo/queue?page=`: every entry, newest first. */
  list(scope: RequestContext, page: number) {
    return this.page(scope, page, QUEUE_PER_PAGE);
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
      eq(queueEntries.patientId, patientId),
      exceptId === undefined ? undefined : ne(queueEntries.id, exceptId),
    );
  }

  /** `GET /api/mo/queue/filter?page=`. */
  filter(scope: RequestContext, query: QueueFilterQuery) {
    return this.page(scope, query.page, QUEUE_PER_PAGE, this.conditions(scope, query));
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

  /** The doctor page: today's Waiting and WithDoctor entries assigned to me or to no one, by ticket. */
  async worklist(scope: RequestContext) {
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const { start, end } = dayRange(day, scope.timeZone);
    const rows = await selectEntries(
      this.db,
      scope.orgId,
      gte(queueEntries.date, start),
      lt(queueEntries.date, end),
      inArray(queueEntries.status, [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor]),
      or(
        isNull(queueEntries.doctorId),
        scope.userId === null ? undefined : eq(queueEntries.doctorId, scope.userId),
      ),
    ).orderBy(asc(queueEntries.ticketDay), asc(queueEntries.ticketNumber), asc(queueEntries.id));
    return { now: now.toISOString(), day, entries: rows.map((r) => toEntry(r, day)) };
  }

  private conditions(scope: RequestContext, q: QueueFilterQuery): SQL | undefined {
    return and(
      q.status?.length ? inArray(queueEntries.status, q.status) : undefined,
      q.from ? gte(queueEntries.date, startOfDay(q.from, scope.timeZone)) : undefined,
      q.to ? lt(queueEntries.date, startOfDay(addDays(q.to, 1), scope.timeZone)) : undefined,
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
