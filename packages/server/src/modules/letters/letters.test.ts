import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LRI, PDI, stripIsolates } from '@basira/shared/clinical/ltr-text';
import { ageOn, localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { LETTER_KINDS, type Letter, type LetterTemplate } from '@basira/shared/letters/letters.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { LETTER_SEEDS } from './letter-seeds.ts';
import { seedMissingLetterTemplates } from './letters.service.ts';

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
      // The doctor's own words beside a code; and a title copied into the words, as the form did before issue 49.
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
    expect(text).toContain(entry.ticketDay.split('-').reverse().join('/'));
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
