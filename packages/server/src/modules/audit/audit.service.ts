import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { RequestContext } from '../../types.ts';

export interface AuditEntry {
  action: string;
  entity?: string;
  entityId?: number;
  patientId?: number;
  subject?: string;
  details?: Record<string, unknown>;
  /** When it happened, if the caller's clock must be used (sign-in failures are counted by it). */
  at?: Date;
}

/** Appends one audit row; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: Db, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    orgId: ctx.orgId,
    userId: ctx.userId,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId ?? null,
    patientId: entry.patientId ?? null,
    subject: entry.subject ?? null,
    details: entry.details ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
