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
  ip: string;
  requestId: string;
}
