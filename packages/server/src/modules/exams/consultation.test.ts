import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drug } from '@basira/shared/codes/codes.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
let visit: { patientId: number; queueId: number };
let moxifloxacin: Drug;
let prednisolone: Drug;

/** The test visits' day (queued now, in the organization's zone), and next visits a week and six weeks after it. */
const visitDay = () => localDay(new Date(), DEFAULT_TIME_ZONE);
const nextWeek = () => addToDay(visitDay(), 7);
// Past four weeks: a long steroid course without a visit booked within them gets its pressure reminder.
const inSixWeeks = () => addToDay(visitDay(), 42);

const url = (id?: number) => `/api/mo/exam/consultation${id === undefined ? '' : `/${id}`}`;

async function drugNamed(search: string): Promise<Drug> {
  const found = await c.ok<Drug[]>('GET', `/api/mo/code/drug?search=${encodeURIComponent(search)}`);
  expect(found.length, search).toBeGreaterThan(0);
  return found[0]!;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
  const patient = await c.patient({
    name: 'Consultation Patient',
    alerts: { allergies: [{ text: 'Penicillin' }, { substance: 'moxifloxacin', reaction: 'rash' }] },
  });
  const entry = await c.queue(patient.id);
  visit = { patientId: patient.id, queueId: entry.id };
  moxifloxacin = await drugNamed('moxifloxacin');
  prednisolone = await drugNamed('prednisolone acetate');
});
afterAll(() => t.close());

const body = () => ({
  ...visit,
  complaint: 'Red painful right eye for three days',
  history: 'Known glaucoma suspect',
  diagnoses: [
    { code: 'h10.0', text: 'Mucopurulent conjunctivitis', eye: 'right', status: 'new' },
    { code: '', text: 'Dry eye, evaporative', eye: 'both', status: 'existing', note: 'worse at work' },
  ],
  medications: [
    {
      drugId: moxifloxacin.id,
      name: moxifloxacin.name,
      form: 'drops',
      eye: 'right',
      dose: 1,
      doseUnit: 'drop',
      frequency: { timesPerDay: 4 },
      durationDays: 7,
      taper: [],
      overrideReason: 'Rash was mild; no alternative in stock',
    },
    {
      drugId: prednisolone.id,
      name: prednisolone.name,
      form: 'drops',
      eye: 'right',
      dose: 1,
      doseUnit: 'drop',
      frequency: { everyHours: 2, whileAwake: true },
      durationDays: 14,
      taper: [
        { frequency: { timesPerDay: 4 }, durationDays: 7 },
        { frequency: { timesPerDay: 2 }, durationDays: 7 },
        { frequency: { timesPerDay: 1 }, durationDays: 7 },
      ],
      instructionCodes: ['shakeWell'],
      instructions: 'Keep the eye closed for a minute',
    },
  ],
  plan: 'Review in one week',
  referral: { to: 'Cornea clinic', reason: 'If no better' },
  nextVisit: inSixWeeks(),
});

