import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  BACKGROUND_HEADER,
  DEFAULT_ORGANIZATION,
  ORGANIZATION_HEADER,
} from '@basira/shared/auth/auth.schemas';
import {
  holds,
  isPermissionName,
  namesOf,
  type RoutePermission,
} from '@basira/shared/permissions/permissions';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findOrganization, ORG_SLUG } from '../lib/organizations.ts';
import type { Principal, SessionService } from '../lib/sessions.ts';
import type { UserRateLimit } from '../lib/user-rate-limit.ts';
import type { AuditDeclaration, Organization, RequestContext } from '../types.ts';

export interface RouteEntry {
  method: string;
  url: string;
  permission: RoutePermission;
  /** The route's audit declaration, for the test that every patient-data route has one. */
  audit?: AuditDeclaration | undefined;
}

/** A route's registered path (never the request's text) says whether it belongs to the API. */
const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');
const isDocsPath = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export interface PermissionDefaults {
  /** What the API description's routes (`/api/docs…`, registered by swagger-ui without route config) require. */
  docs: RoutePermission;
}

/**
 * Every route must state its permission; an API route without one stops the app at boot (deny by default).
 * Only the built web app's files (outside /api) and the API description (by `defaults.docs`) get one here.
 * Each route's config also records its `surface`, which the auth and security-header hooks read: decisions
 * follow the route the router matched, never the URL text (`/%61pi/...` matches `/api/...`).
 * Returns the route table as it fills, for the snapshot and the generated 401/403 tests.
 */
export function requirePermissionDeclarations(
  app: FastifyInstance,
  defaults: PermissionDefaults,
): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    const api = isApiPath(route.url) && !isDocsPath(route.url);
    const declared =
      route.config?.permission ?? (api ? undefined : isDocsPath(route.url) ? defaults.docs : 'public');
    if (declared === undefined)
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.permission`);
    route.config = { ...route.config, permission: declared, surface: api ? 'api' : 'document' };
    if (isApiPath(route.url))
      for (const method of methods)
        table.push({ method, url: route.url, permission: declared, audit: route.config?.audit });
    const names = declared === 'public' || declared === 'authenticated' ? [] : namesOf(declared);
    for (const name of names)
      if (!isPermissionName(name))
        throw new Error(`Route ${route.url} names an unknown permission "${name}"`);
  });
  return table;
}

const ORG_CACHE_MS = 60_000;

/**
 * Per request: the organization from X-Organization (absent: `default`), then the caller from the bearer
 * token, then the route's permission. Public routes skip the token.
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  sessions: SessionService,
  perUser: UserRateLimit,
): void {
  const orgCache = new Map<string, { org: Organization; at: number }>();

  async function organizationOf(request: FastifyRequest, fromQuery: boolean): Promise<Organization> {
    const raw = request.headers[ORGANIZATION_HEADER] ?? (fromQuery ? queryParam(request, 'org') : undefined);
    const slug = (typeof raw === 'string' && raw.trim() ? raw.trim() : DEFAULT_ORGANIZATION).toLowerCase();
    const hit = orgCache.get(slug);
    if (hit && Date.now() - hit.at <= ORG_CACHE_MS) return hit.org;
    // Only a well-formed slug reaches SQL, and only organizations found are cached: a stranger sending made-up
    // names can neither fail a query nor grow the cache.
    const org = ORG_SLUG.test(slug) ? await findOrganization(db, slug) : undefined;
    if (!org) throw new AppError('organization.not_found', `No organization "${slug.slice(0, 63)}".`);
    orgCache.set(slug, { org, at: Date.now() });
    return org;
  }

  app.decorateRequest('org', null as unknown as Organization);
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    // Unmatched paths reach only the 404 handler, which reads nothing.
    if (!request.routeOptions.url) return;
    const { permission, surface, queryAuth, noOrganization } = request.routeOptions.config;
    if (permission === undefined) throw new AppError('forbidden', 'You do not have permission to do this.');
    if (permission === 'public' && (surface !== 'api' || noOrganization === true)) return;
    request.org = await organizationOf(request, queryAuth === true);
    if (permission === 'public') return;

    const token = bearerToken(request) || (queryAuth ? (queryParam(request, 'token') ?? '') : '');
    if (!token) throw new AppError('unauthorized', 'Sign in to continue.');
    const background = request.headers[BACKGROUND_HEADER] === '1' || queryAuth === true;
    const principal = await sessions.resolve(token, request.org.id, background);
    request.principal = principal;
    const wait = perUser.take(request.org.id, principal.user.id, background);
    if (wait > 0)
      throw new AppError('throttled', 'Too many requests. Try again shortly.', undefined, {
        headers: { 'retry-after': String(wait) },
      });

    if (permission === 'authenticated') return;
    if (principal.user.mustChangePassword)
      throw new AppError('auth.password_change_required', 'Change your password to continue.');
    if (!holds(principal.permissions, permission))
      throw new AppError('forbidden', 'You do not have permission to do this.');
  });
}

/** Who is acting, where: for services and the audit log. */
export function contextOf(request: FastifyRequest): RequestContext {
  return {
    orgId: request.org.id,
    timeZone: request.org.timeZone,
    userId: request.principal?.user.id ?? null,
    userName: request.principal?.user.name,
    role: request.principal ? roleNames(request.principal) : undefined,
    ip: request.ip,
    requestId: String(request.id),
  };
}

/** The caller's roles as the audit log records them ("Administrator" for the CLI, which acts without one). */
export function roleNames(principal: Principal): string {
  const names = principal.profile.roles.map((r) => r.name);
  return names.length ? names.join(', ') : principal.permissions.join(', ');
}

/** A query-string value, read before validation (the auth hook runs first). */
function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value ? value : undefined;
}

/** The bearer token of the current request (for logout). */
export function bearerToken(request: FastifyRequest): string {
  const auth = request.headers.authorization ?? '';
  return auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
}
