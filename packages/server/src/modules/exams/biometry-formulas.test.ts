import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hofferQ, hofferQPredictedRefraction } from '@basira/shared/clinical/hoffer-q';
import { holladay1, holladay1PredictedRefraction } from '@basira/shared/clinical/holladay1';
import { pacdFromAConstant, surgeonFactorFromAConstant } from '@basira/shared/clinical/iol-constants';
import { srkt, srktPredictedRefraction } from '@basira/shared/clinical/srkt';
import type { IolFormulaResult } from '@basira/shared/clinical/lens-options';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
let visit: { patientId: number; queueId: number };

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
  const patient = await c.patient({ name: 'Biometry Patient' });
  const entry = await c.queue(patient.id);
  visit = { patientId: patient.id, queueId: entry.id };
});
afterAll(() => t.close());

const url = (type: string, id?: number) => `/api/mo/exam/${type}${id === undefined ? '' : `/${id}`}`;

type Body = Record<string, unknown>;
interface Stored {
  id: number;
  derived: Record<string, unknown> & {
    right?: Record<string, unknown>;
    left?: Record<string, unknown>;
    warnings?: { code: string; eye?: string; value: number }[];
  };
}

/** Saves a record and reads it back: the derived values asserted are the stored ones. */
async function stored(type: string, body: Body): Promise<Stored> {
  const res = await c.call('POST', url(type), { ...visit, ...body });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { id: number } }).data.id;
  return c.ok<Stored>('GET', url(type, id));
}

const eye = (axialLength: number, k1 = 43.5, k2 = 44.25) => ({ axialLength, k1, k2 });

function expectSameResult(actual: unknown, expected: IolFormulaResult) {
  const got = actual as IolFormulaResult;
  expect(got.emmetropicPower).toBeCloseTo(expected.emmetropicPower, 9);
  expect(got.powerForTarget).toBeCloseTo(expected.powerForTarget, 9);
  expect(got.options.length).toBeGreaterThanOrEqual(5);
  expect(got.options.map((o) => o.power)).toEqual(expected.options.map((o) => o.power));
  got.options.forEach((o, i) =>
    expect(o.predictedRefraction).toBeCloseTo(expected.options[i]!.predictedRefraction, 9),
  );
}

