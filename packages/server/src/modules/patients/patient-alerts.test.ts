import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { substanceLexicon } from '@basira/shared/prescribing/substances';
import { patients } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { upgradeLegacyAlerts } from './patient-alerts.ts';

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
});
afterAll(() => t.close());

describe(`a patient's allergies and conditions as data (issue 49), on ${dbKind}`, () => {
  it('stores a picked substance, reads words into substances, and keeps words it cannot read as "not checked"', async () => {
    const p = await c.patient({
      alerts: {
        allergies: [
          { substance: 'sulfonamide', reaction: 'swelling', severity: 'severe' },
          { text: 'أتروبين' },
          { text: 'fluoroquinolones' },
          { text: 'the blue drops' },
        ],
        conditions: ['asthma', 'pregnancy', 'asthma'],
        other: 'Uses a wheelchair',
      },
    });
    expect(p.alerts.allergies.map((a) => a.matched)).toEqual([
      ['sulfonamide'],
      ['atropine'],
      ['fluoroquinolone'],
      [],
    ]);
    expect(p.alerts.allergies[0]).toMatchObject({ reaction: 'swelling', severity: 'severe', text: null });
    expect(p.alerts.conditions).toEqual(['asthma', 'pregnancy']);
    expect(p.hasAlerts).toBe(true);
    const none = await c.patient();
    expect(none.alerts).toEqual({ allergies: [], conditions: [], other: null });
    expect(none.hasAlerts).toBe(false);
  });

  it('refuses an unknown substance or condition, an empty allergy, and the first alerts’ shape (422, each on its path)', async () => {
    const res = await c.call('POST', '/api/mo/patient', {
      name: 'Ahmed Ali Hassan',
      phone: '0770 123 4567',
      alerts: {
        allergies: [{ substance: 'unobtainium' }, { reaction: 'rash' }],
        conditions: ['glaucoma'],
        diabetes: true,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      'alerts.allergies.0.substance': ['substance.unknown'],
      'alerts.allergies.1.text': ['value.required'],
      'alerts.conditions.0': ['value.invalid'],
      'alerts.diabetes': ['field.unknown'],
    });
  });

  it('upgrades the first alerts (one text, two flags) at start: allergies split and read, flags as conditions', async () => {
    const p = await c.patient();
    const legacy = {
      allergies: 'Diamox، sulfa; latex',
      diabetes: true,
      hypertension: false,
      other: 'asthma ربو',
    };
    await t.database.db.update(patients).set({ alerts: legacy }).where(eq(patients.id, p.id));
    // Read before the upgrade, the row already shows today's shape.
    const before = await c.ok<typeof p>('GET', `/api/mo/patient/${p.id}`);
    expect(before.alerts.allergies.map((a) => a.text)).toEqual(['Diamox', 'sulfa', 'latex']);

    const diamox = [...substanceLexicon(), { phrase: 'diamox', ids: ['acetazolamide'] }];
    await upgradeLegacyAlerts(t.database.db, async () => diamox);
    await upgradeLegacyAlerts(t.database.db, async () => diamox);
    const [row] = await t.database.db
      .select({ alerts: patients.alerts })
      .from(patients)
      .where(eq(patients.id, p.id));
    expect(row!.alerts).toEqual({
      allergies: [
        { substance: null, text: 'Diamox', reaction: null, severity: null, matched: ['acetazolamide'] },
        { substance: null, text: 'sulfa', reaction: null, severity: null, matched: ['sulfonamide'] },
        { substance: null, text: 'latex', reaction: null, severity: null, matched: [] },
      ],
      conditions: ['diabetes'],
      other: 'asthma ربو',
    });
    const left = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM patients WHERE org_id = ${org.id} AND alerts ? 'diabetes'`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
