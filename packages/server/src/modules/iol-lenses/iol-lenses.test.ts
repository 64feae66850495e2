import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IolLens, IolLensDetail } from '@basira/shared/outcomes/outcomes.schemas';
import { auditLog } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { lensesByIds, replaceLensConstant } from './iol-lenses.service.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const sn60 = {
  model: 'AcrySof SN60WF',
  manufacturer: 'Alcon',
  description: 'One-piece, in the bag',
  aConstant: { value: 119.0, source: 'manufacturer', sourceDate: '2024-01-10' },
  pACD: { value: 5.64, source: 'ulib' },
};

/** The lens as a form sends it back: every field, with the version it read. */
const formOf = (lens: IolLens) => ({
  model: lens.model,
  manufacturer: lens.manufacturer,
  description: lens.description,
  aConstant: lens.aConstant,
  pACD: lens.pACD,
  surgeonFactor: lens.surgeonFactor,
  isActive: lens.isActive,
  version: lens.version,
});

async function auditActions(o: TestOrg, entityId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, o.id), eq(auditLog.entity, 'iol_lens'), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

describe('the IOL lens list', () => {
  it('creates, lists by model and reads one lens', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const created = await c.ok<IolLensDetail>('POST', '/api/iol-lenses', sn60);
    expect(created).toMatchObject({
      model: 'AcrySof SN60WF',
      manufacturer: 'Alcon',
      aConstant: { value: 119, source: 'manufacturer', sourceDate: '2024-01-10' },
      pACD: { value: 5.64, source: 'ulib', sourceDate: null },
      surgeonFactor: null,
      isActive: true,
      version: 1,
      history: [],
    });
    await c.ok('POST', '/api/iol-lenses', { model: '  Tecnis ZCB00 ', aConstant: null });
    await c.ok('POST', '/api/iol-lenses', { model: 'bi-flex 677', isActive: false });

    const all = await c.ok<IolLens[]>('GET', '/api/iol-lenses');
    expect(all.map((l) => l.model)).toEqual(['AcrySof SN60WF', 'bi-flex 677', 'Tecnis ZCB00']);
    expect((await c.ok<IolLens[]>('GET', '/api/iol-lenses?active=true')).map((l) => l.model)).toEqual([
      'AcrySof SN60WF',
      'Tecnis ZCB00',
    ]);
    expect((await c.ok<IolLens[]>('GET', '/api/iol-lenses?active=false')).map((l) => l.model)).toEqual([
      'bi-flex 677',
    ]);
    expect((await c.call('GET', '/api/iol-lenses?active=yes')).statusCode).toBe(422);

    const one = await c.ok<IolLensDetail>('GET', `/api/iol-lenses/${created.id}`);
    expect(one).toEqual(created);
    // The records' lens fields look their lenses up by id, hidden ones too, never another organization's.
    const hidden = all.find((l) => !l.isActive)!;
    const found = await lensesByIds(t.database.db, o.id, [created.id, hidden.id, created.id, 0]);
    expect([...found.keys()].sort()).toEqual([created.id, hidden.id].sort());
    expect(found.get(created.id)).toEqual(all[0]);
    expect((await lensesByIds(t.database.db, org.id, [created.id])).size).toBe(0);
    expect(await auditActions(o, created.id)).toEqual(['iol_lens.created']);
  });

  it('an edit keeps every replaced constant in the history, newest first', async () => {
    const c = clinic(t, org);
    const lens = await c.ok<IolLensDetail>('POST', '/api/iol-lenses', { ...sn60, model: 'History lens' });
    const edited = await c.ok<IolLensDetail>('POST', `/api/iol-lenses/${lens.id}`, {
      ...formOf(lens),
      description: 'Changed text only',
      // Value changed: a history row; pACD's source changed: a row; a new surgeon factor: none.
      aConstant: { value: 119.1, source: 'manufacturer', sourceDate: '2025-02-01' },
      pACD: { value: 5.64, source: 'other' },
      surgeonFactor: { value: 1.84, source: 'ulib' },
    });
    expect(edited.version).toBe(2);
    expect(edited.description).toBe('Changed text only');
    expect(edited.aConstant).toEqual({ value: 119.1, source: 'manufacturer', sourceDate: '2025-02-01' });
    expect(edited.history).toHaveLength(2);
    const byConstant = new Map(edited.history.map((h) => [h.constant, h]));
    expect(byConstant.get('aConstant')).toMatchObject({
      value: 119,
      source: 'manufacturer',
      sourceDate: '2024-01-10',
      replacedWith: 119.1,
      replacedBy: { id: org.adminId, name: 'Admin User' },
      eyes: null,
    });
    expect(byConstant.get('pACD')).toMatchObject({ value: 5.64, source: 'ulib', replacedWith: 5.64 });

    // Removing a constant: replaced with nothing. A day-only change is a correction: no row.
    const removed = await c.ok<IolLensDetail>('POST', `/api/iol-lenses/${lens.id}`, {
      ...formOf(edited),
      aConstant: { ...edited.aConstant!, sourceDate: '2025-03-01' },
      surgeonFactor: null,
    });
    expect(removed.surgeonFactor).toBeNull();
    expect(removed.aConstant?.sourceDate).toBe('2025-03-01');
    expect(removed.history).toHaveLength(3);
    expect(removed.history[0]).toMatchObject({ constant: 'surgeonFactor', value: 1.84, replacedWith: null });
    // An unchanged save writes no history either.
    const same = await c.ok<IolLensDetail>('POST', `/api/iol-lenses/${lens.id}`, formOf(removed));
    expect(same.history).toHaveLength(3);
    expect(same.version).toBe(4);
    expect(await auditActions(org, lens.id)).toEqual([
      'iol_lens.created',
      'iol_lens.updated',
      'iol_lens.updated',
      'iol_lens.updated',
    ]);
  });

  it('a stale version is a 409 with the current lens', async () => {
    const c = clinic(t, org);
    const lens = await c.ok<IolLensDetail>('POST', '/api/iol-lenses', { ...sn60, model: 'Stale lens' });
    await c.ok('POST', `/api/iol-lenses/${lens.id}`, { ...formOf(lens), description: 'first' });
    const res = await c.call('POST', `/api/iol-lenses/${lens.id}`, {
      ...formOf(lens),
      description: 'second',
    });
    expect(res.statusCode).toBe(409);
    const body = res.json() as { code: string; data: IolLensDetail };
    expect(body.code).toBe('stale_version');
    expect(body.data).toMatchObject({ id: lens.id, description: 'first', version: 2 });
    expect((await c.ok<IolLensDetail>('GET', `/api/iol-lenses/${lens.id}`)).description).toBe('first');
  });

  it('a model the list already has (in any case) is a 409 on `model`, on create and on rename', async () => {
    const c = clinic(t, org);
    await c.ok('POST', '/api/iol-lenses', { model: 'Duplicate One' });
    const again = await c.call('POST', '/api/iol-lenses', { model: 'DUPLICATE one' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'iol_lens.duplicate_model',
      errors: { model: ['model.taken'] },
    });

    const other = await c.ok<IolLensDetail>('POST', '/api/iol-lenses', { model: 'Duplicate Two' });
    const rename = await c.call('POST', `/api/iol-lenses/${other.id}`, {
      ...formOf(other),
      model: 'duplicate one',
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ code: 'iol_lens.duplicate_model' });
    // Another organization may list the same model.
    const o = await t.newOrg();
    expect((await clinic(t, o).call('POST', '/api/iol-lenses', { model: 'Duplicate One' })).statusCode).toBe(
      201,
    );
  });

  it('refuses unknown fields and constants off their range or step (422)', async () => {
    const c = clinic(t, org);
    const cases: [body: Record<string, unknown>, field: string][] = [
      [{ model: 'X1', colour: 'blue' }, ''],
      [{ model: 'X2', aConstant: { value: 119.005, source: 'ulib' } }, 'aConstant.value'],
      [{ model: 'X3', aConstant: { value: 130, source: 'ulib' } }, 'aConstant.value'],
      [{ model: 'X4', pACD: { value: 2, source: 'ulib' } }, 'pACD.value'],
      [{ model: 'X5', surgeonFactor: { value: 1.8, source: 'guess' } }, 'surgeonFactor.source'],
      [{ model: 'X6', aConstant: { value: 119, source: 'ulib', extra: 1 } }, ''],
      [{ model: '' }, 'model'],
    ];
    for (const [body, field] of cases) {
      const res = await c.call('POST', '/api/iol-lenses', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      if (field) expect(Object.keys((res.json() as { errors: object }).errors), field).toContain(field);
    }
    const lens = await c.ok<IolLensDetail>('POST', '/api/iol-lenses', { model: 'Valid lens' });
    const noVersion = await c.call('POST', `/api/iol-lenses/${lens.id}`, { model: 'Valid lens' });
    expect(noVersion.statusCode).toBe(422);
    const unknown = await c.call('POST', `/api/iol-lenses/${lens.id}`, { ...formOf(lens), note: 'x' });
    expect(unknown.statusCode).toBe(422);
  });

  it('another organization can neither read nor edit a lens (404)', async () => {
    const lens = await clinic(t, org).ok<IolLensDetail>('POST', '/api/iol-lenses', { model: 'Private lens' });
    const o = await t.newOrg();
    const c = clinic(t, o);
    expect((await c.call('GET', `/api/iol-lenses/${lens.id}`)).statusCode).toBe(404);
    expect((await c.call('POST', `/api/iol-lenses/${lens.id}`, formOf(lens))).statusCode).toBe(404);
    expect((await c.ok<IolLens[]>('GET', '/api/iol-lenses')).map((l) => l.id)).not.toContain(lens.id);
    expect((await clinic(t, org).ok<IolLensDetail>('GET', `/api/iol-lenses/${lens.id}`)).version).toBe(1);
  });

  it('is read by its keepers and the biometry and operation writers; written by `manage iol lenses`', async () => {
    const lens = await clinic(t, org).ok<IolLensDetail>('POST', '/api/iol-lenses', {
      model: 'Permission lens',
    });
    for (const permission of [
      'show iol lenses',
      'add biometry',
      'edit biometry',
      'add operation',
      'edit operation',
      'show outcomes',
    ]) {
      const user = await userWith(t, org, [permission]);
      const c = clinic(t, org, user.token);
      expect((await c.call('GET', '/api/iol-lenses')).statusCode, permission).toBe(200);
      expect((await c.call('GET', `/api/iol-lenses/${lens.id}`)).statusCode, permission).toBe(200);
      expect(
        (await c.call('POST', '/api/iol-lenses', { model: `By ${permission}` })).statusCode,
        permission,
      ).toBe(403);
      expect((await c.call('POST', `/api/iol-lenses/${lens.id}`, formOf(lens))).statusCode, permission).toBe(
        403,
      );
    }
    for (const permission of ['show biometrys', 'show operations']) {
      const user = await userWith(t, org, [permission]);
      expect((await clinic(t, org, user.token).call('GET', '/api/iol-lenses')).statusCode, permission).toBe(
        403,
      );
    }
    const keeper = await userWith(t, org, ['manage iol lenses']);
    const k = clinic(t, org, keeper.token);
    expect((await k.call('GET', '/api/iol-lenses')).statusCode).toBe(200);
    const edited = await k.ok<IolLensDetail>('POST', `/api/iol-lenses/${lens.id}`, {
      ...formOf(lens),
      aConstant: { value: 118.7, source: 'ulib' },
    });
    expect(edited.version).toBe(2);
    expect((await k.call('POST', '/api/iol-lenses', { model: 'Keeper lens' })).statusCode).toBe(201);
  });

  it('replaceLensConstant puts an optimised value in, dated the clinic’s today, with its eyes', async () => {
    const lens = await clinic(t, org).ok<IolLensDetail>('POST', '/api/iol-lenses', {
      ...sn60,
      model: 'Optimised',
    });
    const scope = {
      orgId: org.id,
      timeZone: 'Asia/Baghdad',
      userId: org.adminId,
      ip: '127.0.0.1',
      requestId: 'test',
    };
    // 23:30 UTC is already the next day in Baghdad (UTC+3).
    const at = new Date('2026-03-01T23:30:00Z');
    const after = await replaceLensConstant(t.database.db, scope, lens.id, 'aConstant', 119.23, {
      source: 'optimised',
      eyes: 42,
      expectedVersion: lens.version,
      at,
    });
    expect(after.version).toBe(2);
    expect(after.aConstant).toEqual({ value: 119.23, source: 'optimised', sourceDate: '2026-03-02' });
    expect(after.pACD).toEqual(lens.pACD);
    expect(after.history).toEqual([
      {
        constant: 'aConstant',
        value: 119,
        source: 'manufacturer',
        sourceDate: '2024-01-10',
        replacedAt: at.toISOString(),
        replacedBy: { id: org.adminId, name: 'Admin User' },
        replacedWith: 119.23,
        eyes: 42,
      },
    ]);
    expect(await auditActions(org, lens.id)).toEqual(['iol_lens.created', 'iol_lens.constant_optimised']);

    // A lens without that constant gets it, with no history; a stale version is refused with the current lens.
    const sf = await replaceLensConstant(t.database.db, scope, lens.id, 'surgeonFactor', 1.9, {
      source: 'optimised',
      eyes: 30,
      expectedVersion: 2,
    });
    expect(sf.surgeonFactor?.value).toBe(1.9);
    expect(sf.history).toHaveLength(1);
    await expect(
      replaceLensConstant(t.database.db, scope, lens.id, 'aConstant', 119.3, {
        source: 'optimised',
        eyes: 50,
        expectedVersion: 2,
      }),
    ).rejects.toMatchObject({ code: 'stale_version', extra: { data: { version: 3 } } });
    const o = await t.newOrg();
    await expect(
      replaceLensConstant(t.database.db, { ...scope, orgId: o.id }, lens.id, 'aConstant', 119.3, {
        source: 'optimised',
        eyes: 50,
        expectedVersion: 3,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
