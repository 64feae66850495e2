import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsAny, type PermissionName } from '@basira/shared/permissions/permissions';
import { concreteUrl, startTestApp, userWith, type TestApp, type TestOrg } from '../test/harness.ts';
import type { RouteEntry } from './auth.ts';

/**
 * The security suite generated from the route table: every route, every way of calling it without the right to,
 * must answer 401, 403 or 404, never a success and never a 500. A new route is covered the moment it exists.
 */
let t: TestApp;
let org: TestOrg;
let bystander: string;
let revoked: string;

/** The same path with its `/api` prefix written as a client might smuggle it past a text comparison. */
const PREFIX_VARIANTS = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69', '/API', '//api', '/api/.'];

const callable = (r: RouteEntry) => r.url !== '/api/logout';
const guarded = () => t.routes.filter((r) => r.permission !== 'public' && callable(r));
const denied = () =>
  t.routes.filter(
    (r) =>
      r.permission !== 'public' &&
      r.permission !== 'authenticated' &&
      !holdsAny(['print setting'], r.permission as PermissionName | PermissionName[]),
  );

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  // Holds one permission no API route of this table asks for alone.
  bystander = (await userWith(t, org, ['print setting'])).token;
  const admin = await t.login(org.slug, org.adminEmail, org.adminPassword);
  await t.request({ method: 'POST', url: '/api/logout', org: org.slug, token: admin });
  revoked = admin;
});
afterAll(() => t.close());

const call = (route: RouteEntry, token?: string, url = concreteUrl(route.url)) =>
  t.request({ method: route.method as 'GET', url, org: org.slug, ...(token ? { token } : {}) });

describe('route permission table', () => {
  it('lists every API route with its permission (review changes to this file)', async () => {
    const lines = t.routes
      .map(
        (r) =>
          `${r.method.padEnd(6)} ${r.url} → ${typeof r.permission === 'string' ? r.permission : `any of [${r.permission.join(', ')}]`}`,
      )
      .sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-permissions.txt');
  });

  it.each([
    ['no token', undefined],
    ['a garbage token', 'not-a-token'],
    ['a revoked token', 'revoked'],
  ])('answers 401 with %s on every non-public route', async (_name, which) => {
    const token = which === 'revoked' ? revoked : which;
    expect(guarded().length).toBeGreaterThan(5);
    for (const route of guarded()) {
      const res = await call(route, token);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/^(unauthorized|auth\.)/) });
    }
  });

  it('answers 403 on every route whose permission the caller lacks', async () => {
    expect(denied().length).toBeGreaterThan(5);
    for (const route of denied()) {
      const res = await call(route, bystander);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
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
          if (!route.url.startsWith('/api/docs'))
            expect(res.headers['cache-control'], label).toBe('no-store');
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
