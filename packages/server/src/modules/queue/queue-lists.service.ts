import { and, asc, desc, eq, gt, gte, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  QUEUE_PER_PAGE,
  REWAITING_LIMIT,
  type QueueEntry,
  type QueueFilterQuery,
} from '@basira/shared/queue/queue.schemas';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { digitsOnly, looksNumeric, normalizeName } from '@basira/shared/search/arabic-normalize';
import type { Db } from '../../db/client.ts';
import {
  hasReason,
  patients,
  queueEntries,
  queueScreenOrder,
  VISIT_REASON_INDEXES,
} from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../types.ts';
import { auditedRead, type AuditEntry } from '../audit/audit.service.ts';
import { addToDay, localDay, startOfDay } from '@basira/shared/dates/calendar';
import { pageCountedWhenFull, pageOffset, pageShape, pageWithTotal } from '../../lib/pages.ts';
import {
  instantName,
  literal,
  literalInstant,
  runPrepared,
  statementName,
  type Bind,
  type Built,
  type Plan,
  type StatementShape,
} from '../../lib/prepared.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import {
  countEntries,
  selectEntries,
  selectEntriesWithTotal,
  selectEntryIds,
  selectListedEntries,
  toEntry,
  withPatient,
  withPatientsLatest,
} from './queue-view.ts';

/** A list's conditions, built once its values are bound. */
type Conditions = () => SQL | undefined;

const newestFirst = [desc(queueEntries.date), desc(queueEntries.id)];
// The statuses the code names are `literal`s in the statements' text, as are the flags and the pages' lengths.
const OPEN_STATUSES: readonly number[] = [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor];
const OPEN = OPEN_STATUSES.map(literal);

const isOpen = inArray(queueEntries.status, OPEN);
/**
 * Finished, Canceled or NoShow, as a range (statuses are 0 to 5: queue_entries_status_ck): checked inside the day's
 * index, so that today's closed candidates skip the open visits' entries rather than reading each of their rows to
 * drop it, as `NOT IN (1, 2)` did (bench/history/list-pages.md).
 */
const isClosed = gt(queueEntries.status, literal(QUEUE_STATUS.WithDoctor));
/** A booking or a recall not yet arrived: neither open nor closed, written as `queue_entries_booked_idx` is. */
const isBooked = eq(queueEntries.status, literal(QUEUE_STATUS.Booked));
const isOpenStatus = (status: number) => OPEN_STATUSES.includes(status);
const isClosedStatus = (status: number) => status > QUEUE_STATUS.WithDoctor;

/** Which of a day's open, closed and booked entries a page can hold (`screenPage`). */
interface ScreenParts {
  open: boolean;
  closed: boolean;
  booked: boolean;
}

/**
 * A status filter of open statuses only (Waiting) leaves the closed entries out, and one of closed statuses only
 * the open ones: their candidates are not looked for. PostgreSQL did not see that `status = 1` and
 * `status NOT IN (1, 2)` exclude each other, and walked all of today's Waiting entries for none. Bookings (Booked)
 * are not of the queue's days, patients present and visits closed: only a filter that asks for them has them.
 */
function screenParts(statuses: readonly number[] | undefined): ScreenParts {
  if (!statuses?.length) return { open: true, closed: true, booked: false };
  return {
    open: statuses.some(isOpenStatus),
    closed: statuses.some(isClosedStatus),
    booked: statuses.includes(QUEUE_STATUS.Booked),
  };
}

/** A status filter of bookings alone (the queue's "coming days" view): soonest first. */
const bookedOnly = (statuses: readonly number[] | undefined) =>
  statuses?.length === 1 && statuses[0] === QUEUE_STATUS.Booked;
/** The day's lists: who is with a doctor, then who has waited longest, then the closed visits, newest first. */
const longestWaitingFirst = [...queueScreenOrder(queueEntries), ...newestFirst];

/** Bookings and recalls to come: the soonest first. */
const soonestFirst = [asc(queueEntries.date), asc(queueEntries.id)];

/** The lists' orders, by the name a page gives (`QueuePage.order`). */
const ORDERS = { newest: newestFirst, screen: longestWaitingFirst, soonest: soonestFirst } as const;

/**
 * A page of the queue's lists, described whole: the page's statement and its count's are built from it, and their
 * names derived from it (`statementName`).
 */
