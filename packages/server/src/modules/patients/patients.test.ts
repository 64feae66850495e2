import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PATIENTS_PER_PAGE, type Patient } from '@basira/shared/patients/patients.schemas';
import { auditLog, examRecords, letters } from '../../db/schema.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic, randomPhone } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

// 11:00 in Baghdad (UTC+3): the organization's today is 2026-03-01.
const clock = new FakeClock(new Date('2026-03-01T08:00:00Z'));
let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;

beforeAll(async () => {
  t = await startTestApp({ clock });
  org = await t.newOrg();
  c = clinic(t, org);
});
afterAll(() => t.close());

describe('registering a patient', () => {
  it('keeps the spec defaults: Iraq, male, born today; numbers files per organization; stores E.164', async () => {
    const other = await t.newOrg();
    const res = await c.call('POST', '/api/mo/patient', { name: 'مريم', phone: '0770 123 4567' });
    expect(res.statusCode).toBe(201);
    const p = res.json().data as Patient;
    expect(p).toMatchObject({
      name: 'مريم',
      countryId: 105,
      country: { id: 105, prefix: 'IQ', phoneCode: '+964' },
      phone: '+9647701234567',
      birthDate: '2026-03-01',
      birthDateApproximate: false,
      age: 0,
      isMale: 1,
      version: 1,
      lastQueueAt: null,
      hasAlerts: false,
      alerts: { allergies: [], conditions: [], other: null },
    });
    const next = await c.patient();
    expect(next.fileNumber).toBe(p.fileNumber + 1);
    const elsewhere = await clinic(t, other).patient();
    expect(elsewhere.fileNumber).toBe(1);
  });

  it('numbers registrations made at once one after the other, each audited with its file number', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => c.patient()));
    const numbers = made.map((p) => p.fileNumber).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const audited = await t.database.db
      .select({ patientId: auditLog.patientId, entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, 'patient.created')));
    for (const p of made)
      expect(audited).toContainEqual({
        patientId: p.id,
        entityId: p.id,
        details: { fileNumber: p.fileNumber },
      });
  });

  it('takes every optional field, and an age instead of a birth date (marked approximate)', async () => {
    const p = await c.patient({
      name: 'Zainab Kareem',
      isMale: 0,
      age: 7,
      phone2: '+964 750 111 2222',
      nationalId: '199912345678',
      address: 'Baghdad, Karrada',
      occupation: 'student',
      referralSource: 'doctor',
      guardianName: 'Kareem Abbas',
      guardianPhone: '07801112233',
      alerts: {
        allergies: [{ text: 'dilating drops (tropicamide)', reaction: 'redEye', severity: 'mild' }],
        conditions: ['hypertension'],
      },
      notes: 'wears glasses since 5',
    });
    expect(p).toMatchObject({
      isMale: 0,
      age: 7,
      birthDate: '2019-03-01',
      birthDateApproximate: true,
      phone2: '+9647501112222',
      guardianPhone: '+9647801112233',
      hasAlerts: true,
      alerts: {
        allergies: [
          {
            substance: null,
            text: 'dilating drops (tropicamide)',
            reaction: 'redEye',
            severity: 'mild',
            // The words read as the class and the ingredient they name.
            matched: expect.arrayContaining(['pupilDilator', 'tropicamide']),
          },
        ],
        conditions: ['hypertension'],
        other: null,
      },
    });
  });

  it('reports every field error at once (422) with keys the web translates', async () => {
    const res = await c.call('POST', '/api/mo/patient', {
      name: 'ab',
      phone: '12345',
      birthDate: '2030-01-01',
      isMale: 2,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation',
      errors: {
        name: ['name.min'],
        phone: ['phone.invalid'],
        birthDate: ['birthDate.future'],
        isMale: [expect.any(String)],
      },
    });
    const country = await c.call('POST', '/api/mo/patient', {
      name: 'Ali Hassan',
      phone: '0770',
      countryId: 9999,
    });
    expect(country.statusCode).toBe(422);
    expect(country.json().errors).toEqual({ countryId: ['countryId.unknown'] });
    const missing = await c.call('POST', '/api/mo/patient', {});
    expect(missing.json().errors).toMatchObject({ name: expect.any(Array), phone: expect.any(Array) });
  });

  it('checks the phone against the chosen country', async () => {
    const jordan = 114;
    const iraqi = await c.call('POST', '/api/mo/patient', {
      name: 'Omar Said',
      phone: '0770 123 4567',
      countryId: jordan,
    });
    expect(iraqi.statusCode).toBe(422);
    expect(iraqi.json().errors).toEqual({ phone: ['phone.invalid'] });
    const local = await c.call('POST', '/api/mo/patient', {
      name: 'Omar Said',
      phone: '079 123 4567',
      countryId: jordan,
    });
    expect(local.statusCode).toBe(201);
    expect(local.json().data).toMatchObject({ phone: '+962791234567', country: { prefix: 'JO' } });
  });

  it('is refused without `add patient`, read with any of the reading permissions', async () => {
    const queueClerk = await userWith(t, org, ['add queue']);
    expect(
      (
        await c.call(
          'POST',
          '/api/mo/patient',
          { name: 'Ali Hassan', phone: randomPhone() },
          queueClerk.token,
        )
      ).statusCode,
    ).toBe(403);
    const p = await c.patient();
    expect((await c.call('GET', `/api/mo/patient/${p.id}`, undefined, queueClerk.token)).statusCode).toBe(
      200,
    );
    expect(
      (await c.call('GET', '/api/mo/patient?search=Ahmed', undefined, queueClerk.token)).statusCode,
    ).toBe(200);
  });
});

