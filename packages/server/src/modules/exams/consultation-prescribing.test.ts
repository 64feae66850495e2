import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drug } from '@basira/shared/codes/codes.schemas';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { PRESCRIBING_RULES } from '@basira/shared/prescribing/prescribing-rules';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';

/**
 * Every rule of the prescribing table (shared/prescribing/prescribing-rules.ts), through a saved consultation, with
 * a patient who has the allergy, condition or age it is about and one who does not (docs/prescribing.md). The
 * rule's source is in the table; the case's patient is built from what the rule names. A contraindication is
 * held until a reason is given (422), then saved with it.
 */

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
const formulary = new Map<string, Drug>();

/** A patient born this many months before today (the age rules read the age at the visit). */
function bornMonthsAgo(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

interface Med {
  /** A formulary drug, found by searching this; or, with `typed`, a name typed by hand. */
  drug: string;
  typed?: boolean;
  eye?: 'right' | 'left' | 'both' | null;
  form?: string;
  durationDays?: number;
  taper?: { frequency: { timesPerDay: number }; durationDays: number }[];
}

interface Case {
  rule: string;
  /** The patient it applies to; the other patient of the case is a healthy adult with no alerts. */
  patient: Record<string, unknown>;
  meds: Med[];
  /** Diagnoses of the consultation itself. */
  diagnoses?: { code: string; status?: string }[];
  /** A consultation saved before, coding what the patient has. */
  earlier?: { code: string }[];
}

const adult = bornMonthsAgo(40 * 12);
const withAllergy = (allergy: Record<string, unknown>) => ({
  birthDate: adult,
  alerts: { allergies: [allergy] },
});
const withConditions = (...conditions: string[]) => ({ birthDate: adult, alerts: { conditions } });
const aged = (months: number) => ({ birthDate: bornMonthsAgo(months), alerts: {} });

const CASES: Case[] = [
  {
    rule: 'allergy-sulfonamide',
    patient: withAllergy({ text: 'sulfa' }),
    meds: [{ drug: 'Dorzolamide 2%' }],
  },
  {
    rule: 'allergy',
    patient: withAllergy({ substance: 'fluoroquinolone', reaction: 'rash' }),
    meds: [{ drug: 'Moxifloxacin 0.5%' }],
  },
  {
    rule: 'allergy-cross-cephalosporin',
    patient: withAllergy({ text: 'penicillin' }),
    meds: [{ drug: 'Cefuroxime 1 mg/0.1 ml intracameral', typed: true, form: 'injection', eye: 'right' }],
  },
  {
    rule: 'allergy-cross-sulfonamide',
    patient: withAllergy({ substance: 'sulfacetamide' }),
    meds: [{ drug: 'Brinzolamide 1%' }],
  },
  {
    rule: 'allergy-unchecked',
    patient: withAllergy({ text: 'the blue drops' }),
    meds: [{ drug: 'Timolol 0.5%' }],
  },
  { rule: 'drug-unchecked', patient: {}, meds: [{ drug: 'Grandma’s herbal drops', typed: true }] },
  { rule: 'beta-blocker-asthma', patient: withConditions('asthma'), meds: [{ drug: 'Timolol 0.5%' }] },
  {
    rule: 'beta-blocker-copd',
    patient: withConditions('copd'),
    meds: [{ drug: 'Dorzolamide 2% + timolol 0.5%' }],
  },
  {
    rule: 'beta-blocker-bradycardia',
    patient: withConditions('bradycardia'),
    meds: [{ drug: 'Betaxolol 0.25%' }],
  },
  {
    rule: 'beta-blocker-heart-block',
    patient: withConditions('heartBlock'),
    meds: [{ drug: 'Timolol 0.5%' }],
  },
  {
    rule: 'beta-blocker-heart-failure',
    patient: withConditions('heartFailure'),
    meds: [{ drug: 'Latanoprost 0.005% + timolol 0.5%' }],
  },
  {
    rule: 'beta-blocker-myasthenia',
    patient: withConditions('myasthenia'),
    meds: [{ drug: 'Timolol 0.5%' }],
  },
  {
    rule: 'acetazolamide-renal-failure',
    patient: withConditions('renalFailure'),
    meds: [{ drug: 'Acetazolamide 250 mg', eye: null }],
  },
  {
    rule: 'acetazolamide-hepatic-failure',
    patient: withConditions('hepaticFailure'),
    meds: [{ drug: 'Acetazolamide 250 mg', eye: null }],
  },
  {
    rule: 'acetazolamide-sickle-cell',
    patient: withConditions('sickleCell'),
    meds: [{ drug: 'Acetazolamide 250 mg', eye: null }],
  },
  {
    rule: 'acetazolamide-pregnancy',
    patient: { ...withConditions('pregnancy'), isMale: 0 },
    meds: [{ drug: 'Acetazolamide 250 mg', eye: null }],
  },
  { rule: 'alpha-agonist-under-2', patient: aged(18), meds: [{ drug: 'Brimonidine 0.2%' }] },
  {
    rule: 'phenylephrine-10-child',
    patient: aged(8 * 12),
    meds: [{ drug: 'Phenylephrine 10%', typed: true }],
  },
  {
    rule: 'phenylephrine-10-hypertension',
    patient: withConditions('hypertension'),
    meds: [{ drug: 'Phenylephrine 10%', typed: true }],
  },
  {
    rule: 'phenylephrine-10-heart-disease',
    patient: withConditions('coronaryDisease'),
    meds: [{ drug: 'Phenylephrine 10%', typed: true }],
  },
  { rule: 'cycloplegic-infant-strength', patient: aged(6), meds: [{ drug: 'Cyclopentolate 1%' }] },
  {
    rule: 'steroid-herpes-keratitis',
    patient: {},
    diagnoses: [{ code: 'B00.5' }],
    meds: [{ drug: 'Prednisolone acetate 1%' }],
  },
  {
    rule: 'steroid-glaucoma',
    patient: {},
    earlier: [{ code: 'H40.1' }],
    meds: [{ drug: 'Prednisolone acetate 1%' }],
  },
  {
    rule: 'steroid-pressure-check',
    // The usual 4-3-2-1 weekly taper: 28 days.
    patient: {},
    meds: [
      {
        drug: 'Prednisolone acetate 1%',
        durationDays: 7,
        taper: [3, 2, 1].map((n) => ({ frequency: { timesPerDay: n }, durationDays: 7 })),
      },
    ],
  },
  {
    rule: 'same-class',
    patient: {},
    meds: [{ drug: 'Latanoprost 0.005%' }, { drug: 'Latanoprost 0.005% + timolol 0.5%' }],
  },
];

async function drug(name: string): Promise<Drug> {
  let found = formulary.get(name);
  if (!found) {
    const rows = await c.ok<Drug[]>('GET', `/api/mo/code/drug?search=${encodeURIComponent(name)}`);
    found = rows.find((d) => d.name === name);
    if (!found) throw new Error(`${name} is not in the formulary`);
    formulary.set(name, found);
  }
  return found;
}

async function medication(med: Med, reason: string | null) {
  const base = {
    form: med.form ?? 'drops',
    eye: med.eye === undefined ? 'right' : med.eye,
    frequency: { timesPerDay: med.taper ? 4 : 2 },
    durationDays: med.durationDays ?? 7,
    taper: med.taper ?? [],
    ...(reason ? { overrideReason: reason } : {}),
  };
  if (med.typed) return { ...base, name: med.drug };
  const found = await drug(med.drug);
  return { ...base, drugId: found.id, name: found.name, form: med.form ?? found.form };
}

/** A visit of a new patient, with the consultations the case says were saved before. */
async function visitOf(fields: Record<string, unknown>, earlier: Case['earlier']) {
  const patient = await c.patient(fields);
  const entry = await c.queue(patient.id);
  if (earlier)
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: entry.id,
      diagnoses: earlier.map((d) => ({ ...d, eye: 'both', status: 'existing' })),
    });
  return { patient, queueId: entry.id };
}