describe(`consultation records on ${dbKind}`, () => {
  it('creates with two diagnoses and two medications (one tapered): schedules, total days, summary', async () => {
    const res = await c.call('POST', url(), body());
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().data;
    expect(record).toMatchObject({
      type: 'consultation',
      diagnoses: [{ code: 'H10.0' }, { text: 'Dry eye, evaporative' }],
      nextVisit: inSixWeeks(),
      referral: { to: 'Cornea clinic' },
    });
    const meds = record.derived.medications;
    expect(meds).toHaveLength(2);
    for (const med of meds) {
      expect(typeof med.scheduleText.en).toBe('string');
      expect(typeof med.scheduleText.ar).toBe('string');
      expect(med.scheduleText.en.length).toBeGreaterThan(0);
      expect(med.scheduleText.ar.length).toBeGreaterThan(0);
    }
    expect(meds.map((m: { totalDays: number | null }) => m.totalDays)).toEqual([7, 35]);
    expect(meds[0].scheduleText).toEqual({
      en: '1 drop in the right eye 4 times a day for 7 days',
      ar: 'قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام',
    });
    // The coded diagnosis keeps its title as the list had it (for the prescription and letters); free text none.
    expect(record.derived.diagnoses).toEqual([
      { titleEn: expect.stringMatching(/conjunctivitis/i) as string, titleAr: expect.any(String) as string },
      null,
    ]);

    // Read back as stored, and summarised on the board's groups.
    const read = await c.call('GET', url(record.id));
    expect(read.json().data.derived).toEqual(record.derived);
    const board = await c.call('GET', `${url()}?patientId=${visit.patientId}`);
    expect(board.json().data.map((r: { id: number }) => r.id)).toContain(record.id);
  });

  it('refuses a code outside the list (value.unknown_code), and a diagnosis with neither code nor text', async () => {
    const payload = body();
    payload.diagnoses[1] = { code: 'ZZ99.9', text: 'Something', eye: 'both', status: 'new' };
    payload.diagnoses.push({ code: '', text: '', eye: 'left', status: 'new' });
    const res = await c.call('POST', url(), payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors['diagnoses.2.text']).toEqual(['value.required']);

    const unknownOnly = body();
    unknownOnly.diagnoses[1] = { code: 'ZZ99.9', text: 'Something', eye: 'both', status: 'new' };
    const unknown = await c.call('POST', url(), unknownOnly);
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().errors).toEqual({ 'diagnoses.1.code': ['value.unknown_code'] });
  });

  it('refuses a drug outside the organization’s formulary (value.unknown_drug)', async () => {
    const payload = body();
    payload.medications[1]!.drugId = 2_000_000_000;
    const res = await c.call('POST', url(), payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ 'medications.1.drugId': ['value.unknown_drug'] });

    // Another organization's drug is unknown here too.
    const theirs = await t.newOrg();
    const [their] = await clinic(t, theirs).ok<Drug[]>('GET', '/api/mo/code/drug?search=moxifloxacin');
    const other = body();
    other.medications[0]!.drugId = their!.id;
    const refused = await c.call('POST', url(), other);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'medications.0.drugId': ['value.unknown_drug'] });
  });

  it('refuses a duration outside 1–365 days, a taper past 6 steps and a frequency out of its limits', async () => {
    const payload = body();
    payload.medications[0]!.durationDays = 0;
    payload.medications[1]!.durationDays = 366;
    payload.medications[1]!.taper = Array.from({ length: 7 }, () => ({
      frequency: { timesPerDay: 1 },
      durationDays: 3,
    }));
    const res = await c.call('POST', url(), payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'medications.0.durationDays',
      'medications.1.durationDays',
      'medications.1.taper',
    ]);

    const frequency = body();
    frequency.medications[0]!.frequency = { timesPerDay: 0 };
    const bad = await c.call('POST', url(), frequency);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['medications.0.frequency']);
  });

  it('refuses a dose outside its unit’s range or without a unit, text doses, and long-term with days', async () => {
    const refused = async (medications: Record<string, unknown>[]) => {
      const res = await c.call('POST', url(), { ...visit, medications });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(
      await refused([
        { name: 'A', form: 'drops', dose: 1.5, doseUnit: 'drop' },
        { name: 'B', form: 'ointment', dose: 3, doseUnit: 'cm' },
        { name: 'C', form: 'tablet', dose: 0.25, doseUnit: 'tablet' },
        { name: 'D', form: 'other', dose: 2 },
        { name: 'E', form: 'drops', dose: '1 drop' },
        {
          name: 'F',
          form: 'drops',
          dose: 1,
          doseUnit: 'drop',
          frequency: { timesPerDay: 1 },
          durationDays: 30,
          longTerm: true,
        },
        { name: 'G', form: 'drops', dose: 1, doseUnit: 'drop', taper: [{ durationDays: 7 }] },
      ]),
    ).toEqual({
      'medications.0.dose': ['value.dose_drop'],
      'medications.1.dose': ['value.dose_cm'],
      'medications.2.dose': ['value.dose_tablet'],
      'medications.3.doseUnit': ['value.required'],
      'medications.4.dose': ['value.invalid'],
      'medications.5.durationDays': ['value.long_term_days'],
      'medications.6.taper.0.frequency': ['value.required'],
    });
  });

  it('holds a contraindicated drug for a reason, then stores and audits it with the warnings', async () => {
    const unexplained = body();
    delete (unexplained.medications[0] as { overrideReason?: string }).overrideReason;
    const held = await c.call('POST', url(), unexplained);
    expect(held.statusCode, held.body).toBe(422);
    expect(held.json().errors).toEqual({ 'medications.0.overrideReason': ['value.reason_required'] });

    const res = await c.call('POST', url(), body());
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().data;
    expect(record.medications[0].overrideReason).toBe('Rash was mild; no alternative in stock');
    const warnings: { code: string; medication?: number; severity?: string }[] = record.derived.warnings;
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'allergy',
        medication: 0,
        severity: 'contraindicated',
        substance: 'moxifloxacin',
      }),
    );
    // Prednisolone for 35 days, and the next visit is not within 4 weeks of this one: the pressure reminder.
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: 'steroid-pressure-check', medication: 1, totalDays: 35 }),
    );
    const audit = (await t.database.db.execute(
      sql`SELECT details FROM audit_log WHERE org_id = ${org.id} AND entity_id = ${record.id} AND action = 'exam.created'`,
    )) as unknown as { rows: { details: { confirmed?: unknown } }[] };
    expect(audit.rows[0]!.details.confirmed).toEqual([
      {
        path: 'medications.0.overrideReason',
        reason: 'Rash was mild; no alternative in stock',
        answers: ['allergy'],
      },
    ]);
  });

  it('is refused to reception (403), and granted to a doctor’s consultation permissions', async () => {
    const reception: PermissionName[] = [
      'dashboard',
      'show patients',
      'add patient',
      'edit patient',
      'show queues',
      'add queue',
      'edit queue',
      'cancel board',
      'waiting board',
      'rewaiting board',
      'print squint',
      'send message',
    ];
    const desk = await userWith(t, org, reception);
    const record = (await c.call('POST', url(), body())).json().data;
    expect((await c.call('POST', url(), body(), desk.token)).statusCode).toBe(403);
    expect((await c.call('GET', url(record.id), undefined, desk.token)).statusCode).toBe(403);
    expect(
      (await c.call('GET', `${url()}?patientId=${visit.patientId}`, undefined, desk.token)).statusCode,
    ).toBe(403);
    expect((await c.call('DELETE', url(record.id), undefined, desk.token)).statusCode).toBe(403);

    const doctor = await userWith(t, org, [
      'add consultation',
      'edit consultation',
      'delete consultation',
      'show consultation',
      'print consultation',
    ]);
    expect((await c.call('POST', url(), body(), doctor.token)).statusCode).toBe(201);
    expect((await c.call('GET', url(record.id), undefined, doctor.token)).statusCode).toBe(200);
    expect((await c.call('DELETE', url(record.id), undefined, doctor.token)).statusCode).toBe(200);
  });

  it('writes twelve regimens out word for word in both languages, through a stored record', async () => {
    const times = (timesPerDay: number) => ({ timesPerDay });
    const regimens: [Record<string, unknown>, string, string][] = [
      [
        {
          form: 'drops',
          eye: 'right',
          dose: 1,
          doseUnit: 'drop',
          frequency: times(4),
          durationDays: 7,
          taper: [{ frequency: times(2), durationDays: 7 }],
        },
        'قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام',
        '1 drop in the right eye 4 times a day for 7 days, then twice a day for 7 days',
      ],
      [
        {
          form: 'drops',
          eye: 'left',
          dose: 1,
          doseUnit: 'drop',
          frequency: times(4),
          durationDays: 7,
          taper: [
            { frequency: times(3), durationDays: 7 },
            { frequency: times(2), durationDays: 7 },
          ],
        },
        'قطرة واحدة في العين اليسرى ٤ مرات يوميًا لمدة ٧ أيام، ثم ٣ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام',
        '1 drop in the left eye 4 times a day for 7 days, then 3 times a day for 7 days, then twice a day for 7 days',
      ],
      [
        { form: 'ointment', eye: 'left', dose: 1, doseUnit: 'cm', frequency: 'bedtime', durationDays: 14 },
        'يوضع ١ سم من المرهم في العين اليسرى قبل النوم لمدة ١٤ يومًا',
        'apply 1 cm of ointment to the left eye at bedtime for 14 days',
      ],
      [
        {
          form: 'drops',
          eye: 'right',
          dose: 1,
          doseUnit: 'drop',
          frequency: { everyHours: 2, whileAwake: true },
          durationDays: 3,
        },
        'قطرة واحدة في العين اليمنى كل ساعتين في ساعات الاستيقاظ لمدة ٣ أيام',
        '1 drop in the right eye every 2 hours while awake for 3 days',
      ],
      [
        { form: 'drops', eye: 'both', dose: 1, doseUnit: 'drop', frequency: 'asNeeded' },
        'قطرة واحدة في كلتا العينين عند الحاجة',
        '1 drop in both eyes as needed',
      ],
      [
        { form: 'tablet', dose: 1, doseUnit: 'tablet', frequency: times(2), durationDays: 5 },
        'حبة واحدة عن طريق الفم مرتين يوميًا لمدة ٥ أيام',
        '1 tablet by mouth twice a day for 5 days',
      ],
      [
        { form: 'tablet', dose: 250, doseUnit: 'mg', frequency: { everyHours: 12 }, durationDays: 10 },
        '٢٥٠ ملغ عن طريق الفم كل ١٢ ساعة لمدة ١٠ أيام',
        '250 mg by mouth every 12 hours for 10 days',
      ],
      [
        { form: 'injection', eye: 'left', dose: 0.05, doseUnit: 'ml' },
        'حقنة ٠٫٠٥ مل في العين اليسرى',
        'injection of 0.05 ml into the left eye',
      ],
      [
        { form: 'drops', eye: 'right', dose: 2, doseUnit: 'drop', frequency: times(1) },
        'قطرتان في العين اليمنى مرة واحدة يوميًا',
        '2 drops in the right eye once a day',
      ],
      [
        { form: 'drops', eye: 'left', dose: 1, doseUnit: 'drop', frequency: times(11) },
        'قطرة واحدة في العين اليسرى ١١ مرة يوميًا',
        '1 drop in the left eye 11 times a day',
      ],
      [
        {
          form: 'tablet',
          dose: 0.5,
          doseUnit: 'tablet',
          frequency: 'bedtime',
          instructionCodes: ['afterMeals'],
        },
        'نصف حبة عن طريق الفم قبل النوم؛ بعد الأكل',
        'half a tablet by mouth at bedtime; after meals',
      ],
      [
        { form: 'drops', eye: 'both', dose: 1, doseUnit: 'drop', frequency: times(2), longTerm: true },
        'قطرة واحدة في كلتا العينين مرتين يوميًا بشكل مستمر',
        '1 drop in both eyes twice a day long-term',
      ],
    ];
    const res = await c.call('POST', url(), {
      ...visit,
      medications: regimens.map(([medication], i) => ({ name: `Medicine ${i + 1}`, ...medication })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const texts = (res.json().data.derived.medications as { scheduleText: { ar: string; en: string } }[]).map(
      (m) => m.scheduleText,
    );
    expect(texts).toEqual(regimens.map(([, ar, en]) => ({ ar, en })));
  });

  it('names a formulary drug given by its id alone from the formulary; a typed name stays (issue 50)', async () => {
    const res = await c.call('POST', url(), {
      ...visit,
      medications: [
        {
          drugId: moxifloxacin.id,
          form: 'drops',
          eye: 'right',
          overrideReason: 'The allergy was a mild rash',
        },
        { drugId: prednisolone.id, name: '  ', form: 'drops', eye: 'right' },
        { drugId: prednisolone.id, name: 'Pred Forte', form: 'drops', eye: 'left' },
        { name: 'Artificial tears', form: 'drops', eye: 'both' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().data as { id: number; version: number; medications: { name?: string }[] };
    expect(record.medications.map((m) => m.name)).toEqual([
      moxifloxacin.name,
      prednisolone.name,
      'Pred Forte',
      'Artificial tears',
    ]);
    // The schedule the prescription prints starts from the name too, and an update names it the same way.
    const updated = await c.call('POST', url(record.id), {
      version: record.version,
      medications: [{ drugId: prednisolone.id, form: 'drops', eye: 'left' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.medications[0].name).toBe(prednisolone.name);
  });

  it('takes a next visit from the visit’s day to two years after it, on create and update (issue 50)', async () => {
    const day = visitDay();
    const twoYears = addToDay(day, 24, 'month');
    const save = (nextVisit: string) => c.call('POST', url(), { ...visit, nextVisit });
    for (const [nextVisit, error] of [
      ['1900-01-01', 'value.before_visit'],
      [addToDay(day, -1), 'value.before_visit'],
      [addToDay(twoYears, 1), 'value.too_far_ahead'],
      ['2999-12-31', 'value.too_far_ahead'],
    ] as const) {
      const res = await save(nextVisit);
      expect(res.statusCode, nextVisit).toBe(422);
      expect(res.json().errors, nextVisit).toEqual({ nextVisit: [error] });
    }
    for (const nextVisit of [day, twoYears]) expect((await save(nextVisit)).statusCode, nextVisit).toBe(201);

    const record = (await save(nextWeek())).json().data as { id: number; version: number };
    const moved = await c.call('POST', url(record.id), { version: record.version, nextVisit: '1900-01-01' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ nextVisit: ['value.before_visit'] });

    // A follow-up's next visit is in its plan, and bounded the same way.
    const followUp = (nextVisit: string) =>
      c.call('POST', '/api/mo/exam/followUp', { ...visit, plan: { nextVisit } });
    const early = await followUp('1900-01-01');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ 'plan.nextVisit': ['value.before_visit'] });
    expect((await followUp(nextWeek())).statusCode).toBe(201);
  });
});