describe('reading and editing', () => {
  it('audits every opening of a record', async () => {
    const p = await c.patient();
    expect((await c.call('GET', `/api/mo/patient/${p.id}`)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.orgId, org.id), eq(auditLog.patientId, p.id), eq(auditLog.action, 'patient.viewed')),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: org.adminId, entity: 'patient', ip: expect.any(String) });
  });

  it('updates with the version read; a stale version answers 409 with the current record', async () => {
    const p = await c.patient({ name: 'Hussein Ali' });
    const first = await c.call('POST', `/api/mo/patient/${p.id}`, { name: 'Hussein Ali Jasim', version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ name: 'Hussein Ali Jasim', version: 2, phone: p.phone });
    const stale = await c.call('POST', `/api/mo/patient/${p.id}`, { occupation: 'teacher', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stale_version',
      data: { id: p.id, version: 2, name: 'Hussein Ali Jasim' },
    });
    const noVersion = await c.call('POST', `/api/mo/patient/${p.id}`, { occupation: 'teacher' });
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json().errors.version).toBeDefined();
    const cleared = await c.call('POST', `/api/mo/patient/${p.id}`, {
      phone2: '0751 222 3333',
      notes: null,
      version: 2,
    });
    expect(cleared.json().data).toMatchObject({ phone2: '+9647512223333', notes: null, version: 3 });
    const badPhone = await c.call('POST', `/api/mo/patient/${p.id}`, { phone: '123', version: 3 });
    expect(badPhone.statusCode).toBe(422);
  });

  it('answers 404 for another organization’s patient, for every call', async () => {
    const other = await t.newOrg();
    const theirs = await clinic(t, other).patient();
    for (const [method, url, payload] of [
      ['GET', `/api/mo/patient/${theirs.id}`],
      ['POST', `/api/mo/patient/${theirs.id}`, { name: 'Stolen Name', version: 1 }],
      ['DELETE', `/api/mo/patient/delete/${theirs.id}`],
      ['POST', `/api/mo/patient/restore/${theirs.id}`],
      ['GET', `/api/mo/patient/${theirs.id}/document`],
      ['GET', `/api/mo/queue/all/${theirs.id}`],
      ['POST', '/api/mo/queue', { patientId: theirs.id }],
    ] as const) {
      const res = await c.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const merge = await c.call('POST', '/api/mo/patient/merge', {
      survivorId: (await c.patient()).id,
      mergedId: theirs.id,
    });
    expect(merge.statusCode).toBe(404);
  });
});

