import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { QueueChanged } from '@basira/shared/events/events.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import {
  illegalMoveMessage,
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
import { inOrg } from '../../lib/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { EventHub } from '../events/event-hub.ts';
import { nextTicket } from './queue.service.ts';
import {
  publishQueueChange,
  refreshLastQueueAt,
  selectEntries,
  toEntry,
  type QueueRow,
} from './queue-view.ts';

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

  async move(
    scope: RequestContext,
    id: number,
    action: QueueAction,
    options: MoveOptions = {},
  ): Promise<QueueEntry> {
    const { from, to } = TRANSITIONS[action];
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const set: SQL[] = [
        sql`status = ${to}`,
        sql`status_since = ${now.toISOString()}::timestamptz`,
        sql`version = ${queueEntries.version} + 1`,
        sql`updated_at = ${now.toISOString()}::timestamptz`,
        sql`updated_by = ${scope.userId}`,
      ];
      if (action === 'open') set.push(sql`doctor_id = ${scope.userId}`, sql`is_rewaiting = false`);
      if (action === 'wait') set.push(sql`is_rewaiting = false`);
      if (action === 'rewait') {
        set.push(sql`is_rewaiting = true`, sql`date = ${options.date!.toISOString()}::timestamptz`);
        if (options.note) set.push(sql`note = ${options.note}`);
      }
      const target = inOrg(
        queueEntries,
        scope.orgId,
        eq(queueEntries.id, id),
        options.patientId === undefined ? undefined : eq(queueEntries.patientId, options.patientId),
        sql`EXISTS (SELECT 1 FROM ${patients} WHERE ${and(eq(patients.id, queueEntries.patientId), isNull(patients.deletedAt))})`,
      );
      const result = await tx.execute(sql`
        WITH cur AS (SELECT ${queueEntries.id} AS id, ${queueEntries.status} AS status
                         FROM ${queueEntries} WHERE ${target} FOR UPDATE)
        UPDATE ${queueEntries} SET ${sql.join(set, sql`, `)}
        FROM cur
        WHERE ${queueEntries.id} = cur.id AND cur.status IN (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        RETURNING cur.status AS from_status`);
      const moved = (result as unknown as { rows: { from_status: number }[] }).rows[0];
      if (!moved) throw await this.refusal(scope, id, action, options.patientId, tx);
      const fromStatus = Number(moved.from_status) as QueueStatusId;

      let [entry] = await tx
        .select()
        .from(queueEntries)
        .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, id)));
      if (action === 'rewait') entry = await this.ticketForNewDay(tx, scope, entry!);
      await tx.insert(queueStatusEvents).values({
        orgId: scope.orgId,
        queueId: id,
        fromStatus,
        toStatus: to,
        action,
        at: now,
        dueAt: to === QUEUE_STATUS.Waiting ? entry!.date : null,
        actorId: scope.userId,
        note: action === 'rewait' ? (options.note ?? null) : null,
        waitedFrom: action === 'open' ? waitingSince(scope.orgId, id) : null,
      });
      await refreshLastQueueAt(tx, scope.orgId, entry!.patientId, now);
      await recordAudit(tx, scope, {
        action: AUDIT_ACTION[action],
        entity: 'queue',
        entityId: id,
        patientId: entry!.patientId,
        details: {
          from: fromStatus,
          to,
          ...(action === 'rewait' ? { date: entry!.date.toISOString(), note: options.note ?? null } : {}),
        },
      });
      return entry!;
    });
    await publishQueueChange(this.events, scope.orgId, row, action as QueueChanged['action'], now);
    const [view] = await selectEntries(this.db, scope.orgId, eq(queueEntries.id, id));
    return toEntry(view!, localDay(now, scope.timeZone));
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
function waitingSince(orgId: number, queueId: number): SQL {
  const e = queueStatusEvents;
  return sql`(SELECT GREATEST(${e.at}, COALESCE(${e.dueAt}, ${e.at})) FROM ${e}
    WHERE ${e.orgId} = ${orgId} AND ${e.queueId} = ${queueId} ORDER BY ${e.at} DESC, ${e.id} DESC LIMIT 1)`;
}
