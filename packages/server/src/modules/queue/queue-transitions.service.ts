import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { QueueChanged } from '@basira/shared/events/events.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import {
  canMove,
  illegalMoveMessage,
  QUEUE_ACTIONS,
  QUEUE_STATUS,
  rewaitTarget,
  TRANSITIONS,
  type QueueAction,
  type QueueStatusId,
} from '@basira/shared/queue/queue-states';
import type { Db } from '../../db/client.ts';
import { patients, queueEntries, queueStatusEvents } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';
import { localDay } from '@basira/shared/dates/calendar';
import { literal, literalWord, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { writeAudited, type AuditedWrite } from '../audit/audit.service.ts';
import type { EventHub } from '../events/event-hub.ts';
import { ticketCounter } from './queue.service.ts';
import { visitChargeWrites } from '../billing/billing-visit-charge.ts';
import { lastVisitSql, publishQueueChange, selectEntries, toEntry, type QueueRow } from './queue-view.ts';

/** What each move records in the audit log (its refusals too: the queue routes declare it). */
export const AUDIT_ACTION: Record<QueueAction, string> = {
  open: 'queue.opened',
  finish: 'queue.finished',
  cancel: 'queue.canceled',
  wait: 'queue.requeued',
  rewait: 'queue.rewaited',
  arrive: 'appointment.arrived',
  noshow: 'appointment.no_show',
};

export interface MoveOptions {
  /** Re-waiting: the recall date and note. */
  date?: Date;
  note?: string | null;
  /** Opening the board names the patient too: the entry must be theirs. */
  patientId?: number;
}

/**
 * Status moves of the state machine (shared/queue/queue-states). Each is one conditional UPDATE — the row is
 * locked and changed only if its status is one the move starts from — so of two people pressing at once
 * exactly one moves the entry and the other gets 409 naming the state it found.
 */
export class QueueTransitionsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  /** The move, answered with the entry as the lists show it. */
  async move(
    scope: RequestContext,
    id: number,
    action: QueueAction,
    options: MoveOptions = {},
  ): Promise<QueueEntry> {
    const now = await this.moveOnly(scope, id, action, options);
    const [view] = await selectEntries(this.db, scope.orgId, eq(queueEntries.id, id));
    return toEntry(view!, localDay(now, scope.timeZone));
  }

  /** The move alone, for a caller that reads the entry its own way (the board); answers the move's time. */
  async moveOnly(
    scope: RequestContext,
    id: number,
    action: QueueAction,
    options: MoveOptions = {},
  ): Promise<Date> {
    const now = this.clock.now();
    const today = localDay(now, scope.timeZone);
    const run = async (db: Db, plan: MovePlan): Promise<QueueRow> => {
      const [entry] = await writeAudited(
        db,
        queueEntries,
        moveStatement(scope, id, action, options, now, plan),
        scope,
        {
          action: AUDIT_ACTION[action],
          entity: 'queue',
          details: {
            to: plan.to,
            ...(action === 'rewait' ? { date: options.date!.toISOString(), note: options.note ?? null } : {}),
          },
          at: now,
        },
      );
      if (!entry) throw await this.refusal(scope, id, action, options.patientId, db);
      return entry;
    };
    // Arriving, re-waiting and re-queueing give or clear a ticket by what the entry holds: it is locked and read
    // first, in one transaction with the move (a day's ticket is taken in the move's statement, as queueing takes it).
    const row =
      action === 'arrive' || action === 'rewait' || action === 'wait'
        ? await this.db.transaction(async (tx) => {
            const current = await lockedEntry(tx, scope.orgId, id, options.patientId);
            if (!current || !canMove(action, current.status as QueueStatusId))
              throw await this.refusal(scope, id, action, options.patientId, tx);
            return run(tx, ticketPlan(action, current, options, now, today, scope.timeZone));
          })
        : await run(this.db, { to: TRANSITIONS[action].to, ticket: 'keep' });
    await publishQueueChange(this.events, scope.orgId, row, action as QueueChanged['action'], now);
    return now;
  }

  /** Why nothing moved: no such entry (404) or a move its status does not allow (409 naming both states). */
  private async refusal(
    scope: RequestContext,
    id: number,
    action: QueueAction,
    patientId: number | undefined,
    tx: Db,
  ): Promise<AppError> {
    const [current] = await selectEntries(
      tx,
      scope.orgId,
      eq(queueEntries.id, id),
      patientId === undefined ? undefined : eq(queueEntries.patientId, patientId),
    );
    if (!current) return notFound('Queue entry');
    return new AppError(
      'queue.illegal_transition',
      illegalMoveMessage(action, current.entry.status as QueueStatusId),
      undefined,
      { data: toEntry(current, localDay(this.clock.now(), scope.timeZone)) },
    );
  }
}

