import type { AuditEntity } from '@basira/shared/audit/audit.schemas';
import type { RoutePermission } from '@basira/shared/permissions/permissions';
import type { Principal } from './lib/sessions.ts';

export interface Organization {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route requires; a route without it stops the app at boot. */
    permission?: RoutePermission;
    /**
     * The token may also come as `?token=` and the organization as `?org=`, and the call counts as background
     * activity: for the event stream only, since the browser's EventSource cannot set headers.
     */
    queryAuth?: boolean;
    /**
     * Set at registration from the route's own path (plugins/auth.ts): `api` answers carry patient data and get
     * the API's headers and checks; `document` is the web app's files and the API description.
     */
    surface?: 'api' | 'document';
    /** A public call that names no organization (Telegram's webhook: its token says which). */
    noOrganization?: boolean;
    /** What the route reads or writes of a patient's data; its refusals are audited (modules/audit/audit-hook.ts). */
    audit?: AuditDeclaration;
  }
  interface FastifyRequest {
    org: Organization;
    principal: Principal | null;
  }
}

/** Who is acting, where: passed from routes to services (audit, scoping). */
export interface RequestContext {
  orgId: number;
  /** The organization's time zone: what 'today' means for it. */
  timeZone: string;
  userId: number | null;
  /** The acting user's name, for answers that show who saved a record (no query needed for it). */
  userName?: string | undefined;
  /** The acting user's role names, as the audit log keeps them. */
  role?: string | undefined;
  ip: string;
  requestId: string;
}

/**
 * What a route reads or writes of a patient's data, declared once on the route (`config.audit`). A call that
 * succeeds is recorded by its service, in the transaction of its write; a call that is refused (403, 404, 409,
 * 422…) is recorded by modules/audit/audit-hook.ts with its outcome, so no route can forget its refusals.
 */
export interface AuditDeclaration {
  /** The action as a success records it (`exam.viewed`); a refusal keeps it, with its outcome. */
  action: string;
  entity: AuditEntity;
  /** The path parameter naming the entity; default `id` (absent on the path: no entity id). */
  idParam?: string;
  /**
   * Where the patient's id is: `entity` (the entity is the patient), or `patientId` (a path parameter, query
   * parameter or body field of that name). Absent: the call names no patient until its service reads it.
   */
  patientFrom?: 'entity' | 'patientId';
  /**
   * Record successes here too: for a route with no service of its own to record them in (an administrator's
   * backup download). Routes that write records leave it unset, so their audit row lands with the write.
   */
  always?: boolean;
}
