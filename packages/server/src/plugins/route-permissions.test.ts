import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsAny, type PermissionName } from '@basira/shared/permissions/permissions';
import { concreteUrl, startTestApp, userWith, type TestApp, type TestOrg } from '../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let bystander: string;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  // Holds one permission no API route of this table asks for alone.
  bystander = (await userWith(t, org, ['print setting'])).token;
});
afterAll(() => t.close());

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

  it('answers 401 without a token on every non-public route', async () => {
    const guarded = t.routes.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await t.request({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        org: org.slug,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    }
  });

  it('answers 403 on every route whose permission the caller lacks', async () => {
    const denied = t.routes.filter(
      (r) =>
        r.permission !== 'public' &&
        r.permission !== 'authenticated' &&
        !holdsAny(['print setting'], r.permission as PermissionName | PermissionName[]),
    );
    expect(denied.length).toBeGreaterThan(5);
    for (const route of denied) {
      const res = await t.request({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        org: org.slug,
        token: bystander,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('refuses to build an app with a route that declares no permission', async () => {
    const Fastify = (await import('fastify')).default;
    const { requirePermissionDeclarations } = await import('./auth.ts');
    const app = Fastify();
    requirePermissionDeclarations(app);
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/does not declare config.permission/);
    await app.close();
  });
});