interface QueuePage {
  /** What the conditions' text depends on: the list, and which of its conditions are present. */
  shape: StatementShape;
  /** The conditions, their values bound per request. */
  conditions: (bind: Bind) => Conditions;
  page: number;
  perPage: number;
  order: keyof typeof ORDERS;
  /** Each patient's latest entry (`withPatientsLatest`) rather than every entry. */
  latest?: boolean;
  /** The page records its reading in its own statement (`auditedRead`). */
  audit?: AuditEntry | undefined;
  /** As `runPrepared`'s. */
  plan?: Plan;
  /**
   * The conditions read a column of the patient (`selectEntriesWithTotal`): a search, mostly for one patient's few
   * visits, whose rows are counted only when they fill the page (`pageCountedWhenFull`).
   */
  readsPatient?: boolean;
  /**
   * The page, in the screen's order, is taken from the open and the closed entries apart (`screenPage`), from those
   * of the two its statuses allow (`screenParts`).
   */
  openThenClosed?: ScreenParts | undefined;
}

/**
 * The bell's recalls: re-waited in the building (Waiting, written as the partial index of open recalls is,
 * `queue_entries_rewaiting_idx`) or recalled to a day (Booked, `queue_entries_booked_idx`), not yet arrived.
 * A recall is a visit expected, not a presence: the queue's days and the worklist do not show it until it arrives.
 */
