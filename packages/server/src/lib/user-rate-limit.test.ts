import { describe, expect, it } from 'vitest';
import { startTestApp, userWith } from '../test/harness.ts';
import { UserRateLimit } from './user-rate-limit.ts';

describe('UserRateLimit: requests per signed-in user', () => {
  const limitOf = (perMinute: number) => {
    let at = 0;
    const limit = new UserRateLimit(perMinute, () => at);
    return { limit, advance: (ms: number) => void (at += ms) };
  };

  it('never refuses a typist: a search every 200 ms (the typeahead’s debounce) for ten minutes', () => {
    const { limit, advance } = limitOf(600);
    for (let i = 0; i < 5 * 600; i++) {
      expect(limit.take(1, 7, false)).toBe(0);
      advance(200);
    }
  });

  it('answers a burst past half a minute’s budget with the seconds until the next request, then refills', () => {
    const { limit, advance } = limitOf(600);
    for (let i = 0; i < 300; i++) expect(limit.take(1, 7, false)).toBe(0);
    expect(limit.take(1, 7, false)).toBe(1);
    // Another user, the same user in another organization and the user's background calls each have their own.
    expect(limit.take(1, 8, false)).toBe(0);
    expect(limit.take(2, 7, false)).toBe(0);
    expect(limit.take(1, 7, true)).toBe(0);
    advance(100);
    expect(limit.take(1, 7, false)).toBe(0); // 10 a second: one more after a tenth of a second
    expect(limit.take(1, 7, false)).toBe(1);
    advance(30_000);
    for (let i = 0; i < 300; i++) expect(limit.take(1, 7, false)).toBe(0);
    expect(limit.take(1, 7, false)).toBeGreaterThan(0);
  });

  it('forgets users whose budget is full again', () => {
    const { limit, advance } = limitOf(600);
    for (let user = 1; user <= 50; user++) limit.take(1, user, false);
    expect(limit.size).toBe(50);
    advance(31_000);
    limit.take(1, 1, false);
    expect(limit.size).toBe(1);
  });
});

describe('the per-user limit over the API', () => {
  it('answers a signed-in flood 429 with Retry-After; the user’s polls and other users go on', async () => {
    // 6 a minute: a bucket of 3, one more every 10 s.
    const t = await startTestApp({ env: { REQUESTS_PER_USER_PER_MINUTE: '6' } });
    try {
      const org = await t.newOrg();
      const typist = await userWith(t, org, ['show options']);
      const as = (token: string, url: string, headers: Record<string, string> = {}) =>
        t.request({ method: 'GET', url, org: org.slug, token, headers });
      const search = '/api/mo/code/diagnosis?search=H40';
      for (let i = 0; i < 3; i++) expect((await as(typist.token, search)).statusCode).toBe(200);
      const refused = await as(typist.token, search);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.any(String), code: 'throttled' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
      // A poll is not held by the user's own flood; another user is not held at all.
      expect((await as(typist.token, '/api/me', { 'x-background': '1' })).statusCode).toBe(200);
      expect((await as(org.adminToken, search)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
