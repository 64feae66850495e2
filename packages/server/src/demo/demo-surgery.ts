import { meanK } from '@basira/shared/clinical/keratometry';
import { predictedRefraction } from '@basira/shared/clinical/iol-formula';
import { astigmatismFromKeratometry, fromDoubleAngle, toDoubleAngle } from '@basira/shared/clinical/sia';
import { srkt } from '@basira/shared/clinical/srkt';
import { addToDay, localDay, zonedDateTimeToIso } from '@basira/shared/dates/calendar';
import { demoPerson } from './demo-names.ts';
import { onGrid, type Random } from './demo-random.ts';

/**
 * The surgeon's loop in the demo (issue 55, docs/outcomes.md): a lens list, and one surgeon's 80 operated eyes
 * over the last year, each with its biometry plan, its operation record and its refraction four weeks after, so
 * the audit, the histogram, the SIA plot and the constants learned from the outcomes show something real.
 *
 * The outcomes are drawn as a real clinic's are: the achieved spherical equivalent is the plan's prediction for
 * the implanted power plus an error of mean +0.20 D (the lens sits a little deeper than the manufacturer's
 * A-constant assumes: the optimised constant comes out higher) and SD 0.40 D, rounded to the phoropter's 0.25 D;
 * a temporal clear-corneal incision induces about 0.40 D at its meridian. Two eyes of 80 have a posterior capsule
 * rupture (2.5 %; the UK national audit's rate is about 1.9 %).
 */

export const DEMO_OPERATED_EYES = 80;
export const DEMO_SURGICAL_PATIENTS = 50;
/** Patients with both eyes operated; the rest have one. 30 × 2 + 20 = 80. */
const BOTH_EYES = 30;

/** The demo's lens list: manufacturers' nominal A-constants (pACD and surgeon factor converted from them). */
export const DEMO_LENSES = [
  { model: 'AcrySof IQ SN60WF', manufacturer: 'Alcon', aConstant: 119 },
  { model: 'Tecnis ZCB00', manufacturer: 'Johnson & Johnson', aConstant: 119.3 },
  { model: 'Vivinex XY1', manufacturer: 'Hoya', aConstant: 118.9 },
] as const;

type Data = Record<string, unknown>;
type Side = 'right' | 'left';
type Post = <T = { id: number }>(token: string | null, url: string, payload?: object) => Promise<T>;

export interface SurgeryStaff {
  id: number;
  name: string;
  token: string;
}

