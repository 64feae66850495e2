import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

let open: TestApp;
let closed: TestApp;

beforeAll(async () => {
  open = await startTestApp({ env: { CORS_ORIGINS: 'https://clinic.example' } });
  closed = await startTestApp();
});
afterAll(async () => {
  await open.close();
  await closed.close();
});

const preflight = (t: TestApp, origin: string) =>
  t.request({
    method: 'OPTIONS',
    url: '/api/me',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });

describe('CORS', () => {
  it('answers only the configured origins', async () => {
    const allowed = await preflight(open, 'https://clinic.example');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://clinic.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const other = await preflight(open, 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with no origins configured, grants no other site anything', async () => {
    const res = await closed.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
