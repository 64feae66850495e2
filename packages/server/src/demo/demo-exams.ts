import { meanK } from '@basira/shared/clinical/keratometry';
import { munnerlynAblationDepth } from '@basira/shared/clinical/lasik';
import { sphericalEquivalent } from '@basira/shared/clinical/refraction';
import { srkt } from '@basira/shared/clinical/srkt';
import { zonedParts } from '@basira/shared/dates/calendar';
import { OPTION_SEEDS, type OptionCategoryKey } from '@basira/shared/exams/exam-options';
import { KMAX_PROGRESSION_D } from '@basira/shared/exams/keratoconus';
import { onGrid, type Random } from './demo-random.ts';

/**
 * Plausible exam records of every type, as a clinic fills them: values inside each field's range and on its
 * step (shared/exams), pick-list values taken from the seeded option lists, free text in English as Iraqi
 * clinicians write it. The server validates them and computes what is derived (SRK/T, Kmax change, LASIK safety).
 */

export type Side = 'right' | 'left';
export interface Rx {
  sphere: number;
  cylinder: number;
  axis: number;
}
/** One patient's refraction, kept between visits. */
export type Eyes<T> = { right: T; left: T };

export interface ExamContext {
  rng: Random;
  age: number;
  /** When the record is written; its times (IOP, dilation) are the clinic's clock then. */
  at: Date;
  timeZone: string;
  rx: Eyes<Rx>;
}

type Data = Record<string, unknown>;

const both = <T>(make: (side: Side) => T): Eyes<T> => ({ right: make('right'), left: make('left') });

/** The Arabic label of a seeded pick-list value, found by its English label (a renamed seed fails loudly). */
function label(category: OptionCategoryKey, english: string): string {
  const seed = OPTION_SEEDS[category].find((s) => s.en === english);
  if (!seed) throw new Error(`No option "${english}" in ${category}`);
  return seed.ar;
}

const clockTime = (c: ExamContext, minutesBefore = 0) =>
  zonedParts(new Date(c.at.getTime() - minutesBefore * 60_000), c.timeZone).time;

/** Sphere, cylinder and axis as a form sends them: no axis without a cylinder. */
function rxFields(rx: Rx): Data {
  return rx.cylinder ? { sphere: rx.sphere, cylinder: rx.cylinder, axis: rx.axis } : { sphere: rx.sphere };
}

const shifted = (rx: Rx, sphere: number, cylinder = 0): Rx => ({
  sphere: onGrid(rx.sphere + sphere, 0.25),
  cylinder: Math.min(0, onGrid(rx.cylinder + cylinder, 0.25)),
  axis: rx.axis,
});

/** A refraction for a patient of this age: children often hyperopic, then mostly myopic; smaller errors after 40. */
export function randomRx(rng: Random, age: number, kind: 'any' | 'myope' = 'any'): Eyes<Rx> {
  const myope = kind === 'myope' || (age >= 8 && rng.chance(0.65));
  const sphere = myope ? -rng.step(0.5, age < 40 ? 6.5 : 4, 0.25) : rng.step(0.25, age < 10 ? 4 : 2.5, 0.25);
  const cylinder = rng.chance(0.7) ? -rng.step(0.25, 2.5, 0.25) : 0;
  const axis = rng.chance(0.7) ? rng.pick([rng.int(1, 20), rng.int(160, 180)]) : rng.int(60, 120);
  const right: Rx = { sphere, cylinder, axis };
  // The fellow eye: nearly the same power, its axis mirrored.
  const left = {
    ...shifted(right, rng.step(-0.5, 0.5, 0.25), rng.step(-0.25, 0.25, 0.25)),
    axis: 181 - axis,
  };
  return { right, left };
}

const SNELLEN = ['6/6', '6/9', '6/12', '6/18', '6/36', '6/60'] as const;

/** Unaided distance acuity for a refraction: myopia blurs at once, young eyes accommodate through hyperopia. */
function unaided(rx: Rx, age: number): string {
  const se = sphericalEquivalent(rx.sphere, rx.cylinder);
  const blur = se < 0 ? -se : age < 40 ? Math.max(0, se - 2) : se;
  const line = blur < 0.5 ? 0 : blur < 1 ? 1 : blur < 1.5 ? 2 : blur < 2 ? 3 : blur < 3 ? 4 : 5;
  return blur >= 5 ? '3/60' : SNELLEN[line]!;
}