const isRecall = or(
  and(eq(queueEntries.isRewaiting, literal(true)), eq(queueEntries.status, literal(QUEUE_STATUS.Waiting))),
  and(eq(queueEntries.isRewaiting, literal(true)), isBooked),
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

  /**
   * A page of entries with its total, as a prepared statement (`runPrepared`) whose name is derived from the page's
   * description (`QueuePage`); its values are bound per request. Its rows are counted by a second statement, built
   * once as well and planned as the page is.
   */
  private async page(scope: RequestContext, list: QueuePage) {
    const { page, perPage, audit, openThenClosed: parts } = list;
    const first = page === 1;
    const readsPatient = list.readsPatient ?? false;
    const patientJoin = list.latest ? withPatientsLatest : withPatient;
    const order = ORDERS[list.order];
    const query = (bind: Bind) => {
      const [orgId, matching] = [bind('orgId', scope.orgId), list.conditions(bind)];
      const audited = audit && auditedRead(this.db, bind, scope, audit);
      const [limit, skipped] = [literal(perPage), pageOffset(bind, page, perPage)];
      // The first page's reach, like its offset, is in its text (`pageOffset`).
      const reach = parts ? (first ? literal(perPage) : bind('reach', page * perPage)) : undefined;
      return () => {
        const where = matching();
        const among =
          parts === undefined || reach === undefined
            ? undefined
            : screenPage(this.db, orgId, patientJoin, {
                where,
                parts,
                readsPatient,
                reach,
                limit,
                offset: skipped,
              });
        return selectEntriesWithTotal(this.db, orgId, patientJoin, [where], readsPatient, {
          audit: audited?.(),
          among,
          counted: !readsPatient,
        })
          .orderBy(...order)
          .limit(limit)
          .offset(among === undefined ? skipped : 0);
      };
    };
    // What the conditions' text depends on, then the rest of the page's.
    const matching = { ...list.shape, latest: list.latest, readsPatient };
    const name = statementName('queue_page', {
      ...matching,
      per: perPage,
      order: list.order,
      parts: parts && `${Number(parts.open)}${Number(parts.closed)}`,
      audited: audit !== undefined,
      ...pageShape(page),
    });
    const rows = await runPrepared(this.db, name, query, { plan: list.plan });
    const today = this.today(scope);
    // A search counts whenever its rows fill the page.
    const count = () =>
      runPrepared(
        this.db,
        statementName('queue_count', matching),
        (bind) => {
          const [orgId, matching] = [bind('orgId', scope.orgId), list.conditions(bind)];
          return () => countEntries(this.db, orgId, patientJoin, [matching()], readsPatient);
        },
        { plan: list.plan },
      );
    const view = (r: (typeof rows)[number]) => toEntry(r, today);
    return (readsPatient ? pageCountedWhenFull : pageWithTotal)(rows, page, perPage, count, view, true);
  }

  /** `GET /api/mo/queue?page=`: every entry, newest first. */
  list(scope: RequestContext, page: number) {
    return this.page(scope, {
      shape: { list: 'all' },
      page,
      perPage: QUEUE_PER_PAGE,
      order: 'newest',
      conditions: () => () => undefined,
    });
  }

  /**
   * One patient's visits, newest first (the queue's, the board's and the file's). `audit`: the read is recorded in
   * the page's own statement. `patientRead`: the caller reads the live patient itself, which answers 404 (the
   * board, the file); otherwise this checks it first.
   */
  async ofPatient(
    scope: RequestContext,
    patientId: number,
    page: number,
    {
      perPage = QUEUE_PER_PAGE,
      exceptId,
      audit,
      patientRead = false,
    }: { perPage?: number; exceptId?: number; audit?: AuditEntry; patientRead?: boolean } = {},
  ) {
    if (!patientRead) await findLivePatient(this.db, scope.orgId, patientId);
    return this.page(scope, {
      shape: { list: 'patient', except: exceptId !== undefined },
      page,
      perPage,
      order: 'newest',
      conditions: (bind) => {
        const patient = bind('patientId', patientId);
        const except = exceptId === undefined ? undefined : bind('exceptId', exceptId);
        // Visits that happened or are happening (and those canceled or missed); bookings to come are the book's.
        return () =>
          and(
            eq(queueEntries.patientId, patient),
            ne(queueEntries.status, literal(QUEUE_STATUS.Booked)),
            except === undefined ? undefined : ne(queueEntries.id, except),
          );
      },
      audit,
    });
  }

  /** `GET /api/mo/queue/all/{patientId}`: the patient's visits, audited as a read of the patient's data. */
  history(scope: RequestContext, patientId: number, page: number) {
    return this.ofPatient(scope, patientId, page, {
      audit: { action: 'queue.history_viewed', entity: 'patient', entityId: patientId, patientId },
    });
  }

  /**
   * A patient's open visits (Waiting or WithDoctor), and their bookings and recalls from today on (Booked); soonest
   * first.
   */
  async openOfPatient(scope: RequestContext, patientId: number, limit: number): Promise<QueueEntry[]> {
    const from = startOfDay(this.today(scope), scope.timeZone);
    const rows = await selectEntries(
      this.db,
      scope.orgId,
      eq(queueEntries.patientId, patientId),
      or(isOpen, and(isBooked, gte(queueEntries.date, from))),
    )
      .orderBy(asc(queueEntries.date), asc(queueEntries.id))
      .limit(limit);
    const today = this.today(scope);
    return rows.map((r) => toEntry(r, today));
  }

  /** `GET /api/mo/queue/filter?page=`. */
  filter(scope: RequestContext, query: QueueFilterQuery) {
    return this.page(scope, this.filters(scope, query, false));
  }

  /** `GET /api/mo/queue/filterLast?page=`: each patient's latest entry, then the filters. */
  filterLast(scope: RequestContext, query: QueueFilterQuery) {
    return this.page(scope, this.filters(scope, query, true));
  }

  /**
   * `GET /api/mo/queue/rewaiting`: recalls not yet seen, soonest first: recalled to a day (Booked, to come, due or
   * overdue) or re-waited in the building (Waiting). The bell splits them by now (later, due).
   */
  async rewaiting(scope: RequestContext): Promise<QueueEntry[]> {
    // Prepared: every signed-in screen reads the bell, again on each queue change.
    const rows = await runPrepared(this.db, statementName('queue_rewaiting'), (bind) => {
      const orgId = bind('orgId', scope.orgId);
      return () =>
        selectListedEntries(this.db, orgId, isRecall)
          .orderBy(asc(queueEntries.date), asc(queueEntries.id))
          .limit(literal(REWAITING_LIMIT));
    });
    const today = this.today(scope);
    return rows.map((r) => toEntry(r, today));
  }

  /**
   * The doctor page: the patients present, today's Waiting and WithDoctor entries (their ticket of today: a booking
   * or a recall is on it once it arrives), assigned to me or to no one; who is with a doctor first, then the
   * longest-waiting. "Next" is therefore never a patient who is not there.
   */
  async worklist(scope: RequestContext) {
    const now = this.clock.now();
    const day = localDay(now, scope.timeZone);
    const { userId } = scope;
    const name = statementName('queue_worklist', { user: userId !== null });
    const rows = await runPrepared(this.db, name, (bind) => {
      const [orgId, today] = [bind('orgId', scope.orgId), bind('day', day)];
      const doctor = userId === null ? undefined : bind('userId', userId);
      return () =>
        selectListedEntries(
          this.db,
          orgId,
          eq(queueEntries.ticketDay, today),
          inArray(queueEntries.status, OPEN),
          or(
            isNull(queueEntries.doctorId),
            doctor === undefined ? undefined : eq(queueEntries.doctorId, doctor),
          ),
        ).orderBy(...longestWaitingFirst);
    });
    return { now: now.toISOString(), day, entries: rows.map((r) => toEntry(r, day)) };
  }

  /**
   * The filter's conditions, and the shape of their SQL: which filters are present, the statuses and the recall
   * flag asked for (few values, each combination its own statement: they are `literal`s), and the patient text's
   * (`patientText`); as a page of every entry, or (`latest`) of each patient's latest (`filterLast`).
   */
  private filters(scope: RequestContext, q: QueueFilterQuery, latest: boolean): QueuePage {
    const today = this.today(scope);
    const hasDays = Boolean(q.from || q.to);
    const oneDay = q.from !== undefined && q.from === q.to;
    const start = q.from ? startOfDay(q.from, scope.timeZone) : undefined;
    const end = q.to ? startOfDay(addToDay(q.to, 1), scope.timeZone) : undefined;
    // The clinic's today, the reception's page all day: its bounds are in the statement's text, so that PostgreSQL
    // plans it once a day (`literalInstant`). Another day's are bound, lest every day looked at be a statement.
    const todayInText = oneDay && q.from === today;
    const text = q.search ? patientText(q.search) : undefined;
    const statuses = q.status && [...q.status].sort();
    const shape = [
      `s${statuses?.join('') ?? ''}`,
      q.from ? 'f' : '',
      q.to ? 't' : '',
      q.doctorId ? 'd' : '',
      q.examType ? `e${VISIT_REASON_INDEXES.indexOf(q.examType)}` : '',
      q.isRewaiting === undefined ? '' : `w${Number(q.isRewaiting)}`,
      text ? `_${text.shape}` : '',
      todayInText && start && end ? `_${instantName(start, end)}` : '',
    ].join('');
    const instant = (name: string, value: Date | undefined, bind: Bind) =>
      value === undefined ? undefined : todayInText ? literalInstant(value) : bind(name, value);
    const conditions = (bind: Bind): Conditions => {
      const [from, to] = [instant('from', start, bind), instant('to', end, bind)];
      const doctorId = q.doctorId ? bind('doctorId', q.doctorId) : undefined;
      const isRewaiting = q.isRewaiting === undefined ? undefined : literal(q.isRewaiting);
      const patient = text?.condition(bind);
      // A day's lists are of the patients present and the visits closed that day: a recall due since an earlier day
      // is Booked until it arrives, on the bell and the appointments' due list (docs/appointments.md).
      return () =>
        and(
          statuses?.length ? inArray(queueEntries.status, statuses.map(literal)) : undefined,
          from === undefined ? undefined : gte(queueEntries.date, from),
          to === undefined ? undefined : lt(queueEntries.date, to),
          doctorId === undefined ? undefined : eq(queueEntries.doctorId, doctorId),
          q.examType === undefined ? undefined : hasReason(queueEntries.examTypes, q.examType),
          isRewaiting === undefined ? undefined : eq(queueEntries.isRewaiting, isRewaiting),
          patient?.(),
        );
    };
    // A visit reason is written into the text (`hasReason`), so that even a generic plan reads its own index of the
    // screen's order (schema.ts), rare and common reasons alike. A range of days is planned per call: a generic plan
    // of today and the year before it counted its visits in a bitmap of the whole year, many times slower than one
    // planned with the days, and so is a doctor over every day. One day's generic plan is as quick as its custom one
    // for any day, doctor and reason (bench/list-pages/plans.ts checks it; figures in bench/history/list-pages.md).
    const perCall = text || (hasDays ? !oneDay : q.doctorId !== undefined);
    const plan: Plan = perCall ? 'per-call' : 'once';
    // Bookings alone (the "coming days" view): soonest first, from the index of bookings by day. Otherwise days: a
    // page is read from the open, the closed (and, asked for, the booked) entries apart (`screenPage`).
    const booked = bookedOnly(statuses);
    const openThenClosed = hasDays && !booked ? screenParts(statuses) : undefined;
    return {
      shape: { list: 'filter', filters: shape },
      page: q.page,
      perPage: QUEUE_PER_PAGE,
      order: booked ? 'soonest' : 'screen',
      conditions,
      latest,
      plan,
      readsPatient: text !== undefined,
      openThenClosed,
    };
  }
}