/**
 * What a move does to the entry beyond its status: `to`, the status it reaches (a recall's depends on its day);
 * `ticket`: kept, today's next (`today`), or none (`clear`: a recall to a later day, with no slot either);
 * `date`: the entry's new date (a recall's; an arrival on another day than booked arrives now).
 */
interface MovePlan {
  to: QueueStatusId;
  ticket: 'keep' | 'today' | 'clear';
  date?: Date;
}

/** The entry a move will change, locked for the move's transaction. */
async function lockedEntry(db: Db, orgId: number, id: number, patientId: number | undefined) {
  const [row] = await db
    .select({ status: queueEntries.status, ticketDay: queueEntries.ticketDay, date: queueEntries.date })
    .from(queueEntries)
    .where(
      inOrg(
        queueEntries,
        orgId,
        eq(queueEntries.id, id),
        patientId === undefined ? undefined : eq(queueEntries.patientId, patientId),
      ),
    )
    .for('update');
  return row;
}

/**
 * Arriving: Waiting with today's next ticket; a booking of today keeps its time (the wait counts from the later of
 * arrival and booked time), one of another day (a recall arriving late, a patient early) is dated now. Re-queueing
 * a visit canceled before it arrived (no ticket) is an arrival too.
 * Re-waiting (`rewaitTarget`): to a later day a recall, Booked, without ticket or slot; to today Waiting, with
 * today's ticket unless it holds one already.
 */
function ticketPlan(
  action: 'arrive' | 'rewait' | 'wait',
  current: { ticketDay: string | null; date: Date },
  options: MoveOptions,
  now: Date,
  today: string,
  timeZone: string,
): MovePlan {
  if (action === 'wait' && current.ticketDay !== null) return { to: QUEUE_STATUS.Waiting, ticket: 'keep' };
  if (action === 'arrive' || action === 'wait')
    return {
      to: QUEUE_STATUS.Waiting,
      ticket: 'today',
      date: localDay(current.date, timeZone) === today ? current.date : now,
    };
  const date = options.date!;
  const to = rewaitTarget(localDay(date, timeZone), today);
  if (to === QUEUE_STATUS.Booked) return { to, ticket: 'clear', date };
  return { to, ticket: current.ticketDay === today ? 'keep' : 'today', date };
}

/**
 * Since when the patient of visit `queueId` has been waiting, as its opening records it: the later of the visit's
 * last event and the moment that event made it due. The visit's row is locked by the move, so no event comes between.
 */
function waitingSince(orgId: SQL, queueId: SQL): SQL {
  const e = queueStatusEvents;
  return sql`(SELECT GREATEST(${e.at}, COALESCE(${e.dueAt}, ${e.at})) FROM ${e}
    WHERE ${e.orgId} = ${orgId} AND ${e.queueId} = ${queueId} ORDER BY ${e.at} DESC, ${e.id} DESC LIMIT 1)`;
}

/**
 * A move as one statement (`writeAudited`): the conditional UPDATE, which locks the row and changes it only if its
 * status is one the move starts from, then from the moved row its status event, its patient's last visit and its
 * audit row. The row stays locked for this statement and no longer (as a transaction it was held for several round
 * trips, and moves waited on those locks under load: bench/load).
 * Prepared once for each shape of move.
 */
