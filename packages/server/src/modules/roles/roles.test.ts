import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@basira/shared/permissions/permissions';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const as = (token: string, slug = org.slug) => ({
  get: (url: string) => t.request({ method: 'GET', url, org: slug, token }),
  post: (url: string, payload: unknown) =>
    t.request({ method: 'POST', url, org: slug, token, payload: payload as object }),
  del: (url: string) => t.request({ method: 'DELETE', url, org: slug, token }),
});

describe('roles', () => {
  it('creates, reads, updates and deletes a role with permissions as {id, name}', async () => {
    const admin = as(org.adminToken);
    const created = await admin.post('/api/role', {
      name: 'Reception',
      permissions: ['add patient', 'show queues'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role.permissions).toEqual(
      [
        PERMISSIONS.find((p) => p.name === 'show queues'),
        PERMISSIONS.find((p) => p.name === 'add patient'),
      ].sort((a, b) => a!.id - b!.id),
    );

    const list = await admin.get('/api/role');
    expect(list.json().data.map((r: { name: string }) => r.name)).toEqual(['Administrator', 'Reception']);

    const updated = await admin.post(`/api/role/${role.id}`, {
      name: 'Front desk',
      permissions: ['add patient'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Front desk',
      version: 2,
      permissions: [{ name: 'add patient' }],
    });

    expect((await admin.get(`/api/role/${role.id}`)).json().data.name).toBe('Front desk');
    expect((await admin.del(`/api/role/${role.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/role/${role.id}`)).statusCode).toBe(404);
  });

  it('requires a unique name (409) and known permissions (422), all field errors at once', async () => {
    const admin = as(org.adminToken);
    await admin.post('/api/role', { name: 'Doctors', permissions: [] });
    const dup = await admin.post('/api/role', { name: 'doctors', permissions: [] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate', errors: { name: ['name.taken'] } });
    const unknown = await admin.post('/api/role', { name: 'Odd', permissions: ['fly planes'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.permissions).toEqual(['permission.unknown']);
    const empty = await admin.post('/api/role', { name: '', permissions: 'x' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['name', 'permissions']);
  });

  it('a stale version answers 409 with the current record', async () => {
    const admin = as(org.adminToken);
    const role = (await admin.post('/api/role', { name: 'Nurses', permissions: [] })).json().data;
    await admin.post(`/api/role/${role.id}`, { name: 'Nurses A', permissions: [], version: 1 });
    const stale = await admin.post(`/api/role/${role.id}`, { name: 'Nurses B', permissions: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', data: { name: 'Nurses A', version: 2 } });
  });

  it('nobody can grant a permission they do not hold', async () => {
    const manager = await userWith(t, org, [
      'add permission',
      'edit permission',
      'show permission',
      'add patient',
    ]);
    const me = as(manager.token);
    expect((await me.post('/api/role', { name: 'Ok role', permissions: ['add patient'] })).statusCode).toBe(
      201,
    );
    const escalate = await me.post('/api/role', { name: 'Power', permissions: ['Administrator'] });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().code).toBe('permission.not_held');
    const ownRole = await me.post(`/api/role/${manager.roleId}`, {
      name: 'mine',
      permissions: ['add permission', 'edit permission', 'show permission', 'add patient', 'delete user'],
    });
    expect(ownRole.statusCode).toBe(403);
  });

  it('an edit adds or removes only what the editor holds; the Administrator role is for administrators', async () => {
    // Its own organization: it makes a second administrator.
    const own = await t.newOrg();
    const admin = as(own.adminToken, own.slug);
    const doctor = (
      await admin.post('/api/role', { name: 'Doctor', permissions: ['open board', 'show board'] })
    ).json().data;
    const secondAdmin = await userWith(t, own, ['Administrator']);
    const manager = as(
      (await userWith(t, own, ['add permission', 'edit permission', 'delete permission', 'show permission']))
        .token,
      own.slug,
    );

    // Emptying the Doctor role (to delete it next) takes away permissions the manager does not hold.
    const empty = await manager.post(`/api/role/${doctor.id}`, { name: 'Doctor', permissions: [] });
    expect(empty.statusCode).toBe(403);
    expect(empty.json().code).toBe('permission.not_held');
    expect((await manager.del(`/api/role/${doctor.id}`)).statusCode).toBe(403);
    // Stripping or renaming another administrator's role, or the Administrator role itself.
    for (const [id, body] of [
      [secondAdmin.roleId, { name: 'x', permissions: ['show permission'] }],
      [secondAdmin.roleId, { name: 'Renamed', permissions: ['Administrator'] }],
      [own.adminRoleId, { name: 'Not admin', permissions: ['Administrator'] }],
    ] as const) {
      const res = await manager.post(`/api/role/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().code).toBe('permission.not_held');
    }
    expect((await admin.get(`/api/role/${doctor.id}`)).json().data.permissions).toHaveLength(2);
    expect((await admin.get(`/api/role/${secondAdmin.roleId}`)).json().data.permissions).toEqual([
      { id: 1, name: 'Administrator' },
    ]);
    expect((await admin.get(`/api/role/${own.adminRoleId}`)).json().data.name).toBe('Administrator');
    // Renaming a role, and changing what the manager does hold, stay allowed; an administrator may do anything.
    const renamed = await manager.post(`/api/role/${doctor.id}`, {
      name: 'Doctors',
      permissions: ['open board', 'show board', 'show permission'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await admin.post(`/api/role/${doctor.id}`, { name: 'Doctors', permissions: ['show board'] }))
        .statusCode,
    ).toBe(200);
  });

  it('never leaves the organization without an active administrator', async () => {
    const admin = as(org.adminToken);
    const strip = await admin.post(`/api/role/${org.adminRoleId}`, {
      name: 'Administrator',
      permissions: ['dashboard'],
    });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().code).toBe('admin.last_administrator');
    expect((await admin.del(`/api/role/${org.adminRoleId}`)).statusCode).toBe(409);
    expect((await admin.get(`/api/role/${org.adminRoleId}`)).json().data.permissions).toEqual([
      { id: 1, name: 'Administrator' },
    ]);
  });

  it('role changes reach signed-in users at once', async () => {
    const u = await userWith(t, org, ['dashboard']);
    expect((await as(u.token).get('/api/user')).statusCode).toBe(403);
    await as(org.adminToken).post(`/api/role/${u.roleId}`, {
      name: 'grown',
      permissions: ['dashboard', 'show users'],
    });
    expect((await as(u.token).get('/api/user')).statusCode).toBe(200);
  });

  it('lists the permission catalogue', async () => {
    const res = await as(org.adminToken).get('/api/permission');
    expect(res.json().data).toEqual(PERMISSIONS);
  });

  it('treats a non-numeric id as not found', async () => {
    expect((await as(org.adminToken).get('/api/role/abc')).statusCode).toBe(404);
  });
});