/**
 * The patient text of a queue filter: file number or phone prefix for numbers, name words otherwise. `shape`
 * names its SQL (which of file number and phone; how many words), and its values are bound: the statement's SQL
 * is built once per shape, not per request (bench/list-pages, the queue searched).
 */
function patientText(
  search: string,
): { shape: string; condition: (bind: Bind) => Built<SQL | undefined> } | undefined {
  if (looksNumeric(search)) {
    const digits = digitsOnly(search).replace(/^0+/, '');
    const byFile = digits.length <= 9;
    const byPhone = digits.length >= 3;
    return {
      shape: `n${byFile ? 'f' : ''}${byPhone ? 'p' : ''}`,
      condition: (bind) => {
        const fileNumber = byFile ? bind('fileNumber', Number(digits)) : undefined;
        const phone = byPhone ? bind('phone', `%${digits}%`) : undefined;
        return () =>
          or(
            fileNumber === undefined ? undefined : eq(patients.fileNumber, fileNumber),
            phone === undefined ? undefined : like(patients.phone, phone),
          );
      },
    };
  }
  const words = normalizeName(search).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  return {
    shape: `w${words.length}`,
    condition: (bind) => {
      const patterns = words.map((w, i) => bind(`word${i}`, `%${escapeLike(w)}%`));
      return () => and(...patterns.map((p) => like(patients.nameNorm, p)));
    },
  };
}