describe('deleting and restoring', () => {
  it('soft-deletes (gone from reads and search), and an administrator restores', async () => {
    const deleter = await userWith(t, org, ['delete patient', 'show patients']);
    const p = await c.patient({ name: 'Sajjad Raheem Kadhim' });
    const del = await c.call('DELETE', `/api/mo/patient/delete/${p.id}`, undefined, deleter.token);
    expect(del.statusCode).toBe(200);
    const gone = await c.call('GET', `/api/mo/patient/${p.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('patient.deleted');
    expect(await c.ok('GET', `/api/mo/patient?search=${encodeURIComponent('Sajjad Raheem')}`)).toEqual([]);
    const deleted = await c.ok<Patient[]>('GET', '/api/mo/patient/deleted');
    expect(deleted.map((d) => d.id)).toContain(p.id);
    expect(
      (await c.call('POST', `/api/mo/patient/restore/${p.id}`, undefined, deleter.token)).statusCode,
    ).toBe(403);
    const restored = await c.call('POST', `/api/mo/patient/restore/${p.id}`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ id: p.id, deletedAt: null, version: 3 });
    expect((await c.call('GET', `/api/mo/patient/${p.id}`)).statusCode).toBe(200);
  });

  it('lists the deleted newest deletion first, a page at a time, each page with the whole total', async () => {
    const own = clinic(t, await t.newOrg());
    const made: Patient[] = [];
    for (let i = 0; i < PATIENTS_PER_PAGE + 2; i++) made.push(await own.patient());
    for (const p of made) await own.ok('DELETE', `/api/mo/patient/delete/${p.id}`);
    const newestFirst = made.map((p) => p.id).reverse();
    const page = async (n: number) => {
      const res = await own.call('GET', `/api/mo/patient/deleted?page=${n}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: Patient[]; meta: Record<string, unknown> };
    };
    const meta = { perPage: PATIENTS_PER_PAGE, total: made.length, lastPage: 2, totalIsLowerBound: false };
    const [first, second, past] = [await page(1), await page(2), await page(3)];
    expect(first.data.map((p) => p.id)).toEqual(newestFirst.slice(0, PATIENTS_PER_PAGE));
    expect(first.meta).toEqual({ page: 1, ...meta });
    expect(second.data.map((p) => p.id)).toEqual(newestFirst.slice(PATIENTS_PER_PAGE));
    expect(second.meta).toEqual({ page: 2, ...meta });
    // Past the last page no row carries the total: it is counted on its own.
    expect(past).toEqual({ data: [], meta: { page: 3, ...meta } });
  });

  it('refuses while a visit is open (409), allows once it is finished', async () => {
    const p = await c.patient();
    const entry = await c.queue(p.id);
    const refused = await c.call('DELETE', `/api/mo/patient/delete/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('patient.has_open_visits');
    await c.ok('POST', `/api/mo/queue/canceled/${entry.id}`);
    expect((await c.call('DELETE', `/api/mo/patient/delete/${p.id}`)).statusCode).toBe(200);
  });
});

describe('deleting a patient with bookings', () => {
  it('refuses while bookings from today on are Booked (409 with their count and list); allows once they are canceled', async () => {
    const p = await c.patient();
    const now = clock.now().getTime();
    const first = await c.queue(p.id, { date: new Date(now + 2 * 86_400_000).toISOString() });
    const second = await c.queue(p.id, { date: new Date(now + 9 * 86_400_000).toISOString() });
    const refused = await c.call('DELETE', `/api/mo/patient/delete/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'patient.has_bookings',
      data: {
        count: 2,
        bookings: [
          { id: first.id, start: first.date, minutes: 15, doctorId: null },
          { id: second.id, start: second.date },
        ],
      },
    });
    // Still there, not deleted.
    expect((await c.call('GET', `/api/mo/patient/${p.id}`)).statusCode).toBe(200);
    // A booking canceled no longer holds the record.
    await c.ok('POST', `/api/mo/queue/canceled/${first.id}`);
    const still = await c.call('DELETE', `/api/mo/patient/delete/${p.id}`);
    expect(still.json()).toMatchObject({ code: 'patient.has_bookings', data: { count: 1 } });
    await c.ok('POST', `/api/mo/queue/canceled/${second.id}`);
    expect((await c.call('DELETE', `/api/mo/patient/delete/${p.id}`)).statusCode).toBe(200);
  });
});