const presbyopicAdd = (age: number) =>
  age < 40 ? undefined : age < 45 ? 1 : age < 50 ? 1.5 : age < 55 ? 2 : age < 60 ? 2.25 : 2.5;

/** The per-eye note of a prescription (both eyes' lists hold the same values). */
function eyeNote(rx: Rx, age: number): string {
  const se = sphericalEquivalent(rx.sphere, rx.cylinder);
  const english =
    Math.abs(se) < 0.5 && !rx.cylinder
      ? age >= 40
        ? 'Presbyopia'
        : 'No refractive error'
      : rx.cylinder
        ? se < 0
          ? 'Myopic astigmatism'
          : 'Hypermetropic astigmatism'
        : se < 0
          ? 'Myopia'
          : 'Hypermetropia';
  return label('spectaclesRight', english);
}

export function spectacles(c: ExamContext, cycloplegic = false): Data {
  const { rng, age, rx } = c;
  const add = presbyopicAdd(age);
  const noisy = (eye: Rx) => rxFields(shifted(eye, rng.step(-0.25, 0.25, 0.25), rng.step(-0.25, 0, 0.25)));
  const readings: Data[] = [{ kind: 'auto', right: noisy(rx.right), left: noisy(rx.left) }];
  if (cycloplegic)
    readings.push({
      kind: 'cycloplegic',
      right: rxFields(shifted(rx.right, 0.75)),
      left: rxFields(shifted(rx.left, 0.75)),
    });
  if (age >= 40 && rng.chance(0.5))
    readings.push({
      kind: 'currentGlasses',
      right: rxFields(shifted(rx.right, 0.25)),
      left: rxFields(shifted(rx.left, 0.25)),
    });
  const final = (eye: Rx) => ({
    ...rxFields(eye),
    ...(add ? { add } : {}),
    va: rng.pick(['6/6', '6/6', '6/7.5']),
  });
  readings.push({ kind: 'subjective', isFinal: true, right: final(rx.right), left: final(rx.left) });
  const distance = age < 12 ? rng.step(48, 56, 0.5) : rng.step(58, 68, 0.5);
  const strong = Math.abs(rx.right.sphere) > 4;
  return {
    vision: both((side) => ({
      unaided: unaided(rx[side], age),
      pinhole: rng.pick(['6/6', '6/9']),
      ...(add ? { nearUnaided: rng.pick(['6/18', '6/24', '6/36']) } : {}),
    })),
    readings,
    pd: {
      binocularDistance: distance,
      binocularNear: distance - 3,
      monocular: both(() => ({ distance: onGrid(distance / 2, 0.5) })),
    },
    lens: {
      vertexDistance: 12,
      type: add ? rng.pick(['progressive', 'progressive', 'bifocal', 'nearOnly']) : 'singleVision',
      material: age < 16 ? 'polycarbonate' : strong ? 'highIndex' : rng.pick(['cr39', 'polycarbonate']),
      treatments: rng.chance(0.5) ? ['antiReflective', 'blueFilter'] : ['antiReflective'],
    },
    notes: both((side) => ({ note: eyeNote(rx[side], age) })),
    note: label(
      'spectaclesNote',
      age < 16 ? 'Full-time wear' : add ? 'Progressive' : 'Single vision for distance',
    ),
  };
}