/**
 * The entries of a page in the screen's order (`longestWaitingFirst`), `reach` being its offset and length: taken
 * from the first `reach` open entries in that order and the first `reach` closed ones, newest first, each read
 * through its own index and without their patients' rows unless the conditions read them (`selectEntryIds`). The
 * order puts every open entry before the closed ones, so the page is among them; it is cut from them by their
 * order's keys, read with them (`orderKeys`), and only its own rows are then read with their patients (the caller
 * reads them at offset 0). Looked up again by id to be ordered, a deep page read its candidates twice.
 * Bookings, asked for with other statuses, are taken as the closed ones are (they sort with them, newest first).
 * `parts`: which of them the page's statuses allow (`screenParts`).
 * The screen's order index alone would be walked from the clinic's newest closed visit down to the days: a day a year
 * back walked nearly half the visits (bench/history/list-pages.md).
 */
/**
 * `longestWaitingFirst`'s keys as columns of the candidates (`columns`), and the same order by those columns
 * (`order`, of a subquery named `c`).
 */
const orderKeys = (() => {
  const [status, since, waitingId] = queueScreenOrder(queueEntries);
  return {
    columns: {
      k0: sql`${status}`.as('k0'),
      k1: sql`${since}`.as('k1'),
      k2: sql`${waitingId}`.as('k2'),
      at: sql`${queueEntries.date}`.as('at'),
    },
    order: sql.raw('c.k0, c.k1, c.k2, c.at DESC, c.id DESC'),
  };
})();

function screenPage(
  db: Db,
  orgId: number,
  patientJoin: SQL,
  page: {
    where: SQL | undefined;
    parts: ScreenParts;
    readsPatient: boolean;
    reach: number;
    limit: number;
    offset: number;
  },
) {
  const first = (conditions: (SQL | undefined)[], order: SQL[]) =>
    selectEntryIds(db, orgId, patientJoin, conditions, page.readsPatient, orderKeys.columns)
      .orderBy(...order)
      .limit(page.reach);
  const candidates = [
    page.parts.open && first([page.where, isOpen], longestWaitingFirst),
    page.parts.closed && first([page.where, isClosed], newestFirst),
    page.parts.booked && first([page.where, isBooked], newestFirst),
  ].filter((part) => part !== false);
  // Arrays made once, not `IN`: a semi join of the page's rows to the candidates could be driven from the rows,
  // and today's Waiting were each read with their patient before the candidates were looked up (699 on a full day).
  const pageIds = sql`SELECT c.id FROM (${sql.join(candidates, sql` UNION ALL `)}) AS c
    ORDER BY ${orderKeys.order} LIMIT ${page.limit} OFFSET ${page.offset}`;
  return sql`${queueEntries.id} = ANY(ARRAY(${pageIds}))`;
}
