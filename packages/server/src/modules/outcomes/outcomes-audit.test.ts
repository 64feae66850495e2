import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@basira/shared/dates/calendar';
import type { Audit, ConstantOptimisationRow, IolLensDetail } from '@basira/shared/outcomes/outcomes.schemas';
import { iolLenses } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

/**
 * The audit of 60 operated eyes of 40 patients, made through the API as a clinic would (the biometry plan, the
 * operation, the refraction afterwards), against the figures fixtures/audit-60-eyes.py worked out on its own (its
 * own SRK/T and statistics). Then the constants the outcomes give, refused below the minimum and accepted above it.
 */
interface FixtureEye {
  patient: number;
  eye: 'right' | 'left';
  daysBefore: number;
  lens: string;
  axialLength: number;
  k1: number;
  k1Axis: number;
  k2: number;
  k2Axis: number;
  aConstant: number;
  power: number;
  complications: string[];
  outcome: {
    sphere: number;
    cylinder: number;
    axis: number;
    correctedAcuity: string;
    uncorrectedAcuity: string;
  } | null;
}
interface Figures {
  operations: number;
  n: number;
  meanError: number;
  sdError: number;
  meanAbsoluteError: number;
  medianAbsoluteError: number;
  within: { limit: number; count: number }[];
  histogram: number[];
  pcr: { count: number; per100: number };
  correctedReaching: { count: number; of: number };
  uncorrectedReaching: { count: number; of: number };
}
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/audit-60-eyes.json', import.meta.url), 'utf8'),
) as {
  eyes: FixtureEye[];
  expected: {
    allEyes: Figures;
    firstEyesOnly: Figures;
    optimised: Record<string, { eyes: number; aConstant: number }>;
  };
};

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
const lensIds: Record<string, number> = {};
const url = (type: string) => `/api/mo/exam/${type}`;
const DAY = 86_400_000;
const today = () => localDay(new Date(), 'Asia/Baghdad');
const daysBefore = (n: number) => localDay(new Date(Date.now() - n * DAY), 'Asia/Baghdad');

/** One patient's records: a biometry plan of the operated eyes, each operation, and the refraction of today. */
async function createPatient(index: number, eyes: FixtureEye[]) {
  const patient = await c.patient({ name: `Fixture Patient ${index}` });
  const visit = { patientId: patient.id, queueId: (await c.queue(patient.id)).id };
  const measurements: Record<string, unknown> = {};
  const lens: Record<string, unknown> = {};
  for (const e of eyes) {
    measurements[e.eye] = {
      axialLength: e.axialLength,
      k1: e.k1,
      k1Axis: e.k1Axis,
      k2: e.k2,
      k2Axis: e.k2Axis,
    };
    lens[e.eye] = {
      lensId: lensIds[e.lens],
      aConstant: e.aConstant,
      targetRefraction: -0.5,
      iolPower: e.power,
    };
  }
  const plan = await c.ok<{ id: number }>('POST', url('biometry'), { ...visit, measurements, lens });
  await Promise.all(
    eyes.map((e) =>
      c.ok('POST', url('operation'), {
        ...visit,
        operation: {
          eye: e.eye,
          date: daysBefore(e.daysBefore),
          surgeonId: org.adminId,
          procedure: 'phaco',
        },
        incision: { site: e.eye === 'right' ? 'temporal' : 'superior' },
        lens: { lensId: lensIds[e.lens], power: e.power, placement: 'bag' },
        plan: { biometryId: plan.id, formula: 'srkt' },
        complications: { codes: e.complications },
      }),
    ),
  );
  const measured = eyes.filter((e) => e.outcome);
  if (!measured.length) return;
  const reading: Record<string, unknown> = { kind: 'subjective', isFinal: true };
  const vision: Record<string, unknown> = {};
  for (const e of measured) {
    const o = e.outcome!;
    reading[e.eye] = { sphere: o.sphere, cylinder: o.cylinder, axis: o.axis, va: o.correctedAcuity };
    vision[e.eye] = { unaided: o.uncorrectedAcuity };
  }
  await c.ok('POST', url('spectacles'), { ...visit, vision, readings: [reading] });
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
  for (const model of new Set(fixture.eyes.map((e) => e.lens))) {
    const [row] = await t.database.db
      .insert(iolLenses)
      .values({
        orgId: org.id,
        model,
        manufacturer: 'Alcon',
        constants: { aConstant: { value: 118.7, source: 'ulib', sourceDate: '2024-01-01' } },
      })
      .returning({ id: iolLenses.id });
    lensIds[model] = row!.id;
  }
  const patients = [...new Set(fixture.eyes.map((e) => e.patient))];
  for (let i = 0; i < patients.length; i += 8)
    await Promise.all(
      patients.slice(i, i + 8).map((p) =>
        createPatient(
          p,
          fixture.eyes.filter((e) => e.patient === p),
        ),
      ),
    );
}, 120_000);
afterAll(() => t.close());

