import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LRI, PDI, stripIsolates } from '@basira/shared/clinical/ltr-text';
import { ageOn, localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import {
  LETTER_BODY_MAX,
  LETTER_KINDS,
  LETTERS_PER_PAGE,
  type Letter,
  type LetterTemplate,
} from '@basira/shared/letters/letters.schemas';
import { letters, letterTemplates, printLog } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { LETTER_SEEDS } from './letter-seeds.ts';
import { PREVIOUS_LETTER_SEEDS } from './letter-seeds-previous.ts';
import { seedMissingLetterTemplates, upgradeLettersToText } from './letters.service.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

const BIRTH = '1980-06-15';

/** A patient with a visit, a final spectacle Rx and (when the type exists) a consultation with a diagnosis. */
async function visitWithRx(o: TestOrg, name: string) {
  const c = clinic(t, o);
  const patient = await c.patient({ name, birthDate: BIRTH, isMale: 0 });
  const entry = await c.queue(patient.id);
  await c.ok('POST', '/api/mo/exam/spectacles', {
    patientId: patient.id,
    queueId: entry.id,
    readings: [
      {
        kind: 'subjective',
        isFinal: true,
        right: { sphere: -2, cylinder: -0.75, axis: 90 },
        left: { sphere: -1.5 },
      },
    ],
  });
  await c.ok('POST', '/api/mo/exam/consultation', {
    patientId: patient.id,
    queueId: entry.id,
    diagnoses: [
      { code: 'H40.1', eye: 'right', status: 'new' },
      // The doctor's own words beside a code; and a title copied into the words, as the form once did.
      { code: 'H16.0', text: 'fungal', eye: 'left' },
      { code: 'H10.0', text: 'التهاب الملتحمة المخاطي القيحي (الجرثومي)' },
    ],
  });
  return { c, patient, entry };
}

async function templateOf(o: TestOrg, kind: string, language: string) {
  const list = await clinic(t, o).ok<LetterTemplate[]>('GET', '/api/mo/letter-template');
  const found = list.find((tpl) => tpl.kind === kind && tpl.language === language);
  if (!found) throw new Error(`no ${kind}/${language} template`);
  return found;
}

describe('letter templates', () => {
  it('a new organization has the eight seeded templates, the four kinds in Arabic and English', async () => {
    const list = await clinic(t, org).ok<LetterTemplate[]>('GET', '/api/mo/letter-template');
    expect(list).toHaveLength(LETTER_SEEDS.length);
    expect(list).toHaveLength(8);
    for (const kind of LETTER_KINDS)
      for (const language of ['ar', 'en'])
        expect(
          list.filter((tpl) => tpl.kind === kind && tpl.language === language),
          `${kind}/${language}`,
        ).toHaveLength(1);
    expect(
      list.every((tpl) => tpl.isActive && tpl.version === 1 && tpl.body.includes('{{patient.name}}')),
    ).toBe(true);
    // Seeding at start adds nothing to an organization that has them.
    await seedMissingLetterTemplates(t.database.db);
    expect(await clinic(t, org).ok<LetterTemplate[]>('GET', '/api/mo/letter-template')).toHaveLength(8);
  });

  it('creates, edits (sanitised, versioned) and deletes a template', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const created = await c.ok<LetterTemplate>('POST', '/api/mo/letter-template', {
      kind: 'report',
      language: 'en',
      name: 'Short report',
      body: '<p>{{patient.name}}<script>alert(1)</script></p>',
    });
    expect(created).toMatchObject({ name: 'Short report', isActive: true, version: 1 });
    expect(created.body).toBe('<p>{{patient.name}}</p>');
    const edited = await c.ok<LetterTemplate>('POST', `/api/mo/letter-template/${created.id}`, {
      version: 1,
      body: '<p onclick="x()">Dear {{doctor.name}}</p>',
    });
    expect(edited).toMatchObject({ version: 2, body: '<p>Dear {{doctor.name}}</p>' });
    const stale = await c.call('POST', `/api/mo/letter-template/${created.id}`, { version: 1, name: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { data: LetterTemplate }).data.version).toBe(2);
    expect((await c.call('DELETE', `/api/mo/letter-template/${created.id}`)).statusCode).toBe(200);
    expect((await c.call('GET', `/api/mo/letter-template/${created.id}`)).statusCode).toBe(404);
  });
});