function moveStatement(
  scope: RequestContext,
  id: number,
  action: QueueAction,
  options: MoveOptions,
  now: Date,
  plan: MovePlan,
): AuditedWrite {
  const { from } = TRANSITIONS[action];
  const { to, ticket } = plan;
  const withNote = action === 'rewait' && Boolean(options.note);
  const ofPatient = options.patientId !== undefined;
  const today = localDay(now, scope.timeZone);
  // A booking's arrival, or a visit canceled before it arrived queued again.
  const arrives = action === 'arrive' || (action === 'wait' && ticket === 'today');
  return {
    name: statementName('queue_move', { action, note: withNote, patient: ofPatient, to, ticket }),
    write: (value) => {
      const set: SQL[] = [
        sql`status = ${literal(to)}`,
        sql`status_since = ${value('now')}::timestamptz`,
        sql`version = ${queueEntries.version} + 1`,
        sql`updated_at = ${value('now')}::timestamptz`,
        sql`updated_by = ${value('userId')}::int`,
      ];
      if (action === 'open') set.push(sql`doctor_id = ${value('userId')}::int`, sql`is_rewaiting = false`);
      if (action === 'wait') set.push(sql`is_rewaiting = false`);
      if (action === 'rewait') set.push(sql`is_rewaiting = true`);
      if (plan.date) set.push(sql`date = ${value('date')}::timestamptz`);
      if (arrives) set.push(sql`arrived_at = ${value('now')}::timestamptz`);
      if (ticket === 'today')
        set.push(sql`ticket_day = ${value('today')}::date`, sql`ticket_number = (SELECT value FROM counter)`);
      if (ticket === 'clear')
        set.push(sql`ticket_day = NULL`, sql`ticket_number = NULL`, sql`slot_minutes = NULL`);
      if (withNote) set.push(sql`note = ${value('note')}::text`);
      const target = inOrg(
        queueEntries,
        value('orgId'),
        eq(queueEntries.id, value('id')),
        ofPatient ? eq(queueEntries.patientId, value('patientId')) : undefined,
        sql`EXISTS (SELECT 1 FROM ${patients} WHERE ${inOrg(patients, queueEntries.orgId, eq(patients.id, queueEntries.patientId), isNull(patients.deletedAt))})`,
      );
      return sql`
        UPDATE ${queueEntries} SET ${sql.join(set, sql`, `)}
        FROM (SELECT ${queueEntries.id} AS id, ${queueEntries.status} AS status
              FROM ${queueEntries} WHERE ${target} FOR UPDATE) cur
        WHERE ${queueEntries.id} = cur.id AND cur.status IN (${sql.join(
          from.map((status) => literal(status)),
          sql`, `,
        )})
        RETURNING ${queueEntries}.*, cur.status AS from_status`;
    },
    alsoWrite: (value) => [
      sql`
        INSERT INTO ${queueStatusEvents} (org_id, queue_id, from_status, to_status, action, at, due_at, actor_id, note,
                                          waited_from)
        SELECT w.org_id, w.id, w.from_status, w.status, ${literalWord(action, QUEUE_ACTIONS)}, w.status_since,
               CASE WHEN w.status = ${literal(QUEUE_STATUS.Waiting)} THEN w.date END, w.updated_by,
               ${action === 'rewait' ? sql`${value('note')}::text` : sql`NULL`},
               ${action === 'open' ? waitingSince(sql`w.org_id`, sql`w.id`) : sql`NULL`}
        FROM w`,
      sql`
        UPDATE ${patients}
        SET last_queue_at = ${lastVisitSql(
          sql`w.org_id`,
          sql`w.patient_id`,
          sql`${value('now')}::timestamptz`,
          {
            id: sql`w.id`,
            date: sql`w.date`,
            status: sql`w.status`,
          },
        )}
        FROM w WHERE ${inOrg(patients, sql`w.org_id`, eq(patients.id, sql`w.patient_id`))}`,
      // Opening a visit of an earlier day, and a booking's or recall's arrival, charge it as queueing a visit today
      // does, unless it was charged already (docs/money.md).
      ...(action === 'open' || arrives
        ? visitChargeWrites(value, { day: sql`${value('day')}::date`, index: 2, uncharged: true })
        : []),
    ],
    ...(ticket === 'today' ? { counter: ticketCounter(today) } : {}),
    writtenDetails: sql`jsonb_build_object('from', w.from_status)`,
    values: {
      orgId: scope.orgId,
      id,
      patientId: options.patientId ?? null,
      userId: scope.userId,
      now: now.toISOString(),
      day: today,
      today,
      date: plan.date?.toISOString() ?? null,
      note: options.note ?? null,
    },
  };
}
