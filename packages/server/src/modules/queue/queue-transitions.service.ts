import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { QueueChanged } from '@basira/shared/events/events.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import {
  illegalMoveMessage,
  QUEUE_ACTIONS,
  QUEUE_STATUS,
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
import { nextTicket } from './queue.service.ts';
import { visitChargeWrites } from '../billing/billing-visit-charge.ts';
import { lastVisitSql, publishQueueChange, selectEntries, toEntry, type QueueRow } from './queue-view.ts';

/** What each move records in the audit log (its refusals too: the queue routes declare it). */
export const AUDIT_ACTION: Record<QueueAction, string> = {
  open: 'queue.opened',
  finish: 'queue.finished',
  cancel: 'queue.canceled',
  wait: 'queue.requeued',
  rewait: 'queue.rewaited',
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
    const run = async (db: Db): Promise<QueueRow> => {
      const [entry] = await writeAudited(
        db,
        queueEntries,
        moveStatement(scope, id, action, options, now),
        scope,
        {
          action: AUDIT_ACTION[action],
          entity: 'queue',
          details: {
            to: TRANSITIONS[action].to,
            ...(action === 'rewait' ? { date: options.date!.toISOString(), note: options.note ?? null } : {}),
          },
          at: now,
        },
      );
      if (!entry) throw await this.refusal(scope, id, action, options.patientId, db);
      return action === 'rewait' ? this.ticketForNewDay(db, scope, entry) : entry;
    };
    // One statement is atomic on its own; a recall to another day then takes that day's ticket, in one transaction.
    const row = action === 'rewait' ? await this.db.transaction(run) : await run(this.db);
    await publishQueueChange(this.events, scope.orgId, row, action as QueueChanged['action'], now);
    return now;
  }

  /** A recall to another day takes that day's next ticket. */
  private async ticketForNewDay(tx: Db, scope: RequestContext, entry: QueueRow): Promise<QueueRow> {
    const day = localDay(entry.date, scope.timeZone);
    if (day === entry.ticketDay) return entry;
    const ticketNumber = await nextTicket(tx, scope.orgId, day);
    // eslint-disable-next-line no-restricted-syntax -- part of a move, whose conditional UPDATE bumps the version
    const [updated] = await tx
      .update(queueEntries)
      .set({ ticketDay: day, ticketNumber })
      .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, entry.id)))
      .returning();
    return updated!;
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
): AuditedWrite {
  const { from, to } = TRANSITIONS[action];
  const withNote = action === 'rewait' && Boolean(options.note);
  const ofPatient = options.patientId !== undefined;
  return {
    name: statementName('queue_move', { action, note: withNote, patient: ofPatient }),
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
      if (action === 'rewait') set.push(sql`is_rewaiting = true`, sql`date = ${value('date')}::timestamptz`);
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
      // Opening a visit queued for a later day charges it, unless it was charged already (docs/money.md).
      ...(action === 'open'
        ? visitChargeWrites(value, { day: sql`${value('day')}::date`, index: 2, uncharged: true })
        : []),
    ],
    writtenDetails: sql`jsonb_build_object('from', w.from_status)`,
    values: {
      orgId: scope.orgId,
      id,
      patientId: options.patientId ?? null,
      userId: scope.userId,
      now: now.toISOString(),
      day: localDay(now, scope.timeZone),
      date: options.date?.toISOString() ?? null,
      note: options.note ?? null,
    },
  };
}