/** An orthoptic assessment of a child's squint (esotropia or intermittent exotropia), sometimes with prisms. */
export function prism(c: ExamContext): Data {
  const { rng } = c;
  const eso = rng.chance(0.55);
  const amblyopic = eso && rng.chance(0.5);
  const deviation = rng.step(12, 35, 1);
  const base = eso ? 'out' : 'in';
  const withPrisms = rng.chance(0.3);
  return {
    title: label(
      'SquintTitles',
      eso ? (amblyopic ? 'Esotropia' : 'Accommodative esotropia') : 'Intermittent exotropia',
    ),
    examinations: label('SquintTypeOfExaminations', 'Alternate prism cover test (APCT)'),
    vision: { right: { bestCorrected: '6/6' }, left: { bestCorrected: amblyopic ? '6/18' : '6/7.5' } },
    classification: {
      deviation: 'tropia',
      direction: eso ? 'eso' : 'exo',
      constancy: eso ? 'constant' : 'intermittent',
      laterality: amblyopic ? 'left' : 'alternating',
      patterns: rng.chance(0.2) ? [eso ? 'aPattern' : 'vPattern'] : [],
    },
    coverTest: {
      withGlasses: eso,
      near: { horizontal: eso ? deviation + 5 : deviation - 5, horizontalBase: base },
      distance: { horizontal: deviation, horizontalBase: base },
    },
    cornealReflex: {
      method: 'hirschberg',
      prism: deviation,
      base,
      finding: `${Math.round(deviation / 2)}° ${eso ? 'ET' : 'XT'}`,
    },
    fusion: {
      nearBaseOut: rng.int(14, 30),
      nearBaseIn: rng.int(8, 16),
      distanceBaseOut: rng.int(8, 20),
      distanceBaseIn: rng.int(4, 8),
    },
    binocular: {
      stereoTest: 'titmus',
      stereoAcuity: amblyopic ? 3000 : rng.pick([60, 100, 200, 400]),
      worth4Dot: amblyopic ? 'suppressionLeft' : 'fusion',
      npc: rng.step(6, 12, 0.5),
    },
    headPosture: { turn: 'none', tilt: 'none', chin: 'level' },
    motility: both(() => ({ finding: 'Full ductions and versions' })),
    ...(withPrisms
      ? {
          glasses: {
            prismType: 'fresnel',
            right: { amount: 2, base, note: label('prismRight', eso ? '2Δ BO' : '2Δ BI') },
            left: { amount: 2, base, note: label('prismLeft', eso ? '2Δ BO' : '2Δ BI') },
          },
          prismNote: label('prismNote', 'Fresnel prism trial'),
        }
      : {}),
    squintNote: label('SquintNote', amblyopic ? 'Patch the good eye 2 hours a day' : 'Glasses full time'),
  };
}

/** A normal cornea on tomography (what LASIK screening wants to see). */
function normalTomography(rng: Random) {
  const k1 = rng.step(42, 44.5, 0.01);
  const k2 = onGrid(k1 + rng.step(0.3, 1.5, 0.01), 0.01);
  const k1Axis = rng.pick([rng.int(1, 12), rng.int(168, 180)]);
  return {
    k1,
    k1Axis,
    k2,
    k2Axis: k1Axis > 90 ? k1Axis - 90 : k1Axis + 90,
    kmax: onGrid(k2 + rng.step(0.3, 0.9, 0.01), 0.01),
    posteriorK: rng.step(-6.4, -5.8, 0.01),
    thinnestPachymetry: rng.int(505, 575),
    badD: rng.step(0.2, 1.4, 0.01),
    device: 'Pentacam HR',
  };
}

/** A refractive-surgery work-up: tomography, measurements, the plan per eye and its tissue budget. */
export function lasik(c: ExamContext): Data {
  const { rng, rx } = c;
  const tomography = both(() => normalTomography(rng));
  const contactLens = rng.pick(['none', 'soft', 'soft', 'toric'] as const);
  const procedure = rng.pick(['femtoLasik', 'femtoLasik', 'lasik', 'smile', 'prk'] as const);
  const flap = procedure === 'prk' ? undefined : procedure === 'smile' ? 120 : rng.pick([100, 110, 120]);
  const measurements = both((side) => ({
    cct: tomography[side].thinnestPachymetry + rng.int(3, 8),
    scotopicPupil: rng.step(5.5, 7.2, 0.1),
    wtw: rng.step(11.4, 12.4, 0.1),
    acd: rng.step(2.9, 3.6, 0.01),
    schirmer: rng.int(8, 25),
    tbut: rng.int(6, 15),
    iop: rng.int(12, 18),
  }));
  const plan = both((side) => ({
    procedure,
    opticalZone: 6.5,
    ...(flap ? { flapThickness: flap } : {}),
    ablationDepth: Math.round(
      munnerlynAblationDepth(6.5, sphericalEquivalent(rx[side].sphere, rx[side].cylinder)),
    ),
  }));
  const bed = (side: Side) => measurements[side].cct - (flap ?? 0) - plan[side].ablationDepth;
  const candidate = bed('right') >= 300 && bed('left') >= 300;
  return {
    history: {
      contactLens,
      ...(contactLens !== 'none' ? { lensOutDays: rng.pick([7, 10, 14]) } : {}),
      previousSurgery: [],
      contraindications: rng.chance(0.15) ? ['dryEye'] : [],
      stableForYear: true,
      dominantEye: rng.pick(['right', 'left']),
    },
    vision: both((side) => ({ ucva: unaided(rx[side], c.age), bcva: rng.pick(['6/6', '6/6', '6/7.5']) })),
    manifest: both((side) => rxFields(rx[side])),
    cycloplegic: both((side) => rxFields(shifted(rx[side], 0.25))),
    oldGlasses: {
      note: label('LasikOldGlasses', 'Single vision for distance'),
      ...both((side) => rxFields(shifted(rx[side], 0.5))),
    },
    tomography,
    measurements,
    plan,
    decision: candidate
      ? { outcome: 'candidate', reason: 'Normal tomography, adequate residual bed' }
      : { outcome: 'alternative', reason: 'Residual stromal bed under 300 µm: surface ablation or ICL' },
    note: label('LasikNote', candidate ? 'Good candidate for LASIK' : 'Better suited for PRK'),
  };
}