/** Normal deviate (Box–Muller) from the seeded source. */
function normal(rng: Random, mean: number, sd: number): number {
  const u = Math.max(rng.next(), 1e-12);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** The measurements of a planned eye (its chosen power is the plan's lens, not a measurement). */
const measured = ({ power: _power, ...measurements }: { power: number } & Data) => measurements;

/** A clinic day: Friday, the Iraqi weekend, moves to Saturday. */
const workday = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() === 5 ? addToDay(day, 1) : day);

/** One step of the timeline: the loader sets its clock to `at`, then runs it. */
export interface Step {
  at: Date;
  run: () => Promise<unknown>;
}

/**
 * The calls that build the surgeon's record, each at its time, to be run in one timeline with the demo's visits
 * (the staff's sessions stay alive through the clinic's daily use): the lenses (run first, before any plan names
 * them), then per patient their registration and biometry visit, per eye an operation day and a visit four weeks
 * after. The patients are the surgeon's own (DEMO_SURGICAL_PATIENTS, aged 55 to 85), besides the plan's.
 */
export function surgerySteps(options: {
  now: Date;
  timeZone: string;
  rng: Random;
  post: Post;
  admin: string;
  surgeon: SurgeryStaff;
  optometrist: SurgeryStaff;
  reception: SurgeryStaff;
  /** Opens a visit's board (the doctor's move), so it can be finished. */
  open: (doctor: SurgeryStaff, queueId: number, patientId: number) => Promise<unknown>;
}): { lenses: () => Promise<void>; steps: Step[] } {
  const { now, timeZone, rng, post, surgeon, optometrist, reception } = options;
  const today = localDay(now, timeZone);
  const lensIds: number[] = [];
  const lenses = async () => {
    for (const lens of DEMO_LENSES)
      lensIds.push(
        (
          await post(options.admin, '/api/iol-lenses', {
            model: lens.model,
            manufacturer: lens.manufacturer,
            aConstant: { value: lens.aConstant, source: 'manufacturer', sourceDate: null },
          })
        ).id,
      );
  };

  const steps: Step[] = [];
  const at = (day: string, time: string, run: () => Promise<unknown>) =>
    steps.push({ at: new Date(zonedDateTimeToIso(workday(day), time, timeZone)!), run });
  /** A visit from queueing to finishing, its records written in between. */
  const visit = (
    day: string,
    time: string,
    patient: () => number,
    reason: string,
    records: (queueId: number, patientId: number) => Promise<unknown>,
  ) =>
    at(day, time, async () => {
      const patientId = patient();
      const { id: queueId } = await post(reception.token, '/api/mo/queue', {
        patientId,
        examTypes: [reason],
        doctorId: surgeon.id,
        confirmDuplicate: true,
      });
      await options.open(surgeon, queueId, patientId);
      await records(queueId, patientId);
      await post(surgeon.token, `/api/mo/queue/finished/${queueId}`);
    });

  for (let p = 0; p < DEMO_SURGICAL_PATIENTS; p++) {
    const person = demoPerson(rng, today, { age: rng.int(55, 85), isMale: rng.chance(0.5) });
    let patientId = 0;
    const patient = () => patientId;
    const sides: Side[] = p < BOTH_EYES ? ['right', 'left'] : [rng.chance(0.5) ? 'right' : 'left'];
    const lensIndex = rng.int(0, DEMO_LENSES.length - 1);
    const lens = DEMO_LENSES[lensIndex]!;
    // The first eye between eleven months and thirteen weeks ago; the second two to six weeks after it, its outcome
    // three to six weeks after that: all before today.
    const firstDay = addToDay(today, -rng.int(91, 335));
    const days = sides.map((_, i) => (i === 0 ? firstDay : addToDay(firstDay, rng.int(14, 42))));
    const biometryDay = addToDay(firstDay, -rng.int(3, 14));
    const target = rng.pick([0, 0, -0.25, -0.5]);
    const eyes = {} as Record<
      Side,
      { axialLength: number; k1: number; k1Axis: number; k2: number; k2Axis: number; power: number }
    >;
    for (const side of ['right', 'left'] as const) {
      const axialLength = rng.chance(0.1)
        ? rng.step(21, 21.95, 0.01)
        : rng.chance(0.1)
          ? rng.step(26.1, 28, 0.01)
          : rng.step(22, 25.5, 0.01);
      const k1 = rng.step(42, 45.5, 0.01);
      const k1Axis = rng.int(1, 180);
      const k2 = onGrid(k1 + rng.step(0.25, 1.5, 0.01), 0.01);
      const input = { axialLength, meanK: meanK(k1, k2), aConstant: lens.aConstant };
      const nearest = srkt(input, target).options.reduce((best, o) =>
        Math.abs(o.predictedRefraction - target) < Math.abs(best.predictedRefraction - target) ? o : best,
      );
      eyes[side] = {
        axialLength,
        k1,
        k1Axis,
        k2,
        k2Axis: k1Axis > 90 ? k1Axis - 90 : k1Axis + 90,
        power: nearest.power,
      };
    }
    let biometryId = 0;
    at(biometryDay, '15:25', async () => {
      patientId = (await post(reception.token, '/api/mo/patient', person)).id;
    });
    visit(biometryDay, '15:30', patient, 'Biometry', async (queueId, patientId) => {
      const eyeLens = (side: Side) => ({
        lensId: lensIds[lensIndex],
        lensModel: lens.model,
        aConstant: lens.aConstant,
        targetRefraction: target,
        iolPower: eyes[side].power,
      });
      biometryId = (
        await post(optometrist.token, '/api/mo/exam/biometry', {
          patientId,
          queueId,
          measurements: {
            device: 'iolMaster',
            right: { ...measured(eyes.right), eyeStatus: 'phakic' },
            left: { ...measured(eyes.left), eyeStatus: 'phakic' },
          },
          lens: { right: eyeLens('right'), left: eyeLens('left') },
        })
      ).id;
    });
    sides.forEach((side, i) => {
      const day = days[i]!;
      const eye = eyes[side];
      const superior = rng.chance(0.2);
      const incisionAxis = superior ? 90 : 180;
      const complications = p === 7 || p === 41 ? ['posteriorCapsuleRupture'] : [];
      visit(day, '16:00', patient, 'Examinations', (queueId, patientId) =>
        post(surgeon.token, '/api/mo/exam/operation', {
          patientId,
          queueId,
          operation: {
            eye: side,
            date: day,
            surgeonId: surgeon.id,
            assistant: 'Nurse Huda',
            anaesthesia: rng.chance(0.8) ? 'topical' : 'subTenon',
            procedure: 'phaco',
          },
          incision: { site: superior ? 'superior' : 'temporal', size: 2.2, axis: incisionAxis },
          lens: {
            lensId: lensIds[lensIndex],
            power: eye.power,
            placement: complications.length ? 'sulcus' : 'bag',
          },
          plan: { biometryId, formula: 'srkt' },
          complications: { codes: complications },
        }),
      );
      // Four weeks after (3–6): the refraction that is the outcome.
      const predicted = predictedRefraction(
        'srkt',
        { axialLength: eye.axialLength, meanK: meanK(eye.k1, eye.k2) },
        lens.aConstant,
        eye.power,
      );
      const se = predicted + normal(rng, 0.2, 0.4);
      const pre = toDoubleAngle(astigmatismFromKeratometry(eye.k1, eye.k1Axis, eye.k2, eye.k2Axis));
      const sia = toDoubleAngle({ magnitude: Math.max(0.1, normal(rng, 0.4, 0.15)), axis: incisionAxis });
      const post_ = fromDoubleAngle({ x: pre.x + sia.x, y: pre.y + sia.y });
      // The residual astigmatism written in minus cylinder: −C at 90° from the steep meridian.
      const cylinder = -onGrid(post_.magnitude, 0.25);
      const axis =
        cylinder === 0 || post_.axis === null ? 180 : Math.round(((post_.axis + 90 - 1) % 180) + 1);
      const sphere = onGrid(se - cylinder / 2, 0.25);
      const good = complications.length === 0;
      const va = good ? rng.pick(['6/6', '6/6', '6/9', '6/9', '6/12']) : '6/18';
      visit(addToDay(day, rng.int(24, 42)), '15:45', patient, 'FollowUp', (queueId, patientId) =>
        post(optometrist.token, '/api/mo/exam/spectacles', {
          patientId,
          queueId,
          vision: { [side]: { unaided: good ? rng.pick(['6/9', '6/12', '6/12', '6/18']) : '6/36' } },
          readings: [
            {
              kind: 'subjective',
              isFinal: true,
              [side]: { sphere, ...(cylinder === 0 ? {} : { cylinder, axis }), va },
            },
          ],
        }),
      );
    });
  }
  return { lenses, steps };
}