describe('duplicates', () => {
  it('warns with the candidates by normalised name + birth date, or by phone; never blocks saving', async () => {
    const phone = randomPhone();
    const first = await c.patient({ name: 'فاطمة حسين', birthDate: '1990-05-04', phone });
    const check = (q: string) =>
      c.ok<{ id: number; reasons: string[] }[]>('GET', `/api/mo/patient/duplicates?${q}`);
    const byName = await check(`name=${encodeURIComponent('فاطمه  حُسين')}&birthDate=1990-05-04`);
    expect(byName).toEqual([expect.objectContaining({ id: first.id, reasons: ['name_birth_date'] })]);
    const byPhone = await check(`phone=${encodeURIComponent(`+964${phone.slice(1).replaceAll(' ', '')}`)}`);
    expect(byPhone).toEqual([expect.objectContaining({ id: first.id, reasons: ['phone'] })]);
    expect(await check(`phone=${encodeURIComponent(phone)}&excludeId=${first.id}`)).toEqual([]);
    expect(await check('name=nobody%20here&birthDate=1990-05-04')).toEqual([]);
    const second = await c.call('POST', '/api/mo/patient', {
      name: 'فاطمه حسين',
      birthDate: '1990-05-04',
      phone,
    });
    expect(second.statusCode).toBe(201);
  });

  it('matches a year either side when either birth date stands for an age', async () => {
    const name = `زينب ${randomUUID().slice(0, 6)} علي`;
    const known = await c.patient({ name, birthDate: '1990-05-04' });
    const check = (q: string) =>
      c.ok<{ id: number; reasons: string[] }[]>(
        'GET',
        `/api/mo/patient/duplicates?name=${encodeURIComponent(name)}&${q}`,
      );
    // An age typed now (approximate) against an exact birth date stored earlier.
    expect(await check('birthDate=1991-02-01&birthDateApproximate=1')).toEqual([
      expect.objectContaining({ id: known.id, reasons: ['name_birth_date'] }),
    ]);
    expect(await check('birthDate=1991-02-01')).toEqual([]);
    expect(await check('birthDate=1992-02-01&birthDateApproximate=1')).toEqual([]);
    // An exact birth date typed now against an age stored earlier.
    const aged = await c.patient({ name: `${name} كاظم`, age: 40 });
    expect(
      await c.ok<{ id: number }[]>(
        'GET',
        `/api/mo/patient/duplicates?name=${encodeURIComponent(`${name} كاظم`)}&birthDate=${aged.birthDate.slice(0, 4)}-01-15`,
      ),
    ).toEqual([expect.objectContaining({ id: aged.id })]);
  });
});

describe('merging two records of one person', () => {
  it('moves visits, documents and exam records to the survivor, retires the other, audits; Administrator only', async () => {
    const survivor = await c.patient({ name: 'Ali Kadhim' });
    const merged = await c.patient({ name: 'Ali Kazim', nationalId: 'A123', birthDate: '1980-01-01' });
    const visit = await c.queue(merged.id);
    await c.ok('POST', `/api/mo/queue/canceled/${visit.id}`);
    const finished = await c.queue(merged.id, { date: '2026-02-20T09:00:00+03:00' });
    await c.open(finished);
    await c.ok('POST', `/api/mo/queue/finished/${finished.id}`);
    await t.database.db
      .insert(examRecords)
      .values({ orgId: org.id, patientId: merged.id, queueId: finished.id, type: 'spectacles', data: {} });
    const [letter] = await t.database.db
      .insert(letters)
      .values({ orgId: org.id, patientId: merged.id, kind: 'report', language: 'en', title: 'Report' })
      .returning({ id: letters.id });
    const clerk = await userWith(t, org, ['edit patient', 'delete patient']);
    const body = { survivorId: survivor.id, mergedId: merged.id };
    expect((await c.call('POST', '/api/mo/patient/merge', body, clerk.token)).statusCode).toBe(403);
    const res = await c.call('POST', '/api/mo/patient/merge', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      survivor: {
        id: survivor.id,
        nationalId: 'A123',
        phone2: merged.phone,
        lastQueueAt: '2026-02-20T06:00:00.000Z',
      },
      moved: { visits: 2, documents: 0, exams: 1 },
    });
    const visits = await c.ok<{ id: number }[]>('GET', `/api/mo/queue/all/${survivor.id}`);
    expect(visits.map((v) => v.id).sort()).toEqual([visit.id, finished.id].sort());
    const [movedLetter] = await t.database.db
      .select({ patientId: letters.patientId })
      .from(letters)
      .where(eq(letters.id, letter!.id));
    expect(movedLetter?.patientId).toBe(survivor.id);
    const gone = await c.call('GET', `/api/mo/patient/${merged.id}`);
    expect(gone.json().code).toBe('patient.deleted');
    const restore = await c.call('POST', `/api/mo/patient/restore/${merged.id}`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().code).toBe('patient.merged');
    const same = await c.call('POST', '/api/mo/patient/merge', {
      survivorId: survivor.id,
      mergedId: survivor.id,
    });
    expect(same.statusCode).toBe(422);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, org.id),
          eq(auditLog.action, 'patient.merged'),
          eq(auditLog.entityId, survivor.id),
        ),
      );
    expect(audit?.details).toMatchObject({ mergedId: merged.id, moved: { visits: 2, exams: 1 } });
  });
});