/** A keratoconic cornea at its first record; each later record steepens it by `rate` (see keratoconus). */
export interface Cornea {
  k1: number;
  k2: number;
  kmax: number;
  thinnest: number;
  axis: number;
  /** Kmax gained per record, dioptres. */
  rate: number;
}

/** A progressing cone gains over 1 D of Kmax between records (the progression signal) in its worse eye. */
export function randomCornea(rng: Random, progressing: boolean): Eyes<Cornea> {
  return both((side) => {
    const k1 = onGrid(rng.step(44.5, 47.5, 0.01) + (side === 'right' ? 1 : 0), 0.01);
    const k2 = onGrid(k1 + rng.step(2, 4, 0.01), 0.01);
    const rate = !progressing
      ? rng.step(0, 0.3, 0.05)
      : side === 'right'
        ? rng.step(KMAX_PROGRESSION_D + 0.1, 1.6, 0.05)
        : rng.step(0.3, 0.9, 0.05);
    return {
      k1,
      k2,
      kmax: onGrid(k2 + rng.step(3, 6.5, 0.01), 0.01),
      thinnest: rng.int(430, 480),
      axis: rng.int(20, 160),
      rate,
    };
  });
}

const FITTING_LISTS = {
  right: { lens: 'keratoconusRightLensTypes', sag: 'sagRight', limz: 'limzRight', sz: 'szRight' },
  left: { lens: 'keratoconusLeftLensTypes', sag: 'sagLeft', limz: 'limzLeft', sz: 'szLeft' },
} as const;

const stage = (kmax: number) => (kmax < 50 ? '1' : kmax < 54 ? '2' : kmax < 58 ? '3' : '4');

/** A keratoconus record: tomography at the patient's `visit`-th record (0 = first) and the lens fitted. */
export function keratoconus(c: ExamContext, cornea: Eyes<Cornea>, visit: number): Data {
  const { rng } = c;
  const scleral = rng.chance(0.3);
  const tomography = both((side) => {
    const base = cornea[side];
    const rise = visit * base.rate;
    const kmax = onGrid(base.kmax + rise, 0.01);
    return {
      k1: onGrid(base.k1 + rise * 0.3, 0.01),
      k1Axis: base.axis,
      k2: onGrid(base.k2 + rise * 0.5, 0.01),
      k2Axis: base.axis > 90 ? base.axis - 90 : base.axis + 90,
      kmax,
      posteriorK: onGrid(-7.2 - rise * 0.2, 0.01),
      thinnestPachymetry: base.thinnest - Math.round(visit * base.rate * 8),
      badD: onGrid(2.6 + kmax / 20, 0.01),
      device: 'Pentacam HR',
      stage: stage(kmax),
    };
  });
  const fitting = both((side) => {
    const t = tomography[side];
    const lens = scleral ? 'Scleral' : rng.pick(['Rose K2', 'Rose K2', 'Rigid gas permeable (RGP)']);
    const lists = FITTING_LISTS[side];
    return {
      lensType: label(lists.lens, lens),
      ...(scleral
        ? {
            sag: label(lists.sag, `${rng.pick([4100, 4300, 4500])} µm`),
            limz: label(lists.limz, 'Standard'),
            sz: label(lists.sz, rng.pick(['Standard', 'Toric'])),
            diameter: 16,
            centralClearance: rng.step(200, 300, 10),
          }
        : { baseCurve: onGrid(337.5 / meanK(t.k1, t.k2), 0.01), diameter: 8.7 }),
      power: onGrid(-(meanK(t.k1, t.k2) - 42) * 0.8, 0.25),
      ...(rng.chance(0.3) ? { overSphere: -0.5, overCylinder: -0.75, overAxis: 90 } : {}),
      fit: rng.chance(0.8) ? 'optimal' : rng.pick(['tight', 'loose']),
      vaWithLens: rng.pick(['6/6', '6/7.5', '6/9']),
      finalLens: true,
    };
  });
  const note =
    visit > 0 && cornea.right.rate >= KMAX_PROGRESSION_D
      ? 'Progression: refer for CXL'
      : visit > 0
        ? 'Stable'
        : 'Topography every 6 months';
  return { tomography, fitting, notes: label('KeratoconusNotes', note) };
}