describe('letters', () => {
  it('fills the merge fields from the patient, the visit, the last final Rx, the diagnoses and the doctor', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Zainab Kareem');
    const template = await templateOf(org, 'report', 'en');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
    });
    expect(letter).toMatchObject({
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
      kind: 'report',
      language: 'en',
      title: template.name,
      version: 1,
      createdBy: { id: org.adminId, name: 'Admin User' },
    });
    const text = stripIsolates(letter.body);
    const age = ageOn(BIRTH, localDay(new Date(), DEFAULT_TIME_ZONE));
    expect(text).toContain('<strong>Zainab Kareem</strong>');
    expect(text).toContain(`aged ${age} years`);
    expect(text).toContain(entry.ticketDay!.split('-').reverse().join('/'));
    expect(text).toContain('R -2.00 -0.75 × 090 · L -1.50');
    // Signs stay left of their digits in an Arabic sentence: each eye's numbers are one isolated LTR run.
    expect(letter.body).toContain(`${LRI}-2.00 -0.75 × 090${PDI}`);
    expect(text).toContain(
      'H40.1 Primary open-angle glaucoma (right eye); H16.0 Corneal ulcer · fungal (left eye); H10.0 Mucopurulent conjunctivitis',
    );
    expect(text).not.toContain('الملتحمة');
    expect(text).toContain('Admin User');
    expect(text).not.toContain('{{');

    const arabic = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: (await templateOf(org, 'referral', 'ar')).id,
    });
    expect(arabic.language).toBe('ar');
    expect(stripIsolates(arabic.body)).toContain(
      'H40.1 الزرق مفتوح الزاوية الأولي (الماء الأزرق) (العين اليمنى)',
    );
    expect(arabic.body).toContain(`${LRI}-2.00 -0.75 × 090${PDI}`);

    const listed = await c.ok<Letter[]>('GET', `/api/mo/letter?patientId=${patient.id}`);
    expect(listed.map((l) => l.id)).toEqual([arabic.id, letter.id]);
  });

  it('escapes a merge value: a patient named with markup prints as typed', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Ali <b>Bold</b> & Sons');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: (await templateOf(org, 'sickLeave', 'en')).id,
      days: 3,
    });
    expect(letter.body).toContain('Ali &lt;b&gt;Bold&lt;/b&gt; &amp; Sons');
    expect(letter.body).not.toContain('<b>Bold');
  });

  it('an edit is sanitised and versioned; a stale version answers 409 with the current letter', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Hassan Jaber');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: (await templateOf(org, 'driving', 'ar')).id,
    });
    const edited = await c.ok<Letter>('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'Edited',
      body: '<p>Fit to drive<script>alert("x")</script><img src="https://evil.example/x.png" onerror="x()"></p>',
    });
    expect(edited).toMatchObject({ version: 2, title: 'Edited', body: '<p>Fit to drive</p>' });
    expect((await c.ok<Letter>('GET', `/api/mo/letter/${letter.id}`)).body).toBe('<p>Fit to drive</p>');

    const stale = await c.call('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'Late',
      body: '<p>x</p>',
    });
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { data: Letter }).data).toMatchObject({ version: 2, title: 'Edited' });
  });

  it('the print view has the letter, the patient and the frame, and a print of it is logged', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Maryam Saleh');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: (await templateOf(org, 'referral', 'en')).id,
    });
    const sheet = await c.ok<{ letter: Letter; patient: { name: string }; organization: { name: string } }>(
      'GET',
      `/api/mo/print/letter/${letter.id}`,
    );
    expect(sheet.letter.id).toBe(letter.id);
    expect(sheet.patient.name).toBe('Maryam Saleh');
    expect(sheet.organization.name).toBe(`Clinic ${org.slug}`);
    const logged = await c.ok<{ type: string; recordId: number; version: number; summary: string }>(
      'POST',
      '/api/mo/print/log',
      { type: 'letter', id: letter.id, version: 1, paperSize: 'A4' },
    );
    expect(logged).toMatchObject({ type: 'letter', recordId: letter.id, version: 1, summary: letter.title });
  });

  it("another organization's letter and template answer 404; reception answers 403", async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Noor Adel');
    const template = await templateOf(org, 'report', 'ar');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
    });
    const other = clinic(t, await t.newOrg());
    expect((await other.call('GET', `/api/mo/letter/${letter.id}`)).statusCode).toBe(404);
    expect((await other.call('GET', `/api/mo/print/letter/${letter.id}`)).statusCode).toBe(404);
    expect(
      (await other.call('POST', `/api/mo/letter/${letter.id}`, { version: 1, title: 'x', body: '<p>x</p>' }))
        .statusCode,
    ).toBe(404);
    expect((await other.call('GET', `/api/mo/letter-template/${template.id}`)).statusCode).toBe(404);
    // Another organization's template or visit cannot make a letter here.
    const own = await other.patient({ name: 'Other Patient' });
    const ownEntry = await other.queue(own.id);
    expect(
      (
        await other.call('POST', '/api/mo/letter', {
          patientId: own.id,
          queueId: ownEntry.id,
          templateId: template.id,
        })
      ).statusCode,
    ).toBe(422);

    const reception = await userWith(t, org, ['add patient', 'add queue', 'show queues']);
    for (const [method, url, body] of [
      ['GET', `/api/mo/letter/${letter.id}`, undefined],
      ['GET', `/api/mo/letter?patientId=${patient.id}`, undefined],
      ['POST', '/api/mo/letter', { patientId: patient.id, queueId: entry.id, templateId: template.id }],
      ['POST', `/api/mo/letter/${letter.id}`, { version: 1, title: 'x', body: '<p>x</p>' }],
      ['GET', `/api/mo/print/letter/${letter.id}`, undefined],
      ['GET', '/api/mo/letter-template', undefined],
      ['POST', `/api/mo/letter-template/${template.id}`, { version: 1, name: 'x' }],
    ] as const)
      expect((await c.call(method, url, body, reception.token)).statusCode, `${method} ${url}`).toBe(403);
  });
});

