import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationSettings } from '@basira/shared/organizations/organization.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

describe('organization settings', () => {
  it('any user reads them; an administrator changes them with the version read', async () => {
    const c = clinic(t, org);
    const current = await c.ok<OrganizationSettings>('GET', '/api/organization');
    expect(current).toMatchObject({ slug: org.slug, phone: null, reminderTime: '18:00', version: 1 });
    const updated = await c.ok<OrganizationSettings>('POST', '/api/organization', {
      version: 1,
      phone: '+964 770 123 4567',
      reminderTime: '19:30',
    });
    expect(updated).toMatchObject({ phone: '+964 770 123 4567', reminderTime: '19:30', version: 2 });
    const stale = await c.call('POST', '/api/organization', { version: 1, reminderTime: '08:00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ reminderTime: '19:30', version: 2 });
    const bad = await c.call('POST', '/api/organization', {
      version: 2,
      reminderTime: '25:00',
      phone: 'call me',
    });
    expect(bad.json().errors).toEqual({ reminderTime: ['reminderTime.invalid'], phone: ['phone.invalid'] });

    const reception = await userWith(t, org, ['add patient']);
    const r = clinic(t, org, reception.token);
    expect((await r.ok<OrganizationSettings>('GET', '/api/organization')).reminderTime).toBe('19:30');
    expect((await r.call('POST', '/api/organization', { version: 2, phone: null })).statusCode).toBe(403);
  });
});