const IOLS = [
  { model: 'Alcon AcrySof IQ SN60WF', aConstant: 119 },
  { model: 'J&J Tecnis ZCB00', aConstant: 119.3 },
  { model: 'Hoya Vivinex XY1', aConstant: 118.9 },
] as const;

/** Optical biometry before cataract surgery; the lens chosen per eye is the SRK/T power nearest the target. */
export function biometry(c: ExamContext): Data {
  const { rng } = c;
  const iol = rng.pick(IOLS);
  const target = rng.pick([0, -0.25, -0.5]);
  const long = rng.chance(0.08);
  const axialLength = long ? rng.step(26.5, 28.5, 0.01) : rng.step(22, 25.2, 0.01);
  const measurements = both((side) => {
    const k1 = rng.step(42.25, 45.5, 0.01);
    const k1Axis = rng.int(1, 180);
    return {
      axialLength: side === 'right' ? axialLength : onGrid(axialLength + rng.step(-0.2, 0.2, 0.01), 0.01),
      k1,
      k1Axis,
      k2: onGrid(k1 + rng.step(0.25, 1.25, 0.01), 0.01),
      k2Axis: k1Axis > 90 ? k1Axis - 90 : k1Axis + 90,
      acd: rng.step(2.5, 3.5, 0.01),
      lensThickness: rng.step(4.2, 5.2, 0.01),
      wtw: rng.step(11.3, 12.5, 0.01),
      eyeStatus: 'phakic',
    };
  });
  const lens = both((side) => {
    const m = measurements[side];
    const input = { axialLength: m.axialLength, meanK: meanK(m.k1, m.k2), aConstant: iol.aConstant };
    const options = srkt(input, target).options;
    const nearest = options.reduce((best, o) =>
      Math.abs(o.predictedRefraction - target) < Math.abs(best.predictedRefraction - target) ? o : best,
    );
    return {
      lensModel: iol.model,
      aConstant: iol.aConstant,
      targetRefraction: target,
      iolPower: nearest.power,
    };
  });
  return {
    measurements: { device: 'iolMaster', ...measurements },
    lens,
    note: label('BiometryNote', long ? 'Long axial length (high myopia)' : 'Measured with IOLMaster'),
    down: label('BiometryDown', 'Formula: SRK/T'),
  };
}

export type FollowUpKind = 'postCataract' | 'postLasik' | 'glaucoma' | 'diabetic';

const FINDINGS: Record<FollowUpKind, { anterior: string; posterior: string; plan: string; drops: string }> = {
  postCataract: {
    anterior: 'Clear cornea, quiet AC, IOL centred in the bag',
    posterior: 'Flat retina, healthy disc',
    plan: 'Taper steroid drops over four weeks',
    drops: 'Prednisolone acetate 1% QID, moxifloxacin 0.5% QID',
  },
  postLasik: {
    anterior: 'Flap in place, clear interface',
    posterior: 'Normal',
    plan: 'Lubricants, avoid rubbing, sunglasses outdoors',
    drops: 'Preservative-free tears 6x daily, fluorometholone 0.1% TDS',
  },
  glaucoma: {
    anterior: 'Deep and quiet AC, open angles',
    posterior: 'Cupped disc with inferior rim thinning',
    plan: 'Visual field and OCT RNFL at next visit',
    drops: 'Latanoprost 0.005% at night, timolol 0.5% BD',
  },
  diabetic: {
    anterior: 'Clear lens',
    posterior: 'Scattered dot-blot haemorrhages, no neovascularisation',
    plan: 'HbA1c control with the physician; repeat OCT',
    drops: 'None',
  },
};

