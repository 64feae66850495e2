import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concreteUrl, startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';

/** The route table fuzzed with odd ids and deep nesting, at the default body limit (10,000 levels fit in it). */
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

describe('ids and nesting: odd values on every route, never a 500', () => {
  const call = (method: string, url: string, payload?: unknown) =>
    t.request({
      method: method as 'GET',
      url,
      org: org.slug,
      token: org.adminToken,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('ids past the 32-bit columns: a path id is 404, a body or query id is 422', async () => {
    expect((await call('GET', '/api/mo/patient/2147483648')).statusCode).toBe(404);
    expect((await call('GET', '/api/mo/patient/2147483647')).statusCode).toBe(404);
    const queued = await call('POST', '/api/mo/queue', { patientId: 2147483648 });
    expect(queued.statusCode).toBe(422);
    expect(queued.json().errors).toHaveProperty('patientId');
    const filtered = await call('GET', '/api/mo/queue/filter?doctorId=2147483648');
    expect(filtered.statusCode).toBe(422);
    expect(filtered.json().errors).toHaveProperty('doctorId');
    const stale = await call('POST', '/api/role/1', { name: 'x', permissions: [], version: 2147483648 });
    expect([404, 422]).toContain(stale.statusCode);
  });

  it('ids are parsed strictly: digits in paths and queries, JSON integers in bodies', async () => {
    for (const id of ['0x3', '%200x1%20', 'true', '1e3', '+3', '3.0', '-3'])
      expect((await call('GET', `/api/mo/patient/${id}`)).statusCode, id).toBe(404);
    for (const id of ['0x3', 'true', '1e3', '%201'])
      expect((await call('GET', `/api/mo/queue/filter?doctorId=${id}`)).statusCode, id).toBe(422);
    const merge = await call('POST', '/api/mo/patient/merge', { survivorId: true, mergedId: 61 });
    expect(merge.statusCode).toBe(422);
    expect(merge.json().errors).toHaveProperty('survivorId');
    for (const patientId of [[3], '3', 1.5, true])
      expect((await call('POST', '/api/mo/queue', { patientId })).statusCode, JSON.stringify(patientId)).toBe(
        422,
      );
  });

  it('deep nesting is refused with 400 before anything walks it, signed in or not', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      org: org.slug,
      payload: `{"email":${deep(10_000)},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().code).toBe('bad_request');
    const fine = await t.request({
      method: 'POST',
      url: '/api/login',
      org: org.slug,
      payload: `{"email":${deep(10)},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(fine.statusCode).toBe(422);
  });

  it('every route, with odd ids in its path, query and body, answers below 500', async () => {
    const textIds = [
      '2147483647',
      '2147483648',
      '9007199254740993',
      'true',
      '%5B1%5D',
      '0x1',
      '1e3',
      '-1',
      '0',
    ];
    const jsonIds: unknown[] = [
      2147483647,
      2147483648,
      2 ** 53 + 2, // past Number.MAX_SAFE_INTEGER
      true,
      [1],
      '0x1',
      1e3,
      1.5,
      -1,
      null,
    ];
    const queryKeys = [
      'patientId',
      'queueId',
      'doctorId',
      'exceptQueueId',
      'excludeId',
      'countryId',
      'page',
      'days',
    ];
    const routes = t.routes.filter((r) => !['/api/events', '/api/logout'].includes(r.url));
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    let requests = 0;
    for (const route of routes) {
      const hasBody = route.method === 'POST';
      for (const [i, text] of textIds.entries()) {
        const query = queryKeys.map((k) => `${k}=${text}`).join('&');
        const url = `${route.url.replace(/:[A-Za-z]+\??/g, text).replace(/\*$/, 'x')}?${query}`;
        const value = jsonIds[i];
        const body = hasBody
          ? Object.fromEntries(
              [...queryKeys, 'survivorId', 'mergedId', 'version', 'id']
                .map((k) => [k, value])
                .concat([['roles', [value]]]),
            )
          : undefined;
        const res = await call(route.method, url, body);
        requests++;
        expect(res.statusCode, `${route.method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
      if (hasBody) {
        const res = await t.request({
          method: 'POST',
          url: concreteUrl(route.url),
          org: org.slug,
          token: org.adminToken,
          payload: deep,
          headers: { 'content-type': 'application/json' },
        });
        requests++;
        expect(res.statusCode, `${route.method} ${route.url} nested`).toBeLessThan(500);
      }
    }
    expect(requests).toBeGreaterThan(400);
  });
});

describe("Node's own refusals", () => {
  /** Sends raw bytes to a listening server and reads the whole answer. */
  async function raw(request: string): Promise<string> {
    const { connect } = await import('node:net');
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return new Promise((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('a bad Content-Length or a NUL in a header: 400 in the app’s shape with the API headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const request of [
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Odd: a\u0000b\r\n\r\n',
    ]) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(head.toLowerCase()).toContain('cache-control: no-store');
      expect(JSON.parse(body)).toEqual({ message: expect.any(String), code: 'bad_request' });
    }
  });
});
