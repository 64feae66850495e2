import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintSetting } from '@basira/shared/print/print-settings.schemas';
import type { PrintLogEntry } from '@basira/shared/print/printing.schemas';
import { examRecords, users } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
});
afterAll(() => t.close());

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND with their CRCs), as a data URL. */
function pngDataUrl(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('print settings', () => {
  it('creates with the spec fields alone, defaults the first, sanitises texts and checks the logo by content', async () => {
    const c = clinic(t, clinicOrg());
    const first = await c.call('POST', '/api/mo/printSetting', {
      optometrist: 'Ali Kareem',
      specialist: 'Dr. Sara Hadi',
      header: '<p><strong>Basira Eye Clinic</strong><script>alert(1)</script></p>',
      footer: '<p onclick="x()">Baghdad, Karrada</p>',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      color: '#000000',
      paperSize: 'A5',
      zeroAs: 'plano',
      isDefault: true,
      logo: null,
      version: 1,
      header: '<p><strong>Basira Eye Clinic</strong></p>',
      footer: '<p>Baghdad, Karrada</p>',
    });

    const logo = pngDataUrl();
    const second = await c.ok<PrintSetting>('POST', '/api/mo/printSetting', {
      name: 'A4',
      color: '#0B5394',
      paperSize: 'A4',
      logo,
      isDefault: true,
    });
    expect(second).toMatchObject({ color: '#0b5394', isDefault: true, logo });
    const list = await c.ok<PrintSetting[]>('GET', '/api/mo/printSetting');
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([second.id]);
    expect(list.find((s) => s.id === first.json().data.id)?.version).toBe(2);

    // A text file declared as a PNG, a colour that is not 6-digit hex, a paper the clinic has not: all at once.
    const text = `data:image/png;base64,${Buffer.from('hello, not an image').toString('base64')}`;
    const bad = await c.call('POST', '/api/mo/printSetting', { color: 'red', paperSize: 'A3', logo: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['color', 'logo', 'paperSize']);
    expect(bad.json().errors.color).toEqual(['color.invalid']);
    const notImage = await c.call('POST', '/api/mo/printSetting', { logo: text });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors).toEqual({ logo: ['logo.unsupported_type'] });
    const big = `data:image/png;base64,${Buffer.concat([Buffer.from(logo.split(',')[1]!, 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')}`;
    const tooBig = await c.call('POST', '/api/mo/printSetting', { logo: big });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toEqual({ logo: ['logo.too_large'] });
  });

  it('updates with the version read; a stale one answers 409 with the current setting; delete moves the default', async () => {
    const c = clinic(t, clinicOrg());
    const created = await c.ok<PrintSetting>('POST', '/api/mo/printSetting', { isDefault: true });
    const updated = await c.ok<PrintSetting>('POST', `/api/mo/printSetting/${created.id}`, {
      version: 1,
      optometrist: 'Zainab',
      zeroAs: 'zeros',
    });
    expect(updated).toMatchObject({ version: 2, optometrist: 'Zainab', zeroAs: 'zeros', color: '#000000' });
    const stale = await c.call('POST', `/api/mo/printSetting/${created.id}`, { version: 1, specialist: 'X' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', data: { id: created.id, version: 2 } });
    expect((await c.call('POST', `/api/mo/printSetting/${created.id}`, { specialist: 'X' })).statusCode).toBe(
      422,
    );

    const other = await c.ok<PrintSetting>('POST', '/api/mo/printSetting', {});
    expect((await c.call('DELETE', `/api/mo/printSetting/delete/${created.id}`)).statusCode).toBe(200);
    expect((await c.call('GET', `/api/mo/printSetting/${created.id}`)).statusCode).toBe(404);
    expect((await c.call('DELETE', `/api/mo/printSetting/delete/${created.id}`)).statusCode).toBe(404);
    const list = await c.ok<PrintSetting[]>('GET', '/api/mo/printSetting');
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([Math.max(...list.map((s) => s.id))]);
    expect(list.some((s) => s.id === other.id)).toBe(true);
  });

  it('needs `print setting`, and never reaches another organization', async () => {
    const o = clinicOrg();
    const mine = await clinic(t, o).ok<PrintSetting>('POST', '/api/mo/printSetting', {});
    const printer = await userWith(t, o, ['print spectacles']);
    expect((await clinic(t, o, printer.token).call('GET', '/api/mo/printSetting')).statusCode).toBe(403);
    const stranger = clinic(t, org);
    expect((await stranger.call('GET', `/api/mo/printSetting/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.call('POST', `/api/mo/printSetting/${mine.id}`, { version: 1, name: 'x' })).statusCode,
    ).toBe(404);
    expect((await stranger.call('DELETE', `/api/mo/printSetting/delete/${mine.id}`)).statusCode).toBe(404);
  });
});

// Each test of the first block makes its own organization (the default setting is per organization).
const orgs: TestOrg[] = [];
function clinicOrg(): TestOrg {
  const next = orgs.shift();
  if (!next) throw new Error('no organization prepared');
  return next;
}
beforeAll(async () => {
  for (let i = 0; i < 3; i++) orgs.push(await t.newOrg());
});

describe('printing a record', () => {
  async function spectacleRecord(c: ReturnType<typeof clinic>) {
    const patient = await c.patient({ name: 'Layla Mahmoud' });
    const entry = await c.queue(patient.id);
    const record = await c.ok<{ id: number; version: number; patientId: number }>(
      'POST',
      '/api/mo/exam/spectacles',
      {
        patientId: patient.id,
        queueId: entry.id,
        readings: [
          {
            kind: 'subjective',
            isFinal: true,
            right: { sphere: -2.25, cylinder: -0.5, axis: 90, add: 1.5, prism: 1, prismBase: 'in' },
            left: { sphere: 0, cylinder: -0.75, axis: 5, add: 1.5 },
          },
        ],
      },
    );
    return { patient, entry, record };
  }

  it('the print view has the record, the patient and the default setting; each print is logged with its version', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    await c.ok('POST', '/api/mo/printSetting', { optometrist: 'Ali Kareem', color: '#123456' });
    const { patient, entry, record } = await spectacleRecord(c);
    // Printing needs the right to read what is printed: the record's and the queue entry's.
    const printer = await userWith(t, o, [
      'print spectacles',
      'show spectacles',
      'print squint',
      'show queues',
    ]);
    const p = clinic(t, o, printer.token);

    const view = await p.ok<{
      record: { id: number; version: number };
      patient: { name: string; fileNumber: number };
      setting: PrintSetting;
      organization: { name: string };
      reprintOf: null;
    }>('GET', `/api/mo/print/spectacles/${record.id}`);
    expect(view.record).toMatchObject({ id: record.id, version: 1 });
    expect(view.patient).toMatchObject({ name: 'Layla Mahmoud', fileNumber: patient.fileNumber });
    expect(view.setting).toMatchObject({ optometrist: 'Ali Kareem', color: '#123456' });
    expect(view.reprintOf).toBeNull();
    // `print spectacles` is not `print biometry`, and the ticket's own call answers with its frame.
    expect((await p.call('GET', `/api/mo/print/biometry/${record.id}`)).statusCode).toBe(403);
    const ticket = await p.ok<{ ticket: { ticketNumber: number }; setting: PrintSetting }>(
      'GET',
      `/api/mo/print/queue/${entry.id}`,
    );
    expect(ticket.ticket.ticketNumber).toBe(entry.ticketNumber);
    expect(ticket.setting.color).toBe('#123456');

    const logged = await p.call('POST', '/api/mo/print/log', {
      type: 'spectacles',
      id: record.id,
      version: 1,
      paperSize: 'A5',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const first = logged.json().data as PrintLogEntry;
    expect(first).toMatchObject({ type: 'spectacles', recordId: record.id, version: 1, paperSize: 'A5' });
    expect(first.summary).toBe('R -2.25 -0.50 × 090 · L 0.00 -0.75 × 005 · Add +1.50');

    // The record is edited: a page still showing version 1 may not log; a reprint of the first print may, and
    // gives the record as it was printed.
    await c.ok('POST', `/api/mo/exam/spectacles/${record.id}`, {
      version: 1,
      readings: [{ kind: 'subjective', isFinal: true, right: { sphere: -3 }, left: { sphere: -3 } }],
    });
    const stale = await p.call('POST', '/api/mo/print/log', {
      type: 'spectacles',
      id: record.id,
      version: 1,
      paperSize: 'A4',
    });
    expect(stale.statusCode).toBe(409);
    const reprintView = await p.ok<{ record: { version: number }; reprintOf: { id: number } }>(
      'GET',
      `/api/mo/print/spectacles/${record.id}?printId=${first.id}`,
    );
    expect(reprintView).toMatchObject({ record: { version: 1 }, reprintOf: { id: first.id } });
    const reprint = await p.ok<PrintLogEntry>('POST', '/api/mo/print/log', {
      type: 'spectacles',
      id: record.id,
      paperSize: 'A4',
      printId: first.id,
    });
    expect(reprint).toMatchObject({ version: 1, reprintOfId: first.id, paperSize: 'A4' });
    await p.ok('POST', '/api/mo/print/log', { type: 'queue', id: entry.id, paperSize: '80mm' });

    const history = await p.call('GET', `/api/mo/print/log?patientId=${patient.id}&type=spectacles`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((e: PrintLogEntry) => e.id)).toEqual([reprint.id, first.id]);
    expect(history.json().data[0].printedBy.id).toBe(printer.id);
    // The list reads only what an entry shows, its time as text: the entry is the one the print answered.
    expect(history.json().data[0]).toEqual(reprint);
    expect(history.json().meta.total).toBe(2);

    // Printing a kind one may not print, or an id of another organization.
    expect(
      (await p.call('POST', '/api/mo/print/log', { type: 'biometry', id: record.id, paperSize: 'A5' }))
        .statusCode,
    ).toBe(403);
    const stranger = clinic(t, org);
    expect((await stranger.call('GET', `/api/mo/print/spectacles/${record.id}`)).statusCode).toBe(404);
    expect(
      (
        await stranger.call('POST', '/api/mo/print/log', {
          type: 'spectacles',
          id: record.id,
          paperSize: 'A5',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await p.call('POST', '/api/mo/print/log', { type: 'x', id: 1, paperSize: 'A6' })).statusCode,
    ).toBe(422);
  });

  it('exports a spectacle prescription as a FHIR R4 VisionPrescription with the record values', async () => {
    const o = await t.newOrg();
    const c = clinic(t, o);
    const { patient, record } = await spectacleRecord(c);
    const res = await c.call('GET', `/api/mo/exam/spectacles/${record.id}/fhir`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const resource = res.json();
    expect(resource).toMatchObject({
      resourceType: 'VisionPrescription',
      status: 'active',
      patient: { reference: `Patient/${patient.id}`, display: 'Layla Mahmoud' },
      prescriber: { display: expect.any(String) },
    });
    expect(resource.created).toBe(resource.dateWritten);
    expect(resource.lensSpecification).toEqual([
      {
        product: { coding: [expect.objectContaining({ code: 'lens' })] },
        eye: 'right',
        sphere: -2.25,
        cylinder: -0.5,
        axis: 90,
        prism: [{ amount: 1, base: 'in' }],
        add: 1.5,
      },
      {
        product: { coding: [expect.objectContaining({ code: 'lens' })] },
        eye: 'left',
        sphere: 0,
        cylinder: -0.75,
        axis: 5,
        add: 1.5,
      },
    ]);
    const noReader = await userWith(t, o, ['print biometry']);
    expect(
      (await clinic(t, o, noReader.token).call('GET', `/api/mo/exam/spectacles/${record.id}/fhir`))
        .statusCode,
    ).toBe(403);
  });
});

describe('who signs a print', () => {
  /** An organization whose print setting names a specialist and an optometrist who recorded none of its records. */
  async function clinicWithSetting() {
    const o = await t.newOrg();
    const c = clinic(t, o);
    await c.ok('POST', '/api/mo/printSetting', { optometrist: 'Ali Kareem', specialist: 'د. علي' });
    return { o, c };
  }

  /** A user with permissions, named as the clinic knows them. */
  async function colleague(o: TestOrg, name: string, permissions: string[], isDoctor: boolean) {
    const user = await userWith(t, o, permissions, { isDoctor });
    // A test's shortcut: the name is all that changes, and no session holds the old one yet.
    await t.database.db.update(users).set({ name }).where(eq(users.id, user.id));
    return { ...user, name, c: clinic(t, o, user.token) };
  }

  it('an optometrist’s spectacle prescription names the optometrist, not a doctor', async () => {
    const { o, c } = await clinicWithSetting();
    const optometrist = await colleague(
      o,
      'Mustafa Kareem',
      ['add spectacles', 'print spectacles', 'open board'],
      false,
    );
    const patient = await c.patient({ name: 'Layla Mahmoud' });
    const entry = await c.queue(patient.id);
    const record = await optometrist.c.ok<{ id: number }>('POST', '/api/mo/exam/spectacles', {
      patientId: patient.id,
      queueId: entry.id,
      readings: [{ kind: 'subjective', isFinal: true, right: { sphere: -1 }, left: { sphere: -1 } }],
    });
    const view = await optometrist.c.ok<{ recordedBy: unknown; setting: PrintSetting }>(
      'GET',
      `/api/mo/print/spectacles/${record.id}`,
    );
    expect(view.recordedBy).toEqual({ id: optometrist.id, name: 'Mustafa Kareem', isDoctor: false });
    expect(view.setting).toMatchObject({ optometrist: 'Ali Kareem', specialist: 'د. علي' });
  });

  it('Dr. Sara’s prescription names Dr. Sara, with the patient’s allergies; a record naming nobody names no one', async () => {
    const { o, c } = await clinicWithSetting();
    const sara = await colleague(
      o,
      'د. سارة',
      ['add consultation', 'print consultation', 'open board'],
      true,
    );
    const patient = await c.patient({
      name: 'Huda Salim',
      alerts: { allergies: [{ substance: 'sulfonamide', reaction: 'rash', severity: 'severe' }] },
    });
    const entry = await c.queue(patient.id);
    const record = await sara.c.ok<{ id: number }>('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: entry.id,
      medications: [{ name: 'Artificial tears', form: 'drops', eye: 'both', frequency: { timesPerDay: 4 } }],
    });
    const view = await sara.c.ok<{ recordedBy: unknown; patient: { allergies: unknown[] } }>(
      'GET',
      `/api/mo/print/consultation/${record.id}`,
    );
    expect(view.recordedBy).toEqual({ id: sara.id, name: 'د. سارة', isDoctor: true });
    expect(view.patient.allergies).toEqual([
      expect.objectContaining({ substance: 'sulfonamide', reaction: 'rash', severity: 'severe' }),
    ]);

    // A record older than authors (or whose author is gone) names nobody: the setting's names sign it.
    await t.database.db.update(examRecords).set({ createdBy: null }).where(eq(examRecords.id, record.id));
    const old = await c.ok<{ recordedBy: unknown }>('GET', `/api/mo/print/consultation/${record.id}`);
    expect(old.recordedBy).toBeNull();
  });

  it('a letter names its author', async () => {
    const { o, c } = await clinicWithSetting();
    const patient = await c.patient({ name: 'Sami Adel' });
    const entry = await c.queue(patient.id);
    const templates = await c.ok<{ id: number }[]>('GET', '/api/mo/letter-template');
    const letter = await c.ok<{ id: number }>('POST', '/api/mo/letter', {
      patientId: patient.id,
      queueId: entry.id,
      templateId: templates[0]!.id,
    });
    const view = await c.ok<{ recordedBy: unknown }>('GET', `/api/mo/print/letter/${letter.id}`);
    expect(view.recordedBy).toEqual({ id: o.adminId, name: 'Admin User', isDoctor: false });
  });
});
