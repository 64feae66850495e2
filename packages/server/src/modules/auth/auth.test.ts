import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

const clock = new FakeClock(new Date('2026-03-01T08:00:00Z'));
let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp({ clock });
  org = await t.newOrg();
});
afterAll(() => t.close());

const me = (token: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/api/me', org: org.slug, token, headers });
const login = (email: string, password: string, slug = org.slug) =>
  t.request({ method: 'POST', url: '/api/login', org: slug, payload: { email, password } });

describe('sign-in', () => {
  it('returns a token and the user with the union of their roles’ permissions', async () => {
    const res = await login(org.adminEmail, org.adminPassword);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.email).toBe(org.adminEmail);
    expect(user.permissions).toEqual(['Administrator']);
    expect(user.organization.slug).toBe(org.slug);
    expect(user).not.toHaveProperty('passwordHash');
    expect((await me(token)).statusCode).toBe(200);
  });

  it('accepts the username in the email field, in any case', async () => {
    const u = await userWith(t, org, ['dashboard']);
    const set = await t.request({
      method: 'POST',
      url: `/api/user/${u.id}`,
      org: org.slug,
      token: org.adminToken,
      payload: { name: 'Nurse Huda', email: u.email, username: 'huda.n', roles: [u.roleId] },
    });
    expect(set.statusCode).toBe(200);
    expect((await login('HUDA.N', u.password)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const wrong = await login(org.adminEmail, 'not-the-password');
    const unknown = await login('nobody@nowhere.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: expect.any(String), code: 'auth.invalid_credentials' });
  });

  it('throttles the 11th failure for one identifier within 15 minutes, whether or not it exists', async () => {
    const id = 'ghost-user@clinic.test';
    for (let i = 0; i < 10; i++) expect((await login(id, `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await login(id, 'wrong-again');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another identifier from the same address is not affected.
    expect((await login(org.adminEmail, org.adminPassword)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(id, 'wrong-later')).statusCode).toBe(401);
  });

  it('refuses a token in another organization', async () => {
    const other = await t.newOrg();
    const res = await t.request({ method: 'GET', url: '/api/me', org: other.slug, token: org.adminToken });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.wrong_organization');
  });

  it('answers 404 for an unknown organization', async () => {
    const res = await login(org.adminEmail, org.adminPassword, 'no-such-clinic');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('organization.not_found');
  });
});

describe('sessions', () => {
  // These tests move the clock; each starts from a fresh organization with a fresh admin token.
  beforeEach(async () => {
    org = await t.newOrg();
  });

  it('expire after the idle time; background calls do not keep them alive', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    clock.advance(50 * 60_000);
    expect((await me(token, { 'x-background': '1' })).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.session_expired');
  });

  it('stay alive with activity until the absolute limit', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    for (let hour = 0; hour < 11; hour++) {
      clock.advance(30 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
      clock.advance(30 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
    }
    clock.advance(61 * 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('end at once on logout', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/logout', org: org.slug, token });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('end at once when the user is disabled', async () => {
    const u = await userWith(t, org, ['dashboard']);
    expect((await me(u.token)).statusCode).toBe(200);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/user/${u.id}`,
      org: org.slug,
      token: org.adminToken,
    });
    expect(del.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
  });

  it('store only a hash of the token', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('profile and forced password change', () => {
  // The session tests above moved the clock past the first admin token's lifetime.
  beforeAll(async () => {
    org = await t.newOrg();
  });

  it('a user whose password an admin set must change it before anything else', async () => {
    const password = 'first-password-1';
    const created = await t.request({
      method: 'POST',
      url: '/api/user',
      org: org.slug,
      token: org.adminToken,
      payload: {
        name: 'New Doctor',
        email: 'newdoc@clinic.test',
        password,
        password_confirmation: password,
        roles: [org.adminRoleId],
      },
    });
    expect(created.statusCode).toBe(201);
    const token = await t.login(org.slug, 'newdoc@clinic.test', password);
    const profile = await me(token);
    expect(profile.json().data.mustChangePassword).toBe(true);
    const blocked = await t.request({ method: 'GET', url: '/api/user', org: org.slug, token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('auth.password_change_required');

    const wrongCurrent = await t.request({
      method: 'POST',
      url: '/api/profile',
      org: org.slug,
      token,
      payload: {
        name: 'New Doctor',
        email: 'newdoc@clinic.test',
        currentPassword: 'nope',
        password: 'second-password-2',
        password_confirmation: 'second-password-2',
      },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json().errors.currentPassword).toEqual(['currentPassword.wrong']);

    const changed = await t.request({
      method: 'POST',
      url: '/api/profile',
      org: org.slug,
      token,
      payload: {
        name: 'Dr. New',
        email: 'newdoc@clinic.test',
        currentPassword: password,
        password: 'second-password-2',
        password_confirmation: 'second-password-2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Dr. New', mustChangePassword: false });
    expect((await t.request({ method: 'GET', url: '/api/user', org: org.slug, token })).statusCode).toBe(200);
    expect((await login('newdoc@clinic.test', password)).statusCode).toBe(401);
  });

  it('ignores roles, organization and version smuggled into a profile update', async () => {
    const u = await userWith(t, org, ['dashboard']);
    const res = await t.request({
      method: 'POST',
      url: '/api/profile',
      org: org.slug,
      token: u.token,
      payload: {
        name: 'Sneaky User',
        email: u.email,
        roles: [org.adminRoleId],
        orgId: 999,
        version: 77,
        permissions: ['Administrator'],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await me(u.token);
    expect(after.json().data.permissions).toEqual(['dashboard']);
    expect(after.json().data.roles.map((r: { id: number }) => r.id)).toEqual([u.roleId]);
    expect(after.json().data.version).not.toBe(77);
  });
});
