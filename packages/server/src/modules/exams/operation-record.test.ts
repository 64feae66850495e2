import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictedRefraction } from '@basira/shared/clinical/iol-formula';
import { iolLenses } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

/**
 * The operation record (issue 55): its plan and lens are ids of the clinic's (the patient's biometry, the lens
 * list, a user), refused when they name anything else; the predicted refraction of the implanted power is the
 * plan's, computed on save from the plan's measurements and constants.
 */
let t: TestApp;
let org: TestOrg;
let other: TestOrg;
let c: ReturnType<typeof clinic>;
let visit: { patientId: number; queueId: number };
let planId: number;
let lensId: number;
let otherLensId: number;

const url = (type: string, id?: number) => `/api/mo/exam/${type}${id === undefined ? '' : `/${id}`}`;

async function lens(orgId: number, model: string) {
  const [row] = await t.database.db
    .insert(iolLenses)
    .values({
      orgId,
      model,
      manufacturer: 'Alcon',
      constants: { aConstant: { value: 119, source: 'ulib', sourceDate: null } },
    })
    .returning({ id: iolLenses.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  other = await t.newOrg();
  c = clinic(t, org);
  const patient = await c.patient({ name: 'Operated Patient' });
  const entry = await c.queue(patient.id);
  visit = { patientId: patient.id, queueId: entry.id };
  lensId = await lens(org.id, 'SN60WF');
  otherLensId = await lens(other.id, 'SN60WF');
  // The plan: AL 23.50 mm, K 43.25 @ 180 / 43.75 @ 090 (mean 43.50), A 118.4, 21.50 D planned for −0.50 D.
  const plan = await c.ok<{ id: number }>('POST', url('biometry'), {
    ...visit,
    measurements: { right: { axialLength: 23.5, k1: 43.25, k1Axis: 180, k2: 43.75, k2Axis: 90 } },
    lens: {
      right: { lensId, lensModel: 'SN60WF', aConstant: 118.4, targetRefraction: -0.5, iolPower: 21.5 },
    },
  });
  planId = plan.id;
});
afterAll(() => t.close());

describe(`the operation record on ${dbKind}`, () => {
  it('takes the predicted refraction of the implanted power from the plan, by its formula and constant', async () => {
    const saved = await c.ok<{ id: number }>('POST', url('operation'), {
      ...visit,
      operation: {
        eye: 'right',
        date: '2026-11-02',
        surgeonId: org.adminId,
        procedure: 'phaco',
        anaesthesia: 'topical',
      },
      incision: { site: 'temporal', size: 2.2, axis: 180 },
      lens: { lensId, power: 22, placement: 'bag' },
      plan: { biometryId: planId, formula: 'srkt' },
      complications: { codes: ['posteriorCapsuleRupture'] },
    });
    const record = await c.ok<{ derived: Record<string, unknown> }>('GET', url('operation', saved.id));
    expect(record.derived).toMatchObject({
      lensModel: 'SN60WF',
      manufacturer: 'Alcon',
      formula: 'srkt',
      constant: 118.4,
      axialLength: 23.5,
      meanK: 43.5,
      plannedPower: 21.5,
      preoperativeAstigmatism: { magnitude: 0.5, axis: 90 },
      warnings: [{ code: 'powerDiffersFromPlan', value: 0.5 }],
    });
    expect(record.derived.predictedRefraction).toBeCloseTo(
      predictedRefraction('srkt', { axialLength: 23.5, meanK: 43.5 }, 118.4, 22),
      9,
    );
  });

  it('refuses a lens of another clinic, another patient’s biometry and a user of another clinic, each on its path', async () => {
    const stranger = await c.patient({ name: 'Another Patient' });
    const strangerVisit = await c.queue(stranger.id);
    const res = await c.call('POST', url('operation'), {
      patientId: stranger.id,
      queueId: strangerVisit.id,
      operation: { eye: 'right', surgeonId: other.adminId },
      lens: { lensId: otherLensId, power: 21 },
      plan: { biometryId: planId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'operation.surgeonId': ['value.unknown_user'],
      'lens.lensId': ['value.unknown_iolLens'],
      'plan.biometryId': ['value.unknown_biometry'],
    });
  });

  it('saves an operation with no plan, and a deleted plan is no longer one', async () => {
    const bare = await c.ok<{ derived: { warnings: unknown[] } }>('POST', url('operation'), {
      ...visit,
      operation: { eye: 'left', procedure: 'yagCapsulotomy' },
    });
    expect(bare.derived).toEqual({ warnings: [] });
    const doomed = await c.ok<{ id: number }>('POST', url('biometry'), {
      ...visit,
      measurements: { left: { axialLength: 24, k1: 43, k2: 44 } },
    });
    expect((await c.call('DELETE', url('biometry', doomed.id))).statusCode).toBe(200);
    const res = await c.call('POST', url('operation'), {
      ...visit,
      operation: { eye: 'left' },
      plan: { biometryId: doomed.id },
    });
    expect(res.json().errors).toEqual({ 'plan.biometryId': ['value.unknown_biometry'] });
  });
});
