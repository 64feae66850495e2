// What a clinic records, one filled example per exam type: the benchmarks store and save these.
import type { ExamType } from '@basira/shared/exams/exam-types';
import { addToDay } from '@basira/shared/dates/calendar';

/** A week after today: a next visit is taken from the visit's day to two years after it (issue 50). */
const nextWeek = addToDay(new Date().toISOString().slice(0, 10), 7);

const rx = (sphere: number, cylinder: number, axis: number) => ({ sphere, cylinder, axis });

export const EXAM_SAMPLES: Record<ExamType, Record<string, unknown>> = {
  spectacles: {
    vision: { right: { unaided: '6/24', pinhole: '6/9' }, left: { unaided: '6/18', pinhole: '6/9' } },
    readings: [
      { kind: 'auto', right: rx(-2.5, -0.75, 180), left: rx(-2.25, -0.5, 175) },
      {
        kind: 'subjective',
        isFinal: true,
        right: { ...rx(-2.25, -0.75, 180), add: 1.5, va: '6/6' },
        left: { ...rx(-2, -0.5, 170), add: 1.5, va: '6/6' },
      },
    ],
    pd: { binocularDistance: 63, binocularNear: 60 },
    lens: { type: 'progressive', treatments: ['antiReflective', 'blueFilter'] },
    note: 'Full-time wear',
  },
  prism: {
    title: 'Intermittent exotropia',
    classification: {
      deviation: 'tropia',
      direction: 'exo',
      constancy: 'intermittent',
      laterality: 'alternating',
    },
    coverTest: {
      near: { horizontal: 20, horizontalBase: 'in' },
      distance: { horizontal: 15, horizontalBase: 'in' },
    },
    binocular: { stereoTest: 'titmus', stereoAcuity: 100, npc: 8 },
  },
  lasik: {
    vision: { right: { ucva: '6/60', bcva: '6/6' }, left: { ucva: '6/60', bcva: '6/6' } },
    manifest: { right: rx(-4, -0.5, 180), left: rx(-3.75, -0.75, 10) },
    tomography: { right: { k1: 43.1, k2: 44.2, kmax: 44.9, thinnestPachymetry: 532 } },
    measurements: { right: { cct: 540, scotopicPupil: 6.2 }, left: { cct: 538 } },
    plan: { right: { procedure: 'femtoLasik', opticalZone: 6.5, flapThickness: 110, ablationDepth: 70 } },
  },
  followUp: {
    visit: { interval: 'month1', complaint: 'Mild glare at night' },
    vision: { right: { ucva: '6/9' }, left: { ucva: '6/9' } },
    iop: [{ time: '10:30', method: 'goldmann', right: { value: 16 }, left: { value: 17 } }],
    plan: { plan: 'Continue drops', outcome: 'continue' },
  },
  biometry: {
    measurements: { device: 'iolMaster', right: { axialLength: 23.5, k1: 43.25, k2: 43.75, acd: 3.1 } },
    lens: { right: { lensModel: 'SN60WF', aConstant: 118.7, targetRefraction: -0.5, iolPower: 21 } },
  },
  keratoconus: {
    tomography: { right: { k1: 47.2, k2: 50.1, kmax: 55.3, thinnestPachymetry: 452, stage: '2' } },
    fitting: { right: { lensType: 'Rose K2', baseCurve: 6.8, diameter: 8.7, power: -6.5, fit: 'optimal' } },
  },
  retina: {
    dilation: { dilated: true, drops: ['tropicamide'] },
    fundus: { right: { cupDisc: 0.4, cmt: 265, drGrade: 'mildNpdr' }, left: { cupDisc: 0.35, cmt: 270 } },
  },
  lowVision: {
    acuity: { right: { distance: '6/60' }, left: { distance: '6/36' } },
    aids: [{ type: 'standMagnifier', magnification: 4, workingDistance: 25, prescribed: true }],
  },
  outer: { title: 'Blepharitis', body: '<p>Lid margins red, collarettes on the lashes.</p>' },
  // No lens or plan: those are ids of the clinic's (its lens list, the patient's biometry).
  operation: {
    operation: { eye: 'right', anaesthesia: 'topical', procedure: 'phaco', assistant: 'Nurse Huda' },
    incision: { site: 'temporal', size: 2.4, axis: 180 },
    lens: { power: 21.5, placement: 'bag' },
    complications: { codes: [] },
    note: 'Uneventful phacoemulsification',
  },
  consultation: {
    complaint: 'Red, painful right eye for three days',
    diagnoses: [
      { code: 'H10.3', eye: 'right', status: 'new' },
      { code: 'H40.1', eye: 'both', status: 'existing' },
    ],
    medications: [
      {
        name: 'Moxifloxacin 0.5%',
        form: 'drops',
        eye: 'right',
        dose: 1,
        doseUnit: 'drop',
        frequency: { timesPerDay: 4 },
        durationDays: 7,
      },
      {
        name: 'Fluorometholone 0.1%',
        form: 'drops',
        eye: 'right',
        dose: 1,
        doseUnit: 'drop',
        frequency: { timesPerDay: 4 },
        durationDays: 7,
        taper: [
          { frequency: { timesPerDay: 3 }, durationDays: 7 },
          { frequency: { timesPerDay: 2 }, durationDays: 7 },
          { frequency: { timesPerDay: 1 }, durationDays: 7 },
        ],
      },
    ],
    plan: 'Review in one week.',
    nextVisit: nextWeek,
  },
};