function expectFigures(audit: Audit, expected: Figures) {
  expect(audit.operations).toBe(expected.operations);
  expect(audit.n).toBe(expected.n);
  expect(audit.meanError).toBeCloseTo(expected.meanError, 6);
  expect(audit.sdError).toBeCloseTo(expected.sdError, 6);
  expect(audit.meanAbsoluteError).toBeCloseTo(expected.meanAbsoluteError, 6);
  expect(audit.medianAbsoluteError).toBeCloseTo(expected.medianAbsoluteError, 6);
  expect(audit.within.map((w) => [w.limit, w.count])).toEqual(expected.within.map((w) => [w.limit, w.count]));
  expect(audit.within[1]!.share).toBeCloseTo(expected.within[1]!.count / expected.n, 9);
  expect(audit.histogram.map((b) => b.count)).toEqual(expected.histogram);
  expect(audit.histogram[0]).toMatchObject({ from: null, to: -2 });
  expect(audit.histogram.at(-1)).toMatchObject({ from: 2, to: null });
  expect(audit.pcr.count).toBe(expected.pcr.count);
  expect(audit.pcr.per100).toBeCloseTo(expected.pcr.per100, 6);
  expect(audit.correctedReaching).toMatchObject(expected.correctedReaching);
  expect(audit.uncorrectedReaching).toMatchObject(expected.uncorrectedReaching);
}

describe(`the audit of 60 eyes on ${dbKind}`, () => {
  it('gives the figures the independent script worked out, of all eyes and of first eyes only', async () => {
    const all = await c.ok<Audit>('GET', '/api/outcomes/audit?firstEyesOnly=false');
    expectFigures(all, fixture.expected.allEyes);
    expect(all.eyes).toHaveLength(60);
    expect(all.eyes.filter((e) => e.firstEye)).toHaveLength(40);
    expect(all.eyes.find((e) => e.patientName === 'Fixture Patient 0')).toMatchObject({
      patientName: 'Fixture Patient 0',
      surgeon: { id: org.adminId, name: 'Admin User' },
      formula: 'srkt',
    });
    const first = await c.ok<Audit>('GET', '/api/outcomes/audit');
    expectFigures(first, fixture.expected.firstEyesOnly);
    // The SIA per incision site: every eye with an outcome has a preoperative astigmatism (K2 − K1, maybe 0).
    const sites = Object.fromEntries(first.sia.map((s) => [s.site, s.n]));
    const withOutcome = (eye: 'right' | 'left') =>
      first.eyes.filter((e) => e.eye === eye && e.achievedSE !== null).length;
    expect(sites).toEqual({ temporal: withOutcome('right'), superior: withOutcome('left') });
  });

  it('filters by lens and period, first eyes still counted over all of the patient’s operations', async () => {
    const zcb = await c.ok<Audit>('GET', `/api/outcomes/audit?firstEyesOnly=false&lensId=${lensIds.ZCB00}`);
    const ofZcb = fixture.eyes.filter((e) => e.lens === 'ZCB00');
    expect(zcb.operations).toBe(ofZcb.length);
    expect(zcb.n).toBe(ofZcb.filter((e) => e.outcome).length);
    // Only the operations 28 days ago: the bilateral patients' second eyes are not first eyes.
    const recent = await c.ok<Audit>(
      'GET',
      `/api/outcomes/audit?from=${daysBefore(30)}&to=${today()}&firstEyesOnly=false`,
    );
    const ofRecent = fixture.eyes.filter((e) => e.daysBefore === 28);
    expect(recent.operations).toBe(ofRecent.length);
    const bilateral = new Set(
      fixture.eyes.filter((e) => e.daysBefore === 35 && e.patient < 20).map((e) => e.patient),
    );
    expect(recent.eyes.filter((e) => !e.firstEye)).toHaveLength(bilateral.size);
    const none = await c.ok<Audit>('GET', '/api/outcomes/audit?band=short&formula=hofferQ');
    expect(none).toMatchObject({ operations: 0, n: 0, meanError: null, sdError: null, eyes: [] });
  });
});