/** A letter of the visit from the organization's seeded template of that kind and language. */
async function letterOf(
  o: TestOrg,
  kind: string,
  language: string,
  visit: { patientId: number; id: number },
  extra: Record<string, unknown> = {},
) {
  const letter = await clinic(t, o).ok<Letter>('POST', '/api/mo/letter', {
    patientId: visit.patientId,
    queueId: visit.id,
    templateId: (await templateOf(o, kind, language)).id,
    ...extra,
  });
  return { letter, text: stripIsolates(letter.body) };
}

/** A birth date that makes the patient `years` old today (in the organization's time zone). */
const bornYearsAgo = (years: number) => {
  const today = localDay(new Date(), DEFAULT_TIME_ZONE);
  return `${Number(today.slice(0, 4)) - years}${today.slice(4, 8)}01`;
};

describe('the letters’ wording (issue 49)', () => {
  it('writes the Arabic for the patient’s sex, and no seeded Arabic template keeps a slash form', () => {
    for (const seed of LETTER_SEEDS.filter((s) => s.language === 'ar'))
      expect(seed.body, seed.name).not.toMatch(/[\u0600-\u06FF]\/[\u0600-\u06FF]/);
  });

  it('resolves المريض/المريضة and راجع/راجعت by the patient’s sex', async () => {
    const c = clinic(t, org);
    const man = await c.patient({ name: 'علي حسن', birthDate: BIRTH, isMale: 1 });
    const woman = await c.patient({ name: 'زينب كريم', birthDate: BIRTH, isMale: 0 });
    const forMan = await letterOf(org, 'report', 'ar', await c.queue(man.id));
    const forWoman = await letterOf(org, 'report', 'ar', await c.queue(woman.id));
    expect(forMan.text).toContain('نشهد بأن المريض <strong>علي حسن</strong>');
    expect(forMan.text).toContain('قد راجع عيادتنا');
    expect(forMan.text).toContain('بناءً على طلبه لتقديمه');
    expect(forWoman.text).toContain('نشهد بأن المريضة <strong>زينب كريم</strong>');
    expect(forWoman.text).toContain('قد راجعت عيادتنا');
    expect(forWoman.text).toContain('بناءً على طلبها لتقديمه');
    for (const { text } of [forMan, forWoman]) {
      expect(text).not.toMatch(/\/ة|\/ت|\/ا|\{\{/);
    }
    // The English sick leave speaks of her too.
    const leave = await letterOf(org, 'sickLeave', 'en', await c.queue(woman.id), { days: 2 });
    expect(leave.text).toContain('She is unfit for work');
  });

  it('lists the diagnoses of every consultation of the visit, once each, titled in the letter’s language', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Sara Hadi', birthDate: BIRTH, isMale: 0 });
    const visit = await c.queue(patient.id);
    const other = await c.queue(patient.id);
    // An Arabic-speaking doctor's consultation: the typed text is the Arabic title the code picker wrote.
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: visit.id,
      diagnoses: [{ code: 'H40.1', text: 'الزرق مفتوح الزاوية الأولي', eye: 'right', status: 'new' }],
    });
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: visit.id,
      diagnoses: [
        { code: 'H52.1', eye: 'both', status: 'existing' },
        { code: 'H40.1', eye: 'right', status: 'existing' },
        { text: 'Dry eye after computer work', eye: 'left' },
      ],
    });
    const deleted = await c.ok<{ id: number }>('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: visit.id,
      diagnoses: [{ code: 'H10.9' }],
    });
    expect((await c.call('DELETE', `/api/mo/exam/consultation/${deleted.id}`)).statusCode).toBe(200);
    // Another visit's consultation is not this visit's.
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: other.id,
      diagnoses: [{ code: 'H10.9' }],
    });

    const en = await letterOf(org, 'report', 'en', visit);
    expect(en.text).toContain(
      'H40.1 Primary open-angle glaucoma (right eye); H52.1 Myopia (both eyes); Dry eye after computer work (left eye)',
    );
    expect(en.text).not.toContain('H10.9');
    const ar = await letterOf(org, 'report', 'ar', visit);
    expect(ar.text).toContain(
      'H40.1 الزرق مفتوح الزاوية الأولي (الماء الأزرق) (العين اليمنى)؛ H52.1 قصر النظر (حسر البصر) (العينان)؛ Dry eye after computer work (العين اليسرى)',
    );
    // The code is one isolated left-to-right run inside the Arabic sentence.
    expect(ar.letter.body).toContain(`${LRI}H52.1${PDI}`);
  });

  it('words the sick leave’s days (٣ أيام, ١١ يومًا, ١٤ يومًا) and refuses a sick leave without them', async () => {
    const { entry } = await visitWithRx(org, 'Hadi Salim');
    const visit = { patientId: entry.patientId, id: entry.id };
    expect((await letterOf(org, 'sickLeave', 'ar', visit, { days: 3 })).text).toContain('مدتها ٣ أيام،');
    expect((await letterOf(org, 'sickLeave', 'ar', visit, { days: 11 })).text).toContain('مدتها ١١ يومًا،');
    expect((await letterOf(org, 'sickLeave', 'ar', visit, { days: 14 })).text).toContain('مدتها ١٤ يومًا،');
    expect((await letterOf(org, 'sickLeave', 'ar', visit, { days: 1 })).text).toContain('مدتها يوم واحد،');
    expect((await letterOf(org, 'sickLeave', 'en', visit, { days: 14 })).text).toContain(
      'sick leave of 14 days,',
    );
    const c = clinic(t, org);
    const template = await templateOf(org, 'sickLeave', 'ar');
    const missing = await c.call('POST', '/api/mo/letter', {
      patientId: visit.patientId,
      queueId: visit.id,
      templateId: template.id,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { days: ['days.required'] } });
    const zero = await c.call('POST', '/api/mo/letter', {
      patientId: visit.patientId,
      queueId: visit.id,
      templateId: template.id,
      days: 0,
    });
    expect(zero.statusCode).toBe(422);
    // A template that does not write the days does not ask for them.
    expect((await letterOf(org, 'report', 'ar', visit)).text).not.toContain('{{');
  });

  it('merges the referral’s addressee and reason from the visit’s consultation', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Omar Jalil', birthDate: BIRTH, isMale: 1 });
    const visit = await c.queue(patient.id);
    await c.ok('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: visit.id,
      diagnoses: [{ code: 'H40.1', eye: 'right' }],
      referral: { to: 'Glaucoma clinic, Ibn Al-Haitham', reason: 'Uncontrolled IOP on two drugs' },
    });
    const en = await letterOf(org, 'referral', 'en', visit);
    expect(en.text).toContain('<strong>To:</strong> Glaucoma clinic, Ibn Al-Haitham');
    expect(en.text).toContain('<strong>Reason for referral:</strong> Uncontrolled IOP on two drugs');
    const ar = await letterOf(org, 'referral', 'ar', visit);
    expect(ar.text).toContain('<strong>سبب الإحالة:</strong> Uncontrolled IOP on two drugs');
    expect(ar.text).toContain('نحيل إليكم المريض <strong>Omar Jalil</strong>');
    expect(ar.text).toContain('الذي راجع عيادتنا');
  });

  it('the driving report: acuity per eye uncorrected and corrected, both eyes not recorded, colour and field', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Kareem Nasser', birthDate: BIRTH, isMale: 1 });
    const visit = await c.queue(patient.id);
    await c.ok('POST', '/api/mo/exam/spectacles', {
      patientId: patient.id,
      queueId: visit.id,
      vision: { right: { unaided: '6/60' }, left: { unaided: '6/36' } },
      readings: [
        { kind: 'auto', right: { sphere: -3 } },
        {
          kind: 'subjective',
          isFinal: true,
          right: { sphere: -2.5, va: '6/6' },
          left: { sphere: -2, va: '6/9' },
        },
      ],
    });
    await c.ok('POST', '/api/mo/exam/lowVision', {
      patientId: patient.id,
      queueId: visit.id,
      field: 'normal',
      colour: { test: 'ishihara', right: { result: '17/17' }, left: { result: '12/17' } },
    });
    const en = await letterOf(org, 'driving', 'en', visit);
    expect(en.text).toContain(
      '<strong>Uncorrected visual acuity:</strong> right eye 6/60, left eye 6/36, both eyes not recorded',
    );
    expect(en.text).toContain(
      '<strong>Corrected visual acuity:</strong> right eye 6/6, left eye 6/9, both eyes not recorded',
    );
    expect(en.text).toContain(
      `<strong>Acuity measured on:</strong> ${visit.ticketDay!.split('-').reverse().join('/')}`,
    );
    expect(en.text).toContain('<strong>Colour vision:</strong> right eye 17/17, left eye 12/17 (Ishihara)');
    expect(en.text).toContain('<strong>Visual field:</strong> normal');
    expect(en.text).not.toContain('Warning');
    // An adult's report has no empty warning paragraph left in it.
    expect(en.letter.body).not.toMatch(/<p>(<strong><\/strong>)?<\/p>/);
    // Each acuity is one isolated left-to-right run in the Arabic letter.
    const ar = await letterOf(org, 'driving', 'ar', visit);
    expect(ar.letter.body).toContain(`العين اليمنى ${LRI}6/60${PDI}`);
    expect(ar.text).toContain('بالعينين معًا لا قياس مسجَّل');
    expect(ar.text).toContain('<strong>المجال البصري:</strong> طبيعي');
    expect(ar.text).toContain('( لائق / لائق بشرط ارتداء النظارة / غير لائق )');
  });

  it('the driving report without records of its own: the latest spectacles acuity and its day, the rest not recorded', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Layla Fadhil', birthDate: BIRTH, isMale: 0 });
    const earlier = await c.queue(patient.id, { date: '2025-02-10T09:00:00+03:00' });
    await c.ok('POST', '/api/mo/exam/spectacles', {
      patientId: patient.id,
      queueId: earlier.id,
      vision: { right: { unaided: '6/12' } },
    });
    const visit = await c.queue(patient.id);
    const en = await letterOf(org, 'driving', 'en', visit);
    expect(en.text).toContain('right eye 6/12, left eye not recorded, both eyes not recorded');
    expect(en.text).toContain('right eye not recorded, left eye not recorded, both eyes not recorded');
    expect(en.text).toContain('<strong>Acuity measured on:</strong> 10/02/2025');
    expect(en.text).toContain('<strong>Colour vision:</strong> not recorded');
    expect(en.text).toContain('<strong>Visual field:</strong> not recorded');
    const ar = await letterOf(org, 'driving', 'ar', visit);
    expect(ar.text).toContain('نشهد بأن السيدة');
    expect(ar.text).toContain('( لائقة / لائقة بشرط ارتداء النظارة / غير لائقة )');
  });

  // Iraqi Traffic Law No. 8 of 2019: a driving licence from 18 years (DRIVING_LICENCE_AGE).
  it('warns when the driving report’s applicant is under 18, and not at 18', async () => {
    const c = clinic(t, org);
    const girl = await c.patient({ name: 'Huda Sami', birthDate: bornYearsAgo(16), isMale: 0 });
    const boy = await c.patient({ name: 'Yasir Sami', birthDate: bornYearsAgo(17), isMale: 1 });
    const adult = await c.patient({ name: 'Muna Sami', birthDate: bornYearsAgo(18), isMale: 0 });
    const ar = await letterOf(org, 'driving', 'ar', await c.queue(girl.id));
    expect(ar.text).toContain(
      '<strong>تنبيه: عمر المتقدِّمة ١٦ سنة، أي دون السن القانونية لمنح إجازة السوق (١٨ سنة).</strong>',
    );
    expect((await letterOf(org, 'driving', 'ar', await c.queue(boy.id))).text).toContain(
      'عمر المتقدِّم ١٧ سنة',
    );
    expect((await letterOf(org, 'driving', 'en', await c.queue(boy.id))).text).toContain(
      '<strong>Warning: the applicant is 17 years old, under the licensing age of 18 years.</strong>',
    );
    const grown = await letterOf(org, 'driving', 'ar', await c.queue(adult.id));
    expect(grown.text).not.toContain('تنبيه');
  });
});

