import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { expectSecurityHeaders } from '../test/security-headers-check.ts';
import { registerErrorHandler } from './errors.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { requirePermissionDeclarations } from './auth.ts';

/**
 * Every answer carries the security headers, whatever produced it: each route of the table (a success), each
 * kind of error, the web app's files and its deep-link fallback. The 401/403/404 sweeps of route-permissions
 * and cross-organization check the same headers on every refusal.
 */
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'basira-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Basira</title>');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
  org = await t.newOrg();
});
afterAll(() => t.close());

/** GET routes that answer without an id; the event stream never ends, so it is read over a socket below. */
const plainReads = () =>
  t.routes.filter((r) => r.method === 'GET' && !/[:*]/.test(r.url) && r.url !== '/api/events');

describe('security headers', () => {
  it('on the answer of every GET route of the table, as an administrator', async () => {
    const routes = plainReads();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const res = await t.request({ method: 'GET', url: route.url, org: org.slug, token: org.adminToken });
      const label = `GET ${route.url} → ${res.statusCode}`;
      expect(res.statusCode, label).toBeLessThan(500);
      expectSecurityHeaders(res, label);
    }
  });

  it('on the event stream', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        `${base}/api/events?org=${org.slug}&token=${encodeURIComponent(org.adminToken)}`,
        { agent: false },
        (res) => {
          resolve(res.headers);
          req.destroy();
        },
      );
      req.on('error', reject);
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expectSecurityHeaders({ headers }, 'GET /api/events');
    expect(headers['cache-control']).toContain('no-transform');
  });

  it('on errors: 400, 404, 415, 422 and an unmatched path', async () => {
    const as = { org: org.slug, token: org.adminToken };
    const answers = {
      400: await t.request({
        method: 'POST',
        url: '/api/role',
        ...as,
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      }),
      404: await t.request({ method: 'GET', url: '/api/role/999999999', ...as }),
      415: await t.request({
        method: 'POST',
        url: '/api/role',
        ...as,
        payload: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      422: await t.request({ method: 'POST', url: '/api/role', ...as, payload: { name: '' } }),
      unmatched: await t.request({ method: 'POST', url: '/api/nothing/here' }),
    };
    for (const [what, res] of Object.entries(answers)) {
      if (what !== 'unmatched') expect(res.statusCode, what).toBe(Number(what));
      expectSecurityHeaders(res, what);
    }
  });

  it('on a 500, which the error handler answers itself', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    requirePermissionDeclarations(app, { docs: 'authenticated' });
    registerSecurityHeaders(app);
    app.get('/api/broken', { config: { permission: 'public' } }, () => {
      throw new Error('boom');
    });
    const res = await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal');
    expectSecurityHeaders(res, '500');
  });

  it('on the web app: index, a static file, a deep link, a missing asset', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg', '/assets/app-abc123.js', '/patients/12/file']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      // Documents may be cached by the browser (hashed chunks for good); only API answers are no-store.
      expectSecurityHeaders(res, url, { api: false });
    }
    const missing = await t.request({ method: 'GET', url: '/assets/missing-123.js' });
    expectSecurityHeaders(missing, '/assets/missing-123.js', { api: false });
  });
});