async function consult(visit: { patient: Patient; queueId: number }, kase: Case, reason: string | null) {
  return c.call('POST', '/api/mo/exam/consultation', {
    patientId: visit.patient.id,
    queueId: visit.queueId,
    diagnoses: (kase.diagnoses ?? []).map((d) => ({ eye: 'right', status: 'new', ...d })),
    medications: await Promise.all(kase.meds.map((m) => medication(m, reason))),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
});
afterAll(() => t.close());

describe(`every prescribing rule, with a patient it applies to and one it does not, on ${dbKind}`, () => {
  it('covers every rule of the table', () => {
    expect(CASES.map((k) => k.rule).sort()).toEqual(PRESCRIBING_RULES.map((r) => r.id).sort());
  });

  for (const kase of CASES) {
    const rule = PRESCRIBING_RULES.find((r) => r.id === kase.rule)!;
    it(`${kase.rule} (${rule.severity})`, async () => {
      const visit = await visitOf(kase.patient, kase.earlier);
      if (rule.severity === 'contraindicated') {
        const held = await consult(visit, kase, null);
        expect(held.statusCode, held.body).toBe(422);
        expect(Object.values(held.json().errors).flat()).toContain('value.reason_required');
      }
      const saved = await consult(visit, kase, 'Discussed with the patient; benefit outweighs the risk');
      expect(saved.statusCode, saved.body).toBe(201);
      const codes = (saved.json().data.derived.warnings as { code: string; severity: string }[]).map(
        (w) => `${w.code}:${w.severity}`,
      );
      expect(codes).toContain(`${kase.rule}:${rule.severity}`);

      // The same prescription for a healthy adult with no alerts: not this rule.
      const healthy = await visitOf({ birthDate: adult }, undefined);
      const plain = await consult(healthy, { ...kase, diagnoses: [] }, null);
      if (
        kase.rule === 'drug-unchecked' ||
        kase.rule === 'same-class' ||
        kase.rule === 'steroid-pressure-check'
      ) {
        // Rules about the prescription itself hold for any patient: the other case is the prescription without it.
        expect(plain.statusCode, plain.body).toBe(201);
        return;
      }
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json().data.derived.warnings.map((w: { code: string }) => w.code)).not.toContain(
        kase.rule,
      );
    });
  }

  it('the prescription-level rules stay quiet without their cause: a known drug, one of a class, a short course', async () => {
    const visit = await visitOf({ birthDate: adult }, undefined);
    const res = await consult(
      visit,
      {
        rule: '',
        patient: {},
        meds: [{ drug: 'Latanoprost 0.005%' }, { drug: 'Prednisolone acetate 1%', durationDays: 7 }],
      },
      null,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.derived.warnings).toEqual([]);
  });

  it('answers the form the drugs its saved record names, so they are checked live as the save checks them', async () => {
    const visit = await visitOf(withConditions('asthma'), undefined);
    const kase: Case = { rule: 'beta-blocker-asthma', patient: {}, meds: [{ drug: 'Timolol 0.5%' }] };
    const saved = await consult(visit, kase, 'chest physician agrees');
    expect(saved.statusCode, saved.body).toBe(201);
    const timolol = await drug('Timolol 0.5%');
    const url = `/api/mo/exam/consultation/context?patientId=${visit.patient.id}&queueId=${visit.queueId}`;
    type Answer = { prescribing: { drugs: Record<string, { ingredients: unknown[] }> } };
    const fresh = await c.ok<Answer>('GET', url);
    expect(fresh.prescribing.drugs).toEqual({});
    const editing = await c.ok<Answer>('GET', `${url}&recordId=${saved.json().data.id}`);
    expect(editing.prescribing.drugs[timolol.id]?.ingredients.length).toBeGreaterThan(0);
    // Another patient's record names nothing here.
    const stranger = await visitOf({ birthDate: adult }, undefined);
    const elsewhere = await c.ok<Answer>(
      'GET',
      `/api/mo/exam/consultation/context?patientId=${stranger.patient.id}&queueId=${stranger.queueId}&recordId=${saved.json().data.id}`,
    );
    expect(elsewhere.prescribing.drugs).toEqual({});
  });

  it('answers the form the same context a save reads (GET /api/mo/exam/consultation/context)', async () => {
    const visit = await visitOf(
      {
        birthDate: bornMonthsAgo(30),
        alerts: { allergies: [{ text: 'sulfa' }], conditions: ['asthma'], other: 'COPD' },
      },
      [{ code: 'H40.1' }],
    );
    const context = await c.ok<{ prescribing: Record<string, unknown> }>(
      'GET',
      `/api/mo/exam/consultation/context?patientId=${visit.patient.id}&queueId=${visit.queueId}`,
    );
    expect(context.prescribing).toMatchObject({
      allergies: [{ text: 'sulfa', substances: ['sulfonamide'] }],
      conditions: [
        { id: 'asthma', from: 'recorded' },
        { id: 'glaucoma', from: 'diagnosis', code: 'H40.1' },
        { id: 'copd', from: 'alerts' },
      ],
      ageMonths: 30,
      lastIopDay: null,
    });
    const other = await t.newOrg();
    const foreign = await t.request({
      method: 'GET',
      url: `/api/mo/exam/consultation/context?patientId=${visit.patient.id}&queueId=${visit.queueId}`,
      org: other.slug,
      token: other.adminToken,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
