import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@basira/shared/dates/calendar';
import { predictedRefraction } from '@basira/shared/clinical/iol-formula';
import { predictionError } from '@basira/shared/clinical/outcomes';
import { astigmatismFromRefraction, surgicallyInducedAstigmatism } from '@basira/shared/clinical/sia';
import type { Audit, OperationOutcome } from '@basira/shared/outcomes/outcomes.schemas';
import { iolLenses } from '../../db/schema.ts';
import { sameOrg } from '../../lib/tenant.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

/**
 * One operation's outcome (issue 55): the spectacles records of the operated eye after the operation are its
 * candidates; the earliest final reading 3–12 weeks after is the default, the surgeon's choice wins, and a record
 * that is not a candidate is refused. Permissions and another clinic's ids.
 */
let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;

const url = (type: string, id?: number) => `/api/mo/exam/${type}${id === undefined ? '' : `/${id}`}`;
const DAY = 86_400_000;
const daysBefore = (n: number) => localDay(new Date(Date.now() - n * DAY), 'Asia/Baghdad');

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
});
afterAll(() => t.close());

/** A visit `daysAgo` days ago: queued today, then moved back (the queue only gives today's tickets). */
async function visitDaysAgo(patientId: number, daysAgo: number) {
  const entry = await c.queue(patientId);
  if (daysAgo)
    await t.database.db.execute(
      sql`UPDATE queue_entries SET date = date - make_interval(days => ${daysAgo}) WHERE id = ${entry.id} AND ${sameOrg('queue_entries', org.id)}`,
    );
  return { patientId, queueId: entry.id };
}

const spectacles = (
  visit: { patientId: number; queueId: number },
  right: { sphere: number; cylinder?: number; axis?: number; va?: string },
  isFinal = true,
) =>
  c.ok<{ id: number }>('POST', url('spectacles'), {
    ...visit,
    vision: { right: { unaided: '6/12' } },
    readings: [{ kind: 'subjective', isFinal, right }],
  });

