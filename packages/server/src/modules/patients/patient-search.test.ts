import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient, PatientSummary } from '@basira/shared/patients/patients.schemas';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { EXPANSION_LIMIT } from './name-words.ts';

const clock = new FakeClock(new Date('2026-03-01T08:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A fresh organization with these patients registered. */
async function clinicWith(...patients: Record<string, unknown>[]) {
  const org = await t.newOrg();
  const c = clinic(t, org);
  const made: Patient[] = [];
  for (const p of patients) made.push(await c.patient(p));
  const typeahead = (text: string) =>
    c.ok<PatientSummary[]>('GET', `/api/mo/patient?search=${encodeURIComponent(text)}`);
  const names = async (text: string) => (await typeahead(text)).map((p) => p.name);
  return { org, c, made, typeahead, names };
}

describe('typeahead finds a patient however the name was typed', () => {
  it('normalises Arabic: hamza forms, tashkeel, taa marbuta, alef maqsura, tatweel', async () => {
    const { names } = await clinicWith(
      { name: 'أحمد كاظم جواد' },
      { name: 'مُحَمَّد عَلِيّ حسن' },
      { name: 'فاطمة الزهراء' },
      { name: 'مصطفى إبراهيم' },
    );
    expect(await names('احمد')).toEqual(['أحمد كاظم جواد']);
    expect(await names('محمد')).toEqual(['مُحَمَّد عَلِيّ حسن']);
    expect(await names('فاطمه')).toEqual(['فاطمة الزهراء']);
    expect(await names('مصطفي ابراهيم')).toEqual(['مصطفى إبراهيم']);
    expect(await names('أَحْمَـــد')).toEqual(['أحمد كاظم جواد']);
  });

  it('folds Latin case and accents', async () => {
    const { names } = await clinicWith({ name: 'Émile Zoë Müller' }, { name: 'Ahmed Ali' });
    expect(await names('EMILE')).toEqual(['Émile Zoë Müller']);
    expect(await names('zoe mul')).toEqual(['Émile Zoë Müller']);
    expect(await names('ahmed')).toEqual(['Ahmed Ali']);
  });

  it('finds by phone typed with spaces, leading zero, country code or Arabic-Indic digits', async () => {
    const { typeahead, made } = await clinicWith(
      { name: 'Sara Jaber', phone: '+9647701234567' },
      { name: 'Noor Jaber', phone: '07809998877', phone2: '0750 123 4567' },
    );
    for (const typed of [
      '0770 123 4567',
      '07701234567',
      '+964 770 123 4567',
      '00964 770 1234567',
      '7701234',
      '٠٧٧٠١٢٣٤٥٦٧',
      '964770123',
    ])
      expect(
        (await typeahead(typed)).map((p) => p.phone),
        typed,
      ).toEqual(['+9647701234567']);
    expect((await typeahead('0750 123')).map((p) => p.id)).toEqual([made[1]!.id]);
  });

  it('finds by file number, first (from 2 characters, like any search)', async () => {
    const { typeahead, made } = await clinicWith(
      ...Array.from({ length: 11 }, (_, i) => ({ name: `Ali ${i}` })),
    );
    const eleventh = made[10]!;
    expect(eleventh.fileNumber).toBe(11);
    expect((await typeahead('11'))[0]?.id).toBe(eleventh.id);
    expect(await typeahead('1')).toEqual([]);
  });

  it('ranks exact, then prefix, then word-start, then substring matches, and words in any order', async () => {
    const { names } = await clinicWith(
      { name: 'محمد علي حسن' },
      { name: 'علي حسن كاظم' },
      { name: 'علي حسن' },
      { name: 'عليحسن جبار' },
      { name: 'حسن علي' },
    );
    expect(await names('علي حسن')).toEqual([
      'علي حسن',
      'علي حسن كاظم',
      'محمد علي حسن',
      'حسن علي',
      'عليحسن جبار',
    ]);
    // Words in another order come after, the most similar first.
    expect(await names('حسن علي')).toEqual([
      'حسن علي',
      'علي حسن',
      'علي حسن كاظم',
      'محمد علي حسن',
      'عليحسن جبار',
    ]);
  });

  it('among namesakes, the patient seen most recently first, then the newest record', async () => {
    const { c, made, typeahead } = await clinicWith(
      { name: 'زهراء علي حسين' }, // never seen, oldest record
      { name: 'زهراء علي حسين' }, // seen in January
      { name: 'زهراء علي حسين' }, // never seen, newest record
      { name: 'زهراء علي حسين' }, // seen yesterday
    );
    const [oldest, january, newest, yesterday] = made as [Patient, Patient, Patient, Patient];
    await c.queue(january.id, { date: '2026-01-15T09:00:00+03:00' });
    await c.queue(yesterday.id, { date: '2026-02-28T09:00:00+03:00' });
    const expected = [yesterday.id, january.id, newest.id, oldest.id];
    // Exact name, prefix, and a word inside the name: the same order among equals in every stage.
    for (const text of ['زهراء علي حسين', 'زهراء علي', 'علي حسين']) {
      const rows = await typeahead(text);
      expect(rows.map((p) => p.id)).toEqual(expected);
      // Each row shows what tells namesakes apart.
      expect(rows[0]).toMatchObject({ fileNumber: yesterday.fileNumber, lastQueueAt: expect.any(String) });
    }
    const page = await c.ok<Patient[]>(
      'GET',
      `/api/mo/patient/filter?page=1&search=${encodeURIComponent('زهراء')}`,
    );
    expect(page.map((p) => p.id)).toEqual(expected);
  });

  it("finds a child by the guardian's name, after the patients of that name; an edit re-reads it", async () => {
    const { c, made, names } = await clinicWith(
      { name: 'يوسف كريم عباس', guardianName: 'كريم عباس جاسم' },
      { name: 'كريم عباس جاسم' },
      { name: 'نور علي', guardianName: 'Kareem Abbas' },
    );
    expect(await names('كريم عباس')).toEqual(['كريم عباس جاسم', 'يوسف كريم عباس']);
    expect(await names('عباس جاسم')).toEqual(['كريم عباس جاسم', 'يوسف كريم عباس']);
    expect(await names('kareem')).toEqual(['نور علي']);
    const child = made[2]!;
    await c.ok('POST', `/api/mo/patient/${child.id}`, {
      guardianName: 'Hadi Salman',
      version: child.version,
    });
    expect(await names('kareem')).toEqual([]);
    expect(await names('salman')).toEqual(['نور علي']);
    const total = await c.ok<Patient[]>(
      'GET',
      `/api/mo/patient/filter?page=1&search=${encodeURIComponent('جاسم')}`,
    );
    expect(total.map((p) => p.name)).toEqual(['كريم عباس جاسم', 'يوسف كريم عباس']);
  });

  it("finds a word inside a name's longer word through the lexicon, a renamed patient by the new name", async () => {
    const { org, c, names } = await clinicWith();
    // More lexicon words containing "kar" than a search expands (as a clinic's lexicon of many names would have),
    // written before the patients' own words: the search must not stop at the first EXPANSION_LIMIT of them.
    await t.database.db.execute(sql`
      INSERT INTO patient_name_words (org_id, word)
      SELECT ${org.id}::int, 'kar' || lpad(g::text, 4, '0') FROM generate_series(1, ${EXPANSION_LIMIT}) AS g`);
    const karim = await c.patient({ name: 'Abdulkarim Salih' });
    await c.patient({ name: 'Salih Hadi' });
    expect(await names('kar salih')).toEqual(['Abdulkarim Salih']);
    expect(await names('dulkar sal')).toEqual(['Abdulkarim Salih']);
    // The words are bound as an array: a word spelt like SQL's NULL stays a word.
    await c.patient({ name: 'Null Hadi' });
    expect(await names('hadi null')).toEqual(['Null Hadi']);

    await c.ok('POST', `/api/mo/patient/${karim.id}`, { name: 'Abdulkarim Zubaidi', version: karim.version });
    expect(await names('karim ubaid')).toEqual(['Abdulkarim Zubaidi']);
    expect(await names('ubaid')).toEqual(['Abdulkarim Zubaidi']);
    expect(await names('karim salih')).toEqual([]);
  });

  it('tolerates a misspelt word when nothing else matches (similarity on the name words)', async () => {
    const { c, names } = await clinicWith({ name: 'Mustafa Kamal Jaber' }, { name: 'عبدالرحمن ناصر' });
    expect(await names('mustafa kamel')).toEqual(['Mustafa Kamal Jaber']);
    expect(await names('عبدالرحمان')).toEqual(['عبدالرحمن ناصر']);
    expect(await names('zzzzqqq')).toEqual([]);
    // The list page says which rows are near names only, and what they matched.
    type Page = { data: Patient[]; meta: { nearMatchesOf?: string } };
    const filter = (text: string) =>
      c
        .call('GET', `/api/mo/patient/filter?page=1&search=${encodeURIComponent(text)}`)
        .then((r) => r.json<Page>());
    const near = await filter('mustafa kamel');
    expect(near.data.map((p) => p.name)).toEqual(['Mustafa Kamal Jaber']);
    expect(near.meta.nearMatchesOf).toBe('mustafa kamal');
    expect((await filter('mustafa kamal')).meta.nearMatchesOf).toBeUndefined();
  });

  it('answers [] below 2 characters and at most 10 rows', async () => {
    const { typeahead, names } = await clinicWith(
      ...Array.from({ length: 12 }, (_, i) => ({ name: `Hassan Patient ${String.fromCharCode(97 + i)}` })),
    );
    expect(await typeahead('H')).toEqual([]);
    expect(await typeahead('')).toEqual([]);
    const ten = await typeahead('ha');
    expect(ten).toHaveLength(10);
    expect(ten[0]).toEqual({
      id: expect.any(Number),
      fileNumber: expect.any(Number),
      name: 'Hassan Patient a',
      phone: expect.stringMatching(/^\+964/),
      birthDate: '2026-03-01',
      age: 0,
      isMale: 1,
      hasAlerts: false,
      lastQueueAt: null,
    });
    expect(await names('%')).toEqual([]);
  });
});

describe('filter', () => {
  it('pages 25 at a time with meta, filters by sex, age and last visit, sorts', async () => {
    const people = Array.from({ length: 30 }, (_, i) => ({
      name: `Karim Person ${String(i).padStart(2, '0')}`,
      isMale: i % 2 === 0 ? 1 : 0,
      birthDate: `${1990 + (i % 10)}-06-15`,
    }));
    const { c, made } = await clinicWith(...people, { name: 'Other Someone', birthDate: '2020-01-01' });
    const page = (q: string) => c.call('GET', `/api/mo/patient/filter?${q}`);

    const first = await page('page=1&search=karim');
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({
      page: 1,
      perPage: 25,
      total: 30,
      lastPage: 2,
      totalIsLowerBound: false,
    });
    expect(first.json().data).toHaveLength(25);
    const second = (await page('page=2&search=karim')).json();
    expect(second.data).toHaveLength(5);
    const seen = new Set([...first.json().data, ...second.data].map((p: Patient) => p.id));
    expect(seen.size).toBe(30);

    const women = (await page('search=karim&isMale=0')).json();
    expect(women.meta.total).toBe(15);
    expect(women.data.every((p: Patient) => p.isMale === 0)).toBe(true);

    // On 2026-03-01, born 1995-06-15 → 30, 1999-06-15 → 26.
    const ages = (await page('ageFrom=26&ageTo=30&sort=name')).json();
    expect(ages.data.every((p: Patient) => p.age >= 26 && p.age <= 30)).toBe(true);
    expect(ages.meta.total).toBe(15);

    const all = (await page('sort=fileNumber')).json();
    expect(all.meta.total).toBe(31);
    expect(all.data[0].id).toBe(made[0]!.id);
    const newest = (await page('')).json();
    expect(newest.data[0].name).toBe('Other Someone');

    await c.queue(made[3]!.id, { date: '2026-02-10T10:00:00+03:00' });
    const visited = (await page('lastVisitFrom=2026-02-01&lastVisitTo=2026-02-28')).json();
    expect(visited.data.map((p: Patient) => p.id)).toEqual([made[3]!.id]);
    const byLastVisit = (await page('sort=lastVisit')).json();
    expect(byLastVisit.data[0].id).toBe(made[3]!.id);
    // Each of the list's three paths (filters only, a search in a chosen order, by relevance) gives the record
    // as its own page does.
    const record = await c.ok<Patient>('GET', `/api/mo/patient/${made[3]!.id}`);
    expect(record.lastQueueAt).toEqual(expect.any(String));
    for (const q of [
      'sort=lastVisit',
      'search=karim&sort=lastVisit',
      `search=${encodeURIComponent(made[3]!.name)}`,
    ])
      expect((await page(q)).json().data[0]).toEqual(record);
    const [summary] = await c.ok<PatientSummary[]>(
      'GET',
      `/api/mo/patient?search=${encodeURIComponent(made[3]!.name)}`,
    );
    expect(summary!.lastQueueAt).toBe(record.lastQueueAt);

    const bad = await page('ageFrom=40&ageTo=20&lastVisitFrom=x&sort=bogus');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['lastVisitFrom', 'sort']));
  });
});
