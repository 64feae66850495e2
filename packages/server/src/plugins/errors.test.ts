import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concreteUrl, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
  org = await t.newOrg();
});
afterAll(() => t.close());

const expectErrorShape = (body: string) => {
  const json = JSON.parse(body);
  expect(Object.keys(json).every((k) => ['message', 'code', 'errors'].includes(k))).toBe(true);
  expect(body).not.toMatch(/at .*\.ts|node_modules|SELECT|\/work\//);
};

describe('bad input never becomes a 500', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.request({
      method: 'POST',
      url: '/api/role',
      org: org.slug,
      token: org.adminToken,
      payload,
      headers: { 'content-type': contentType },
    });

  it('malformed JSON → 400', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expectErrorShape(res.body);
  });

  it('an oversized body → 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(10_000), permissions: [] }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('a content type the API does not read → 415', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('wrong types → 422 with field errors', async () => {
    const res = await post(JSON.stringify({ name: 12, permissions: [null, 3] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('name');
    expectErrorShape(res.body);
  });

  it('a JSON array or scalar body → 422, a huge page number → 422', async () => {
    expect((await post('[1,2]')).statusCode).toBe(422);
    expect((await post('"text"')).statusCode).toBe(422);
    const page = await t.request({
      method: 'GET',
      url: '/api/user?page=-5',
      org: org.slug,
      token: org.adminToken,
    });
    expect(page.statusCode).toBe(422);
  });

  it('a null character (which PostgreSQL text cannot hold) → 422 naming the fields; never a 500', async () => {
    const res = await post(
      JSON.stringify({ name: 'Front\u0000desk', permissions: ['show users', 'x\u0000'] }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['field.null_character'],
      'permissions.1': ['field.null_character'],
    });
    expectErrorShape(res.body);
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      org: org.slug,
      payload: { email: 'admin\u0000', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    for (const url of ['/api/mo/patient?search=a%00b', '/api/user?page=1&search=a%00b']) {
      const read = await t.request({ method: 'GET', url, org: org.slug, token: org.adminToken });
      expect(read.json().errors, url).toEqual({ search: ['field.null_character'] });
    }
    // Every route, with one in its query string and its body: a 4xx, never a 500.
    for (const route of t.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))) {
      if (route.url === '/api/events' || route.url === '/api/logout') continue; // a stream; the caller's own session
      const res = await t.request({
        method: route.method as 'GET',
        url: `${concreteUrl(route.url)}?search=a%00b&page=1`,
        org: org.slug,
        token: org.adminToken,
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { payload: { name: 'a\u0000', note: 'b\u0000', patientId: 1 } }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
    // The organization is picked before any of that: a made-up one never reaches SQL.
    const stream = await t.request({ method: 'GET', url: '/api/events?org=a%00b&token=x' });
    expect(stream.json().code).toBe('organization.not_found');
  });

  it('dates outside the clinic years (1800–2999) → 422, not an overflow in SQL', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.request({ method, url, org: org.slug, token: org.adminToken, ...(payload ? { payload } : {}) });
    const filter = await call('GET', '/api/mo/queue/filter?page=1&from=0000-01-01&to=9999-12-31');
    expect(filter.statusCode).toBe(422);
    expect(filter.json().errors).toEqual({ from: ['from.invalid'], to: ['to.invalid'] });
    const visit = await call('POST', '/api/mo/queue', { patientId: 1, date: '3000-01-01T00:00:00Z' });
    expect(visit.json().errors).toEqual({ date: ['date.invalid'] });
    const patient = await call('POST', '/api/mo/patient', {
      name: 'Ali Hassan',
      phone: '0770 123 4567',
      birthDate: '1799-12-31',
    });
    expect(patient.json().errors).toEqual({ birthDate: ['birthDate.invalid'] });
    expect((await call('GET', '/api/mo/queue/filter?page=1&from=1800-01-01&to=2999-12-31')).statusCode).toBe(
      200,
    );
  });

  it('unknown API paths → 404 in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('health answers with the database kind; docs are served to signed-in users', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({
      status: 'ok',
      database: expect.stringMatching(/pglite|postgres/),
    });
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const docs = await t.request({
      method: 'GET',
      url: '/api/docs/json',
      org: org.slug,
      token: org.adminToken,
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths).toHaveProperty('/api/login');
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });
});