describe(`constants learned from the 60 eyes on ${dbKind}`, () => {
  it('optimises the lens with enough first eyes and refuses the other, until the minimum is lowered', async () => {
    const rows = await c.ok<ConstantOptimisationRow[]>('GET', '/api/outcomes/constants');
    const sn60 = rows.find((r) => r.lensModel === 'SN60WF')!;
    const zcb = rows.find((r) => r.lensModel === 'ZCB00')!;
    expect(sn60).toMatchObject({
      formula: 'srkt',
      constant: 'aConstant',
      current: 118.7,
      eyes: fixture.expected.optimised.SN60WF!.eyes,
      minimumEyes: 20,
      refused: null,
    });
    expect(sn60.optimised!.value).toBeCloseTo(fixture.expected.optimised.SN60WF!.aConstant, 6);
    expect(zcb).toMatchObject({
      eyes: fixture.expected.optimised.ZCB00!.eyes,
      optimised: null,
      refused: 'tooFewEyes',
    });

    const refused = await c.call('POST', `/api/iol-lenses/${lensIds.ZCB00}/optimise`, {
      formula: 'srkt',
      version: 1,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'outcomes.too_few_eyes',
      errors: { formula: ['outcomes.too_few_eyes'] },
    });
    expect(refused.json().message).toContain(`at least 20`);
    expect(refused.json().message).toContain(`have ${fixture.expected.optimised.ZCB00!.eyes}`);

    expect(await c.ok('GET', '/api/outcomes/settings')).toEqual({ minimumEyes: 20, version: 1 });
    expect(await c.ok('PUT', '/api/outcomes/settings', { minimumEyes: 10, version: 1 })).toEqual({
      minimumEyes: 10,
      version: 2,
    });
    const stale = await c.call('PUT', '/api/outcomes/settings', { minimumEyes: 12, version: 1 });
    expect(stale.statusCode).toBe(409);

    const accepted = await c.ok<IolLensDetail>('POST', `/api/iol-lenses/${lensIds.ZCB00}/optimise`, {
      formula: 'srkt',
      version: 1,
    });
    const value = Math.round(fixture.expected.optimised.ZCB00!.aConstant * 100) / 100;
    expect(accepted).toMatchObject({
      id: lensIds.ZCB00,
      version: 2,
      aConstant: { value, source: 'optimised', sourceDate: today() },
      history: [
        {
          constant: 'aConstant',
          value: 118.7,
          source: 'ulib',
          sourceDate: '2024-01-01',
          replacedWith: value,
          eyes: fixture.expected.optimised.ZCB00!.eyes,
          replacedBy: { id: org.adminId, name: 'Admin User' },
        },
      ],
    });
    const again = await c.call('POST', `/api/iol-lenses/${lensIds.ZCB00}/optimise`, {
      formula: 'srkt',
      version: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ version: 2 });

    // A lens whose list has no A-constant: its eyes are shown, nothing to optimise against.
    await t.database.db
      .update(iolLenses)
      .set({ constants: {} })
      .where(inOrg(iolLenses, org.id, eq(iolLenses.id, lensIds.SN60WF!)));
    const without = await c.ok<ConstantOptimisationRow[]>('GET', '/api/outcomes/constants');
    expect(without.find((r) => r.lensModel === 'SN60WF')).toMatchObject({
      current: null,
      eyes: fixture.expected.optimised.SN60WF!.eyes,
      optimised: null,
      refused: 'noCurrentConstant',
    });
    const nothing = await c.call('POST', `/api/iol-lenses/${lensIds.SN60WF}/optimise`, {
      formula: 'srkt',
      version: 1,
    });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().code).toBe('outcomes.no_current_constant');
  });

  it('answers the audit and constants to `show outcomes` only; optimising needs `manage iol lenses`', async () => {
    const viewer = await userWith(t, org, ['show outcomes']);
    expect((await c.call('GET', '/api/outcomes/audit', undefined, viewer.token)).statusCode).toBe(200);
    expect((await c.call('GET', '/api/outcomes/settings', undefined, viewer.token)).statusCode).toBe(200);
    const post = await c.call(
      'POST',
      `/api/iol-lenses/${lensIds.SN60WF}/optimise`,
      { formula: 'srkt', version: 1 },
      viewer.token,
    );
    expect(post.statusCode).toBe(403);
    const nobody = await userWith(t, org, ['show patients']);
    expect((await c.call('GET', '/api/outcomes/constants', undefined, nobody.token)).statusCode).toBe(403);
  });
});
