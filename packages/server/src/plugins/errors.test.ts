import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

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

  it('unknown API paths → 404 in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('health answers with the database kind; docs are served', async () => {
    const health = await t.request({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({
      status: 'ok',
      database: expect.stringMatching(/pglite|postgres/),
    });
    const docs = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().paths).toHaveProperty('/api/login');
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.request({ method: 'GET', url: '/some/deep/link' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
