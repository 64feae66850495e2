import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditOutcomeOf } from '@basira/shared/audit/audit.schemas';
import type { Db } from '../../db/client.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { AuditDeclaration } from '../../types.ts';
import { recordAudit } from './audit.service.ts';

/** A whole number as bigint columns hold it, from a parameter that may not have passed validation. */
function idOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function field(source: unknown, name: string): unknown {
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
}

/** The entity and patient a refused call named (as asked: another organization's id is recorded as asked). */
export function auditTarget(
  request: FastifyRequest,
  audit: AuditDeclaration,
): { entityId: number | null; patientId: number | null } {
  const entityId = idOf(field(request.params, audit.idParam ?? 'id'));
  const patientId =
    audit.patientFrom === 'entity'
      ? entityId
      : audit.patientFrom === 'patientId'
        ? idOf(
            field(request.params, 'patientId') ??
              field(request.query, 'patientId') ??
              field(request.body, 'patientId'),
          )
        : null;
  return { entityId, patientId };
}

/** The route a request matched, as an auditor reads it: `GET /api/user/:id` (the pattern, not the ids sent). */
export const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * Records the refusals of every route that declares `config.audit`, with its action, and every 403 of a signed-in
 * caller on any other route as `request.denied` (so that refusals of routes with no audit action of their own, such
 * as the users list, roles and the audit trail, are recorded too). A 403 names its route (`subject`), whether the
 * auth hook or a service refused it. It runs in onSend, before the answer leaves, so a client that sees the refusal
 * can already find its audit row.
 */
export function registerAuditOutcomes(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    const denied = reply.statusCode === 403;
    if (!denied && (!audit || (reply.statusCode < 400 && !audit.always))) return payload;
    const outcome = auditOutcomeOf(reply.statusCode);
    // Without an organization or a caller there is no one to record (401s, an unknown organization).
    if (!outcome || !request.org || !request.principal) return payload;
    try {
      const { entityId, patientId } = audit
        ? auditTarget(request, audit)
        : { entityId: null, patientId: null };
      await recordAudit(db, contextOf(request), {
        action: audit?.action ?? 'request.denied',
        ...(audit ? { entity: audit.entity } : {}),
        ...(entityId !== null ? { entityId } : {}),
        ...(patientId !== null ? { patientId } : {}),
        ...(denied ? { subject: routeOf(request) } : {}),
        ...(outcome !== 'ok' ? { outcome } : {}),
      });
    } catch (error) {
      request.log.error({ err: error }, 'audit: a refusal was not recorded');
    }
    return payload;
  });
}