/** A follow-up visit after surgery, or of a chronic condition; `nextVisit` is the recall it books. */
export function followUp(c: ExamContext, kind: FollowUpKind, nextVisit?: string): Data {
  const { rng, rx } = c;
  const f = FINDINGS[kind];
  const pressure = () => (kind === 'glaucoma' ? rng.int(17, 27) : rng.int(11, 19));
  const afterSurgery = kind === 'postCataract' || kind === 'postLasik';
  const intervals = afterSurgery ? (['day1', 'week1', 'month1'] as const) : (['month3', 'month6'] as const);
  const complication = afterSurgery && rng.chance(0.15);
  return {
    visit: {
      interval: rng.pick(intervals),
      complaint: complication
        ? 'Mild redness and glare'
        : rng.pick(['No complaint', 'Occasional blurring', 'Dryness']),
    },
    vision: both((side) => ({
      ucva: afterSurgery ? rng.pick(['6/6', '6/9', '6/12']) : unaided(rx[side], c.age),
      bcva: rng.pick(['6/6', '6/7.5', '6/9']),
    })),
    refraction: both((side) =>
      rxFields(
        afterSurgery
          ? { sphere: rng.step(-0.5, 0.5, 0.25), cylinder: -rng.step(0, 0.75, 0.25), axis: rx[side].axis }
          : rx[side],
      ),
    ),
    iop: [
      {
        time: clockTime(c, 5),
        method: kind === 'glaucoma' ? 'goldmann' : 'nct',
        right: { value: pressure() },
        left: { value: pressure() },
      },
    ],
    findings: both(() => ({ anterior: f.anterior, posterior: f.posterior })),
    complications: complication ? [kind === 'postLasik' ? 'dryEye' : 'inflammation'] : [],
    plan: {
      medications: f.drops,
      plan: f.plan,
      outcome: complication ? 'changed' : 'continue',
      ...(nextVisit ? { nextVisit } : {}),
    },
  };
}

const DR = ['mildNpdr', 'moderateNpdr', 'severeNpdr', 'pdr'] as const;

/** A dilated fundus examination: a diabetic's retinopathy grade and macular thickness, or a healthy fundus. */
export function retina(c: ExamContext, diabetic: boolean): Data {
  const { rng } = c;
  const grade = diabetic ? rng.int(0, 3) : -1;
  const oedema = grade >= 1 && rng.chance(0.5);
  return {
    dilation: { dilated: true, drops: ['tropicamide', 'phenylephrine'], time: clockTime(c, 30) },
    fundus: both((side) => {
      const g = side === 'left' ? Math.max(-1, grade - rng.int(0, 1)) : grade;
      const wet = oedema && (side === 'right' || rng.chance(0.5));
      return {
        cupDisc: rng.step(0.25, 0.45, 0.05),
        disc: 'Pink, well-defined margins',
        macula: wet ? 'Hard exudates within 500 µm of the fovea' : 'Foveal reflex present',
        vessels: g >= 0 ? 'Microaneurysms, venous beading' : 'Normal calibre',
        periphery: g === 3 ? 'NVE superotemporal, PRP scars' : 'Flat retina 360°',
        vitreous: rng.chance(0.2) ? 'Posterior vitreous detachment' : 'Clear',
        cmt: wet ? rng.int(320, 480) : rng.int(240, 285),
        drGrade: g >= 0 ? DR[g] : 'none',
        maculopathy: wet ? rng.pick(['dme', 'csme']) : 'none',
        oct: wet ? 'Intraretinal cysts with subretinal fluid' : 'Normal foveal contour',
      };
    }),
    note: oedema ? 'Refer for anti-VEGF injections' : diabetic ? 'Annual screening' : 'Healthy fundus',
  };
}