describe(`biometry IOL formulas on ${dbKind}`, () => {
  it('a typical eye: Hoffer Q, Holladay 1 and SRK/T equal to the shared functions, constants as entered', async () => {
    const measured = { axialLength: 23.45, meanK: 43.875 };
    const lens = {
      aConstant: 118.7,
      pACD: 5.64,
      surgeonFactor: 1.84,
      targetRefraction: -0.5,
      iolPower: 21.5,
    };
    const record = await stored('biometry', {
      measurements: { right: { axialLength: 23.45, k1: 43.5, k2: 44.25 } },
      lens: { right: lens },
    });
    const right = record.derived.right!;
    expect(right.meanK).toBe(43.875);
    expectSameResult(right.srkt, srkt({ ...measured, aConstant: 118.7 }, -0.5));
    expectSameResult(right.hofferQ, hofferQ({ ...measured, pACD: 5.64 }, -0.5));
    expectSameResult(right.holladay1, holladay1({ ...measured, surgeonFactor: 1.84 }, -0.5));
    expect(right).toMatchObject({
      constantsFrom: 'entered',
      pACD: 5.64,
      surgeonFactor: 1.84,
      recommendedFormula: 'holladay1',
    });
    const powers = (['srkt', 'hofferQ', 'holladay1'] as const).map(
      (f) => (right[f] as IolFormulaResult).powerForTarget,
    );
    expect(right.formulaSpread).toBeCloseTo(Math.max(...powers) - Math.min(...powers), 9);
    const chosen = right.chosen as { power: number; predictedRefraction: number; byFormula: Body };
    expect(chosen.power).toBe(21.5);
    expect(chosen.predictedRefraction).toBeCloseTo(
      srktPredictedRefraction({ ...measured, aConstant: 118.7 }, 21.5),
      9,
    );
    expect(chosen.byFormula.hofferQ).toBeCloseTo(
      hofferQPredictedRefraction({ ...measured, pACD: 5.64 }, 21.5),
      9,
    );
    expect(chosen.byFormula.holladay1).toBeCloseTo(
      holladay1PredictedRefraction({ ...measured, surgeonFactor: 1.84 }, 21.5),
      9,
    );
    expect(record.derived.left).toBeUndefined();
    expect(record.derived.warnings).toEqual([]);
  });

  it('missing pACD and surgeon factor are converted from the A-constant and said so', async () => {
    const record = await stored('biometry', {
      measurements: { right: eye(23.45), left: eye(23.5) },
      lens: { right: { aConstant: 118.7 }, left: { aConstant: 119, pACD: 5.5 } },
    });
    const measured = { axialLength: 23.45, meanK: 43.875 };
    const right = record.derived.right!;
    expect(right.constantsFrom).toBe('aConstant');
    expect(right.pACD).toBeCloseTo(pacdFromAConstant(118.7), 9);
    expect(right.surgeonFactor).toBeCloseTo(surgeonFactorFromAConstant(118.7), 9);
    expectSameResult(right.hofferQ, hofferQ({ ...measured, pACD: pacdFromAConstant(118.7) }));
    expectSameResult(
      right.holladay1,
      holladay1({ ...measured, surgeonFactor: surgeonFactorFromAConstant(118.7) }),
    );
    // Only one entered: it is used, the other comes from the A-constant.
    const left = record.derived.left!;
    expect(left.constantsFrom).toBe('aConstant');
    expect(left.pACD).toBe(5.5);
    expect(left.surgeonFactor).toBeCloseTo(surgeonFactorFromAConstant(119), 9);
  });

  it.each([
    [21.99, 'hofferQ'],
    [22.0, 'holladay1'],
    [26.0, 'holladay1'],
    [26.01, 'srkt'],
  ])('recommends by axial length: %s mm → %s', async (axialLength, formula) => {
    const record = await stored('biometry', {
      measurements: { right: eye(axialLength) },
      lens: { right: { aConstant: 118.7 } },
    });
    expect(record.derived.right!.recommendedFormula).toBe(formula);
  });

  it('warns: formulas 1 D apart, axial lengths more than 0.3 mm apart, mean K more than 1 D apart', async () => {
    // A short eye (20 mm, K 44 D): the formulas disagree by about 1.5 D.
    const record = await stored('biometry', {
      measurements: { right: eye(20, 43.75, 44.25), left: eye(20.31, 42.75, 43) },
      lens: { right: { aConstant: 118.7 }, left: { aConstant: 118.7 } },
    });
    const { right, warnings } = record.derived;
    expect(right!.formulaSpread as number).toBeGreaterThanOrEqual(1);
    expect(warnings).toContainEqual({ code: 'formulaSpread', eye: 'right', value: right!.formulaSpread });
    expect(warnings).toContainEqual({ code: 'axialLengthDifference', value: 0.31 });
    expect(warnings).toContainEqual({ code: 'meanKDifference', value: 1.125 });

    // At the limits: 0.30 mm and 1.00 D apart are not warned about.
    const calm = await stored('biometry', {
      measurements: { right: eye(23.5, 43, 44), left: eye(23.2, 44, 45) },
      lens: { right: { aConstant: 118.7 }, left: { aConstant: 118.7 } },
    });
    expect(calm.derived.warnings).toEqual([]);
  });

  it('an out-of-range pACD or surgeon factor is a 422 naming the field', async () => {
    const res = await c.call('POST', url('biometry'), {
      ...visit,
      lens: { right: { pACD: 7.51 }, left: { surgeonFactor: -2.6, pACD: 5.555 } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'lens.left.pACD',
      'lens.left.surgeonFactor',
      'lens.right.pACD',
    ]);
  });

  it('spectacles: the corneal-plane refraction of -8.00 / -2.00 × 180 at 12 mm, each meridian converted', async () => {
    const record = await stored('spectacles', {
      readings: [{ right: { sphere: -8, cylinder: -2, axis: 180 }, left: { sphere: -1 } }],
    });
    const readings = record.derived.readings as {
      right: { cornealPlane: { sphere: number; cylinder: number; axis: number } };
      left: { cornealPlane: { sphere: number } };
    }[];
    const plane = readings[0]!.right.cornealPlane;
    // −8 / (1 + 0.012·8) = −7.2993; −10 / (1 + 0.012·10) = −8.9286; cylinder = the difference.
    expect(plane.sphere).toBeCloseTo(-8 / 1.096, 9);
    expect(plane.cylinder).toBeCloseTo(-10 / 1.12 + 8 / 1.096, 9);
    expect(plane.cylinder).toBeCloseTo(-1.6293, 4);
    expect(plane.axis).toBe(180);
    expect(readings[0]!.left.cornealPlane.sphere).toBeCloseTo(-1 / 1.012, 9);

    const far = await stored('spectacles', {
      readings: [{ right: { sphere: -8, cylinder: -2, axis: 180 } }],
      lens: { vertexDistance: 14 },
    });
    const atFourteen = (far.derived.readings as { right: { cornealPlane: { sphere: number } } }[])[0]!;
    expect(atFourteen.right.cornealPlane.sphere).toBeCloseTo(-8 / (1 + 0.014 * 8), 9);
  });
});
