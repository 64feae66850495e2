import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { holds, isAllOf, type RoutePermission } from '@basira/shared/permissions/permissions';
import { FakeClock } from '../lib/clock.ts';
import { concreteUrl, startTestApp, userWith, type TestApp, type TestOrg } from '../test/harness.ts';
import { expectSecurityHeaders } from '../test/security-headers-check.ts';
import type { RouteEntry } from './auth.ts';

/**
 * The security suite generated from the route table: every route, every way of calling it without the right to,
 * must answer 401, 403 or 404, never a success and never a 500. A new route is covered the moment it exists.
 * Its siblings: cross-organization.test.ts (another organization's ids) and security-headers.test.ts.
 */
let t: TestApp;
let org: TestOrg;
let bystander: string;
let bystanderId: number;
let revoked: string;
let expired: string;
let foreign: string;

/** The same path with its `/api` prefix written as a client might smuggle it past a text comparison. */
const PREFIX_VARIANTS = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69', '/API', '//api', '/api/.'];

/** The 401 says which: the web app signs the user in again either way, but the log and the user learn why. */
const EXPECTED_CODES: Record<string, string> = {
  expired: 'auth.session_expired',
  foreign: 'auth.wrong_organization',
};

const callable = (r: RouteEntry) => r.url !== '/api/logout';
const guarded = () => t.routes.filter((r) => r.permission !== 'public' && callable(r));
const denied = () =>
  t.routes.filter(
    (r) =>
      r.permission !== 'public' &&
      r.permission !== 'authenticated' &&
      !holds(['print setting'], r.permission),
  );

/** A route's permission as the snapshot writes it. */
const described = (permission: RoutePermission): string => {
  if (typeof permission === 'string') return permission;
  if (isAllOf(permission)) return permission.allOf.map((list) => `any of [${list.join(', ')}]`).join(' and ');
  return `any of [${permission.join(', ')}]`;
};

beforeAll(async () => {
  const clock = new FakeClock();
  t = await startTestApp({ clock });
  org = await t.newOrg();
  // A session past its absolute lifetime (12 hours by default): signed in, then the clock moves on a day.
  expired = await t.login(org.slug, org.adminEmail, org.adminPassword);
  clock.advance(24 * 3_600_000);
  org.adminToken = await t.login(org.slug, org.adminEmail, org.adminPassword);
  // Holds one permission no API route of this table asks for alone.
  ({ token: bystander, id: bystanderId } = await userWith(t, org, ['print setting']));
  const admin = await t.login(org.slug, org.adminEmail, org.adminPassword);
  await t.request({ method: 'POST', url: '/api/logout', org: org.slug, token: admin });
  revoked = admin;
  // A valid session of another organization, sent with this organization's X-Organization.
  foreign = (await t.newOrg()).adminToken;
});
afterAll(() => t.close());

/** The audit rows a request left, by its id. */
const auditRowsOf = async (requestId: string) =>
  (
    (await t.database.db.execute(
      sql`SELECT action, user_id, outcome, subject FROM audit_log WHERE org_id = ${org.id} AND request_id = ${requestId}`,
    )) as unknown as { rows: unknown[] }
  ).rows;

const call = (route: RouteEntry, token?: string, url = concreteUrl(route.url)) =>
  t.request({ method: route.method as 'GET', url, org: org.slug, ...(token ? { token } : {}) });

describe('route permission table', () => {
  it('lists every API route with its permission (review changes to this file)', async () => {
    const lines = t.routes.map((r) => `${r.method.padEnd(6)} ${r.url} → ${described(r.permission)}`).sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-permissions.txt');
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'not-a-token'],
    ['a revoked token', 'revoked'],
    ['an expired token', 'expired'],
    ['another organization’s token', 'foreign'],
  ])('answers 401 with %s on every non-public route', async (_name, which) => {
    const token = ({ revoked, expired, foreign } as Record<string, string>)[which ?? ''] ?? which;
    expect(guarded().length).toBeGreaterThan(5);
    for (const route of guarded()) {
      const res = await call(route, token);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({
        code: EXPECTED_CODES[which ?? ''] ?? expect.stringMatching(/^(unauthorized|auth\.)/),
      });
      expectSecurityHeaders(res, `${route.method} ${route.url}`);
    }
  });

  it('answers 403 on every route whose permission the caller lacks, each in the audit trail', async () => {
    expect(denied().length).toBeGreaterThan(5);
    for (const route of denied()) {
      const res = await call(route, bystander);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
      expectSecurityHeaders(res, `${route.method} ${route.url}`);
      // Issue 50: every 403 of a signed-in caller is recorded, naming the route (its own action where it declares
      // one, else `request.denied`), before the answer leaves.
      const rows = await auditRowsOf(String(res.headers['x-request-id']));
      expect(rows, `${route.method} ${route.url}`).toEqual([
        {
          action: route.audit?.action ?? 'request.denied',
          user_id: bystanderId,
          outcome: 'denied',
          subject: `${route.method} ${route.url}`,
        },
      ]);
    }
  });

  it('decides by the matched route, not the URL text: encoded prefixes are never a way in', async () => {
    const lacking = new Set(denied());
    for (const route of guarded())
      for (const prefix of PREFIX_VARIANTS) {
        const url = prefix + concreteUrl(route.url).slice('/api'.length);
        for (const token of lacking.has(route) ? [undefined, bystander] : [undefined]) {
          const res = await call(route, token, url);
          const label = `${route.method} ${url} ${token ? 'bystander' : 'no token'}`;
          expect([401, 403, 404], label).toContain(res.statusCode);
          expect(res.json().code, label).toEqual(expect.any(String));
          expectSecurityHeaders(res, label);
        }
      }
  });

  it('an unmatched path, encoded or not, is a 404 with the same headers as any answer', async () => {
    for (const url of ['/api/nothing', '/%61pi/nothing', '/api']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not_found');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('refuses to build an app with an API route that declares no permission', async () => {
    const Fastify = (await import('fastify')).default;
    const { requirePermissionDeclarations } = await import('./auth.ts');
    const app = Fastify();
    requirePermissionDeclarations(app, { docs: 'authenticated' });
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/does not declare config.permission/);
    await app.close();
  });
});