describe('the seeded templates’ upgrade at start', () => {
  it('brings a never-edited seeded template to today’s seed, leaves an edited one, and is idempotent', async () => {
    const o = await t.newOrg();
    const db = t.database.db;
    // As an organization seeded with the first templates: every template holds the earlier seed's body.
    for (const previous of PREVIOUS_LETTER_SEEDS)
      await db
        .update(letterTemplates)
        .set({ body: previous.body })
        .where(
          and(
            eq(letterTemplates.orgId, o.id),
            eq(letterTemplates.kind, previous.kind),
            eq(letterTemplates.language, previous.language),
          ),
        );
    const edited = await templateOf(o, 'report', 'ar');
    const { body: mine } = await clinic(t, o).ok<LetterTemplate>(
      'POST',
      `/api/mo/letter-template/${edited.id}`,
      {
        version: 1,
        body: `${PREVIOUS_LETTER_SEEDS[0]!.body}<p>ختم العيادة</p>`,
      },
    );
    expect(mine).toContain('ختم العيادة');

    await seedMissingLetterTemplates(db);
    const after = await clinic(t, o).ok<LetterTemplate[]>('GET', '/api/mo/letter-template');
    const of = (kind: string, language: string) =>
      after.find((tpl) => tpl.kind === kind && tpl.language === language)!;
    expect(of('report', 'ar')).toMatchObject({ body: mine, version: 2 });
    expect(of('referral', 'ar')).toMatchObject({
      body: LETTER_SEEDS.find((s) => s.kind === 'referral' && s.language === 'ar')!.body,
      version: 2,
    });
    expect(of('driving', 'en').body).toContain('{{va.corrected.right}}');
    expect(of('sickLeave', 'ar').body).not.toContain('/ة');
    // The English report did not change: it keeps its version.
    expect(of('report', 'en').version).toBe(1);

    await seedMissingLetterTemplates(db);
    expect(await clinic(t, o).ok<LetterTemplate[]>('GET', '/api/mo/letter-template')).toEqual(after);
  });
});

