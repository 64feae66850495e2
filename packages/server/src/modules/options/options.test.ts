import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_CATEGORIES, OPTION_SEEDS } from '@basira/shared/exams/exam-options';
import type { ExamOption } from '@basira/shared/exams/options.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

describe('exam option lists', () => {
  it('a new organization starts with the 25 seeded lists, in order', async () => {
    const all = await clinic(t, org).ok<ExamOption[]>('GET', '/api/mo/option');
    expect(new Set(all.map((o) => o.category))).toEqual(new Set(OPTION_CATEGORIES.map((c) => c.key)));
    const notes = await clinic(t, org).ok<ExamOption[]>('GET', '/api/mo/option?category=spectaclesNote');
    expect(notes.map((o) => o.labelEn)).toEqual(OPTION_SEEDS.spectaclesNote.map((s) => s.en));
    expect((await clinic(t, org).call('GET', '/api/mo/option?category=nothing')).statusCode).toBe(422);
  });

  it('an editor adds, relabels, moves, retires and deletes values; versions guard edits', async () => {
    const c = clinic(t, org);
    const added = await c.call('POST', '/api/mo/option', {
      category: 'OuterTitle',
      labelAr: 'جحوظ العين',
      labelEn: 'Proptosis',
    });
    expect(added.statusCode).toBe(201);
    const option = added.json().data as ExamOption;
    expect(option.position).toBe(OPTION_SEEDS.OuterTitle.length);
    const moved = await c.call('POST', `/api/mo/option/${option.id}`, {
      labelAr: 'جحوظ',
      labelEn: 'Proptosis',
      position: 0,
      isActive: false,
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ position: 0, isActive: false, version: 2 });
    const stale = await c.call('POST', `/api/mo/option/${option.id}`, {
      labelAr: 'x',
      labelEn: 'x',
      position: 0,
      isActive: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const blank = await c.call('POST', '/api/mo/option', {
      category: 'OuterTitle',
      labelAr: ' ',
      labelEn: '',
    });
    expect(blank.json().errors).toEqual({ labelAr: ['labelAr.required'], labelEn: ['labelEn.required'] });
    expect((await c.call('DELETE', `/api/mo/option/${option.id}`)).statusCode).toBe(200);
    expect((await c.call('DELETE', `/api/mo/option/${option.id}`)).statusCode).toBe(404);
  });

  it('exam forms read the lists; only `edit options` changes them; other organizations see none of them', async () => {
    const doctor = await userWith(t, org, ['add spectacles']);
    const c = clinic(t, org, doctor.token);
    const [first] = await c.ok<ExamOption[]>('GET', '/api/mo/option?category=spectaclesRight');
    expect(first).toBeDefined();
    expect(
      (await c.call('POST', '/api/mo/option', { category: 'OuterTitle', labelAr: 'س', labelEn: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await c.call('DELETE', `/api/mo/option/${first!.id}`)).statusCode).toBe(403);
    const bystander = await userWith(t, org, ['dashboard']);
    expect((await clinic(t, org, bystander.token).call('GET', '/api/mo/option')).statusCode).toBe(403);
    const theirs = clinic(t, await t.newOrg());
    expect((await theirs.call('DELETE', `/api/mo/option/${first!.id}`)).statusCode).toBe(404);
  });
});
