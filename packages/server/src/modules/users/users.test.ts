import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  token = org.adminToken,
  slug = org.slug,
) => t.request({ method, url, org: slug, token, ...(payload ? { payload } : {}) });

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Dr. Layla Hassan',
  email: `layla-${Math.random().toString(36).slice(2)}@clinic.test`,
  password: 'a-strong-password',
  password_confirmation: 'a-strong-password',
  roles: [],
  ...over,
});

describe('users', () => {
  it('creates, lists with search and paging, shows, updates and deactivates', async () => {
    const created = await call('POST', '/api/user', newUser({ username: 'layla', roles: [org.adminRoleId] }));
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toMatchObject({
      name: 'Dr. Layla Hassan',
      username: 'layla',
      isActive: true,
      mustChangePassword: true,
      version: 1,
    });
    expect(user.roles).toEqual([{ id: org.adminRoleId, name: 'Administrator' }]);
    expect(user.permissions).toContain('delete user');
    expect(user).not.toHaveProperty('passwordHash');

    const page = await call('GET', '/api/user?page=1&search=layl');
    expect(page.json().meta).toEqual({ page: 1, perPage: 25, total: 1, lastPage: 1 });
    expect(page.json().data[0].id).toBe(user.id);

    const updated = await call('POST', `/api/user/${user.id}`, {
      name: 'Dr. Layla H.',
      email: user.email,
      roles: [],
      isActive: true,
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Dr. Layla H.', roles: [], version: 2 });

    expect((await call('DELETE', `/api/user/${user.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/${user.id}`)).json().data.isActive).toBe(false);
  });

  it('reports every field error at once, including a password confirmation mismatch', async () => {
    const res = await call('POST', '/api/user', {
      name: 'Al',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    const { errors, code } = res.json();
    expect(code).toBe('validation');
    expect(Object.keys(errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    const mismatch = await call('POST', '/api/user', newUser({ password_confirmation: 'something-else' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['password_confirmation.mismatch'] });
  });

  it('refuses a taken email or username with 409', async () => {
    const first = newUser({ username: 'sameuser' });
    expect((await call('POST', '/api/user', first)).statusCode).toBe(201);
    const email = await call('POST', '/api/user', newUser({ email: first.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json().errors).toEqual({ email: ['email.taken'] });
    const username = await call('POST', '/api/user', newUser({ username: 'SameUser' }));
    expect(username.statusCode).toBe(409);
    expect(username.json().errors).toEqual({ username: ['username.taken'] });
  });

  it('you cannot delete yourself, nor the last administrator', async () => {
    const self = await call('DELETE', `/api/user/${org.adminId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('user.cannot_delete_self');
    const other = await t.newOrg();
    const helper = await userWith(t, other, ['show users', 'edit user', 'delete user', 'Administrator']);
    // The helper is an administrator too, so removing the first one is allowed; then the helper is the last.
    expect(
      (await call('DELETE', `/api/user/${other.adminId}`, undefined, helper.token, other.slug)).statusCode,
    ).toBe(200);
    const last = await call(
      'POST',
      `/api/user/${helper.id}`,
      { name: 'Helper', email: helper.email, roles: [], isActive: true },
      helper.token,
      other.slug,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('admin.last_administrator');
  });

  it('a user manager cannot take over someone who holds more than they do', async () => {
    const manager = await userWith(t, org, ['show users', 'edit user', 'delete user', 'add user']);
    const reset = await call(
      'POST',
      `/api/user/${org.adminId}`,
      {
        name: 'Admin User',
        email: org.adminEmail,
        roles: [org.adminRoleId],
        isActive: true,
        password: 'taken-over-1',
        password_confirmation: 'taken-over-1',
      },
      manager.token,
    );
    expect(reset.statusCode).toBe(403);
    const grant = await call('POST', '/api/user', newUser({ roles: [org.adminRoleId] }), manager.token);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().code).toBe('permission.not_held');
  });

  it('refuses an organization, a version or a password hash smuggled into the body, and makes no one', async () => {
    const other = await t.newOrg();
    const smuggled = newUser({
      orgId: other.id,
      org_id: other.id,
      version: 42,
      passwordHash: 'x',
      mustChangePassword: false,
    });
    const res = await call('POST', '/api/user', smuggled);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      orgId: ['field.unknown'],
      org_id: ['field.unknown'],
      version: ['field.unknown'],
      passwordHash: ['field.unknown'],
      mustChangePassword: ['field.unknown'],
    });
    const search = `search=${encodeURIComponent(String(smuggled.email))}`;
    expect((await call('GET', `/api/user?${search}`)).json().data).toEqual([]);
    expect(
      (await call('GET', `/api/user?${search}`, undefined, other.adminToken, other.slug)).json().data,
    ).toEqual([]);
  });

  it('writes the audit log for user writes and sign-ins', async () => {
    const created = (await call('POST', '/api/user', newUser())).json().data;
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.entityId, created.id)));
    expect(rows.map((r) => r.action)).toContain('user.created');
    expect(rows[0]).toMatchObject({
      userId: org.adminId,
      entity: 'user',
      ip: expect.any(String),
      requestId: expect.any(String),
    });
    const logins = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'auth.login')));
    expect(logins.length).toBeGreaterThan(0);
  });
});

describe('organization isolation', () => {
  it('another organization can neither see nor change this one’s users and roles (every id route)', async () => {
    const other = await t.newOrg();
    const user = (await call('POST', '/api/user', newUser())).json().data;
    const role = (await call('POST', '/api/role', { name: 'Private role', permissions: [] })).json().data;
    const probes: [string, string, object?][] = [
      ['GET', `/api/user/${user.id}`],
      ['POST', `/api/user/${user.id}`, { name: 'Hijack', email: user.email, roles: [], isActive: false }],
      ['DELETE', `/api/user/${user.id}`],
      ['GET', `/api/role/${role.id}`],
      ['POST', `/api/role/${role.id}`, { name: 'Hijack', permissions: [] }],
      ['DELETE', `/api/role/${role.id}`],
    ];
    for (const [method, url, payload] of probes) {
      const res = await call(method as 'GET', url, payload, other.adminToken, other.slug);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/api/user', undefined, other.adminToken, other.slug);
    expect(list.json().data.map((u: { id: number }) => u.id)).not.toContain(user.id);
    const roles = await call('GET', '/api/role', undefined, other.adminToken, other.slug);
    expect(roles.json().data.map((r: { id: number }) => r.id)).not.toContain(role.id);
    // Assigning this organization's role to a user over there is refused too.
    const cross = await call(
      'POST',
      '/api/user',
      newUser({ roles: [role.id] }),
      other.adminToken,
      other.slug,
    );
    expect(cross.statusCode).toBe(422);
    expect((await call('GET', `/api/user/${user.id}`)).json().data).toMatchObject({
      isActive: true,
      name: user.name,
    });
  });
});