/** A low-vision assessment (macular degeneration mostly): logMAR acuity, contrast, goals and the aids tried. */
export function lowVision(c: ExamContext): Data {
  const { rng } = c;
  const logMAR = () => `${rng.step(0.8, 1.3, 0.1).toFixed(2)} logMAR`;
  return {
    acuity: {
      binocularDistance: rng.pick(['6/36', '6/60']),
      binocularNear: rng.pick(['0.10', '0.16']),
      ...both(() => ({ distance: logMAR(), near: rng.pick(['0.08', '0.10', '0.12']) })),
    },
    field: c.age >= 55 ? 'centralLoss' : 'peripheralLoss',
    contrast: { test: 'pelliRobson', logCS: rng.step(0.6, 1.35, 0.05) },
    colour: { test: 'ishihara', ...both(() => ({ result: `${rng.int(4, 12)}/17` })) },
    goals: rng.shuffle(['reading', 'tv', 'faces', 'mobility', 'writing']).slice(0, rng.int(2, 4)),
    aids: [
      {
        type: 'standMagnifier',
        magnification: rng.pick([3, 4, 5]),
        workingDistance: 25,
        eye: 'both',
        achievedVa: '0.40',
        prescribed: true,
      },
      {
        type: 'distanceTelescope',
        magnification: 2.5,
        workingDistance: 100,
        eye: 'right',
        achievedVa: '6/18',
        prescribed: rng.chance(0.4),
      },
    ],
    referrals: ['rehabilitation'],
    note: 'Good lighting advised; large-print materials',
  };
}

const OUTER = [
  [
    'Blepharitis',
    '<p><strong>Both lids:</strong> crusting at the lash base, meibomian gland plugging.</p><ul><li>Warm compresses twice a day</li><li>Lid scrubs</li></ul>',
  ],
  [
    'Chalazion',
    '<p>Firm, painless nodule of the <strong>right upper lid</strong>, 5 mm.</p><p>Warm compresses; review in 4 weeks for incision and curettage if persistent.</p>',
  ],
  [
    'Allergic conjunctivitis',
    '<p>Itching, papillae on the upper tarsus, <em>no</em> corneal involvement.</p><ul><li>Olopatadine 0.1% BD</li><li>Cold compresses</li></ul>',
  ],
  [
    'Conjunctivitis',
    '<p>Watery discharge, follicles, preauricular node.</p><p>Viral: hygiene advice, lubricants, review if vision drops.</p>',
  ],
  [
    'Pterygium',
    '<p>Nasal pterygium of the <strong>left eye</strong> reaching 2 mm onto the cornea.</p><p>Sunglasses outdoors; excision with conjunctival autograft if it progresses.</p>',
  ],
  [
    'Dry eye',
    '<p>TBUT 5 s, inferior punctate staining.</p><ul><li>Preservative-free tears QID</li><li>Screen-time breaks</li></ul>',
  ],
  [
    'Corneal foreign body',
    '<p>Metallic foreign body removed at the slit lamp; rust ring cleared.</p><p>Chloramphenicol ointment QID for 5 days.</p>',
  ],
  [
    'Subconjunctival haemorrhage',
    '<p>Spontaneous, painless. Blood pressure checked.</p><p>Reassured; resolves in two weeks.</p>',
  ],
] as const;

/** An external-eye note: a title from the clinic's list and a short rich-text body. */
export function outer(c: ExamContext): Data {
  const [title, body] = c.rng.pick(OUTER);
  return { title: label('OuterTitle', title), body };
}

/**
 * A doctor's consultation, the same for every patient of a story (it draws nothing from the random source, so
 * the rest of the demo stays as it was): coded diagnoses and a prescription written outside the formulary.
 */
export function consultation(_c: ExamContext, kind: 'glaucoma' | 'outer'): Data {
  if (kind === 'glaucoma')
    return {
      complaint: 'Routine glaucoma review',
      diagnoses: [{ code: 'H40.1', text: 'Primary open-angle glaucoma', eye: 'both', status: 'existing' }],
      medications: [
        {
          name: 'Timolol 0.5%',
          form: 'drops',
          eye: 'both',
          dose: 1,
          doseUnit: 'drop',
          frequency: { timesPerDay: 2 },
          longTerm: true,
          instructionCodes: ['pressTearDuct'],
        },
      ],
      plan: 'Continue drops; visual fields in three months',
    };
  return {
    complaint: 'Red, sticky eye',
    diagnoses: [{ code: 'H10.0', text: 'Mucopurulent conjunctivitis', eye: 'both', status: 'new' }],
    medications: [
      {
        name: 'Moxifloxacin 0.5%',
        form: 'drops',
        eye: 'both',
        dose: 1,
        doseUnit: 'drop',
        frequency: { timesPerDay: 4 },
        durationDays: 7,
      },
    ],
    plan: 'Hygiene advice; return if no better in a week',
  };
}