describe('what an outside attack and a clinic walk found (issue 50)', () => {
  it('pages a patient’s letters, newest first, as every other list', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const patient = await c.patient({ name: 'Paged Patient', birthDate: BIRTH });
    const entry = await c.queue(patient.id);
    const template = await templateOf(o, 'report', 'en');
    const made: number[] = [];
    for (let i = 0; i < LETTERS_PER_PAGE + 2; i++)
      made.push(
        (
          await c.ok<Letter>('POST', '/api/mo/letter', {
            patientId: patient.id,
            queueId: entry.id,
            templateId: template.id,
          })
        ).id,
      );
    const page = async (n?: number) => {
      const res = await c.call('GET', `/api/mo/letter?patientId=${patient.id}${n ? `&page=${n}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Letter[]; meta: Record<string, number> };
    };
    const first = await page();
    expect(first.meta).toEqual({ page: 1, perPage: LETTERS_PER_PAGE, total: made.length, lastPage: 2 });
    expect(first.data.map((l) => l.id)).toEqual(made.toReversed().slice(0, LETTERS_PER_PAGE));
    const second = await page(2);
    expect(second.meta).toMatchObject({ page: 2, total: made.length });
    expect(second.data.map((l) => l.id)).toEqual(made.toReversed().slice(LETTERS_PER_PAGE));
    // Past the last page: no rows, the same total.
    expect(await page(3)).toMatchObject({ data: [], meta: { page: 3, total: made.length } });
    const zero = await c.call('GET', `/api/mo/letter?patientId=${patient.id}&page=0`);
    expect(zero.statusCode).toBe(422);
  });

  it('limits the body as stored, after sanitising; what is stored is accepted back unchanged', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Long Letter');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: (await templateOf(org, 'report', 'en')).id,
    });
    // 49,000 `<` are 196,000 characters once escaped: past the limit, whatever they were on the way in.
    const escaped = await c.call('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'Long',
      body: '<'.repeat(49_000),
    });
    expect(escaped.statusCode, escaped.body.slice(0, 200)).toBe(422);
    expect(escaped.json().errors).toEqual({ body: ['value.too_long'] });
    // A body just at the limit once escaped is stored, and saving it back unchanged is accepted.
    const ampersands = Math.floor((LETTER_BODY_MAX - '<p></p>'.length) / '&amp;'.length);
    const rest = 'a'.repeat(LETTER_BODY_MAX - '<p></p>'.length - ampersands * '&amp;'.length);
    const typed = (extra: string) => `<p>${'&'.repeat(ampersands)}${rest}${extra}</p>`;
    const past = await c.call('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'Past the limit',
      body: typed('a'),
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ body: ['value.too_long'] });
    const saved = await c.ok<Letter>('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'At the limit',
      body: typed(''),
    });
    expect(saved.body).toHaveLength(LETTER_BODY_MAX);
    const again = await c.ok<Letter>('POST', `/api/mo/letter/${letter.id}`, {
      version: saved.version,
      title: saved.title,
      body: saved.body,
    });
    expect(again.body).toBe(saved.body);
    // Templates are measured the same way.
    const template = await c.call('POST', '/api/mo/letter-template', {
      kind: 'report',
      language: 'en',
      name: 'Escaped',
      body: `<p>${'>'.repeat(20_000)}</p>`,
    });
    expect(template.statusCode).toBe(422);
    expect(template.json().errors).toEqual({ body: ['value.too_long'] });
  });

  it('keeps text formatting only: links become their text, images go (templates and letters)', async () => {
    const { c, patient, entry } = await visitWithRx(org, 'Linked Letter');
    const template = await c.ok<LetterTemplate>('POST', '/api/mo/letter-template', {
      kind: 'report',
      language: 'en',
      name: 'With a link',
      body: '<p>{{patient.name}}: see <a href="https://evil.example/phish">our portal</a></p>',
    });
    expect(template.body).toBe('<p>{{patient.name}}: see our portal</p>');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
    });
    expect(letter.body).toBe('<p>Linked Letter: see our portal</p>');
    const edited = await c.ok<Letter>('POST', `/api/mo/letter/${letter.id}`, {
      version: 1,
      title: 'Edited',
      body:
        '<p dir="rtl"><strong>Pay</strong> <a href="https://evil.example/pay" target="_self">here</a>' +
        '<img src="/api/mo/patient/document/1?disposition=inline" alt="stamp"></p><ul><li><em>x</em></li></ul>',
    });
    expect(edited.body).toBe('<p dir="rtl"><strong>Pay</strong> here</p><ul><li><em>x</em></li></ul>');
    const sheet = await c.ok<{ letter: Letter }>('GET', `/api/mo/print/letter/${letter.id}`);
    expect(sheet.letter.body).not.toContain('<a');
  });

  it('letters and templates stored with links before issue 50 are upgraded once to their text', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const patient = await c.patient({ name: 'Old Letter', birthDate: BIRTH });
    const entry = await c.queue(patient.id);
    const template = await templateOf(o, 'report', 'en');
    const letter = await c.ok<Letter>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
    });
    const linked = '<p>Call <a href="https://evil.example" target="_blank" rel="noopener">us</a></p>';
    const { db } = t.database;
    await db.update(letters).set({ body: linked }).where(eq(letters.id, letter.id));
    await db.update(letterTemplates).set({ body: linked }).where(eq(letterTemplates.id, template.id));
    await c.ok('POST', '/api/mo/print/log', { type: 'letter', id: letter.id, version: 1, paperSize: 'A4' });
    const [logged] = await db.select().from(printLog).where(eq(printLog.recordId, letter.id));
    expect((logged!.snapshot as Letter).body).toBe(linked);

    await upgradeLettersToText(db);
    const read = await c.ok<Letter>('GET', `/api/mo/letter/${letter.id}`);
    expect(read).toMatchObject({ body: '<p>Call us</p>', version: 2 });
    expect(await c.ok<LetterTemplate>('GET', `/api/mo/letter-template/${template.id}`)).toMatchObject({
      body: '<p>Call us</p>',
      version: 2,
    });
    const reprint = await c.ok<{ letter: Letter }>(
      'GET',
      `/api/mo/print/letter/${letter.id}?printId=${logged!.id}`,
    );
    expect(reprint.letter.body).toBe('<p>Call us</p>');
    // Run again, it finds nothing to change.
    await upgradeLettersToText(db);
    expect((await c.ok<Letter>('GET', `/api/mo/letter/${letter.id}`)).version).toBe(2);
  });

  it('an inactive template makes no letter', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const patient = await c.patient({ name: 'Inactive Template', birthDate: BIRTH });
    const entry = await c.queue(patient.id);
    const template = await templateOf(o, 'report', 'en');
    await c.ok('POST', `/api/mo/letter-template/${template.id}`, { version: 1, isActive: false });
    const res = await c.call('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: template.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ templateId: ['templateId.inactive'] });
  });
});