describe(`one operation's outcome on ${dbKind}`, () => {
  let operationId: number;
  let patientId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const patient = await c.patient({ name: 'Outcome Patient' });
    patientId = patient.id;
    const [lens] = await t.database.db
      .insert(iolLenses)
      .values({
        orgId: org.id,
        model: 'SN60WF',
        constants: { aConstant: { value: 118.7, source: 'ulib', sourceDate: null } },
      })
      .returning({ id: iolLenses.id });
    const opVisit = await visitDaysAgo(patient.id, 100);
    const plan = await c.ok<{ id: number }>('POST', url('biometry'), {
      ...opVisit,
      measurements: { right: { axialLength: 23.5, k1: 43.25, k1Axis: 180, k2: 43.75, k2Axis: 90 } },
      lens: { right: { lensId: lens!.id, aConstant: 118.7, targetRefraction: -0.5, iolPower: 21.5 } },
    });
    const op = await c.ok<{ id: number }>('POST', url('operation'), {
      ...opVisit,
      operation: { eye: 'right', surgeonId: org.adminId, procedure: 'phaco' },
      incision: { site: 'temporal' },
      lens: { lensId: lens!.id, power: 21.5 },
      plan: { biometryId: plan.id, formula: 'srkt' },
    });
    operationId = op.id;
    // 2 weeks (too early), 4 weeks not final, 5 weeks final, 6 weeks final, 14 weeks (too late).
    ids.early = (await spectacles(await visitDaysAgo(patient.id, 86), { sphere: -1 })).id;
    ids.notFinal = (
      await spectacles(await visitDaysAgo(patient.id, 72), { sphere: -0.25, cylinder: -0.5, axis: 90 }, false)
    ).id;
    ids.five = (
      await spectacles(await visitDaysAgo(patient.id, 65), {
        sphere: -0.25,
        cylinder: -0.75,
        axis: 180,
        va: '6/6',
      })
    ).id;
    ids.six = (await spectacles(await visitDaysAgo(patient.id, 58), { sphere: 0 })).id;
    ids.late = (await spectacles(await visitDaysAgo(patient.id, 2), { sphere: 0.5 })).id;
    // The left eye only: not a candidate of a right-eye operation.
    await c.ok('POST', url('spectacles'), {
      ...(await visitDaysAgo(patient.id, 60)),
      readings: [{ kind: 'subjective', isFinal: true, left: { sphere: -2 } }],
    });
  });

  it('lists the candidates and takes the earliest final reading in the window by default', async () => {
    const outcome = await c.ok<OperationOutcome>('GET', `/api/outcomes/operations/${operationId}`);
    expect(outcome.date).toBe(daysBefore(100));
    expect(outcome.eye).toBe('right');
    expect(outcome.candidates.map((x) => [x.spectaclesId, x.daysAfter, x.inWindow, x.isFinal])).toEqual([
      [ids.early, 14, false, true],
      [ids.notFinal, 28, true, false],
      [ids.five, 35, true, true],
      [ids.six, 42, true, true],
      [ids.late, 98, false, true],
    ]);
    expect(outcome.chosen).toEqual({ spectaclesId: ids.five, by: 'default' });
    const predicted = predictedRefraction('srkt', { axialLength: 23.5, meanK: 43.5 }, 118.7, 21.5);
    expect(outcome.predictedRefraction).toBeCloseTo(predicted, 9);
    expect(outcome.achievedSE).toBeCloseTo(-0.625, 9);
    expect(outcome.predictionError).toBeCloseTo(
      predictionError({ sphere: -0.25, cylinder: -0.75 }, predicted),
      9,
    );
    expect(outcome.correctedAcuity).toBe('6/6');
    expect(outcome.uncorrectedAcuity).toBe('6/12');
    const sia = surgicallyInducedAstigmatism(
      { magnitude: 0.5, axis: 90 },
      astigmatismFromRefraction({ sphere: -0.25, cylinder: -0.75, axis: 180 }),
    );
    expect(outcome.sia!.magnitude).toBeCloseTo(sia.magnitude, 9);
    expect(outcome.sia!.axis).toBeCloseTo(sia.axis!, 9);
  });

  it('takes the surgeon’s choice, back to the default with null, and refuses a record that is not a candidate', async () => {
    const chosen = await c.ok<OperationOutcome>('PUT', `/api/outcomes/operations/${operationId}`, {
      spectaclesId: ids.late,
    });
    expect(chosen.chosen).toEqual({ spectaclesId: ids.late, by: 'surgeon' });
    expect(chosen.achievedSE).toBe(0.5);
    const again = await c.ok<OperationOutcome>('GET', `/api/outcomes/operations/${operationId}`);
    expect(again.chosen).toEqual({ spectaclesId: ids.late, by: 'surgeon' });
    const back = await c.ok<OperationOutcome>('PUT', `/api/outcomes/operations/${operationId}`, {
      spectaclesId: null,
    });
    expect(back.chosen).toEqual({ spectaclesId: ids.five, by: 'default' });

    const stranger = await c.patient({ name: 'Another Patient' });
    const theirs = await spectacles(await visitDaysAgo(stranger.id, 60), { sphere: -1 });
    const refused = await c.call('PUT', `/api/outcomes/operations/${operationId}`, {
      spectaclesId: theirs.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ spectaclesId: ['value.unknown_spectacles'] });
    expect(
      (await c.call('PUT', `/api/outcomes/operations/${patientId + 1_000_000}`, { spectaclesId: null }))
        .statusCode,
    ).toBe(404);
  });

  it('audits cataract operations only: a YAG capsulotomy of the same eye later is neither an operation nor a first eye', async () => {
    const before = await c.ok<Audit>('GET', '/api/outcomes/audit?firstEyesOnly=false');
    const yag = await c.ok<{ id: number }>('POST', url('operation'), {
      ...(await visitDaysAgo(patientId, 30)),
      operation: { eye: 'right', surgeonId: org.adminId, procedure: 'yagCapsulotomy' },
      complications: { codes: ['irisTrauma'] },
    });
    const after = await c.ok<Audit>('GET', '/api/outcomes/audit?firstEyesOnly=false');
    expect(after.operations).toBe(before.operations);
    expect(after.complications).toEqual(before.complications);
    expect(after.eyes.map((e) => e.operationId)).not.toContain(yag.id);
    // Its own outcome is still there to read (it has no plan: no prediction).
    const outcome = await c.ok<OperationOutcome>('GET', `/api/outcomes/operations/${yag.id}`);
    expect(outcome.predictedRefraction).toBeNull();
  });

  it('refuses the outcome screens without their permissions, and another clinic’s operation is not found', async () => {
    const reader = await userWith(t, org, ['show operations']);
    expect(
      (await c.call('GET', `/api/outcomes/operations/${operationId}`, undefined, reader.token)).statusCode,
    ).toBe(200);
    expect((await c.call('GET', '/api/outcomes/audit', undefined, reader.token)).statusCode).toBe(403);
    expect((await c.call('GET', '/api/outcomes/constants', undefined, reader.token)).statusCode).toBe(403);
    expect(
      (await c.call('PUT', `/api/outcomes/operations/${operationId}`, { spectaclesId: null }, reader.token))
        .statusCode,
    ).toBe(403);
    const other = await t.newOrg();
    const res = await clinic(t, other).call('GET', `/api/outcomes/operations/${operationId}`);
    expect(res.statusCode).toBe(404);
  });
});
