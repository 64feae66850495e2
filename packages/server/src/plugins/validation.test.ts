import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frequencySchema } from '@basira/shared/codes/codes.schemas';
import { schemaOf } from '@basira/shared/exams/fields';
import { clinic } from '../test/clinic-fixtures.ts';
import { startTestApp, type TestApp, type TestOrg } from '../test/harness.ts';
import { unknownKeys } from './validation.ts';

describe('unknownKeys: the keys a schema would silently drop', () => {
  const eye = z.object({ sphere: z.number().optional() });

  it('names nested and array paths through the wrappers, and leaves loose objects alone', () => {
    const schema = z.object({
      right: eye.nullable().optional(),
      readings: z.array(z.object({ value: z.number() })).default([]),
      byEye: z.record(z.string(), eye),
      pair: z.tuple([eye], eye),
      piped: eye.transform((v) => v).pipe(z.object({ sphere: z.number().optional() })),
      tree: z.lazy(() => z.object({ leaf: z.number() })),
      loose: z.looseObject({ id: z.number() }),
    });
    expect(
      unknownKeys(schema, {
        right: { sphere: 1, axialLengthX: 2 },
        readings: [{ value: 1 }, { value: 2, foo: 3 }],
        byEye: { od: { sphere: 1, cyl: 2 } },
        pair: [{ a: 1 }, { sphere: 1 }, { b: 1 }],
        piped: { c: 1 },
        tree: { leaf: 1, twig: 2 },
        loose: { id: 1, anything: { at: 'all' } },
        extra: true,
      }),
    ).toEqual([
      'right.axialLengthX',
      'readings.1.foo',
      'byEye.od.cyl',
      'pair.0.a',
      'pair.2.b',
      'piped.c',
      'tree.twig',
      'extra',
    ]);
    // A key of the wrong type is zod's to report; a strict object's extra key is an unknown key like any other.
    expect(unknownKeys(schema, { right: 'x', readings: 3 })).toEqual([]);
    expect(unknownKeys(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual(['b']);
  });

  it('a union of strict shapes, and a frequency read through a transform, name the key they refuse', () => {
    // The formulary's frequency: no member parses with the extra key, so the member is the one that parses without it.
    expect(unknownKeys(frequencySchema, { timesPerDay: 4, note: 'x' })).toEqual(['note']);
    expect(unknownKeys(frequencySchema, { everyHours: 2, whileAwake: true, at: 'noon' })).toEqual(['at']);
    // The consultation's frequency reads its value in a transform: its input names the keys it takes.
    const consultation = schemaOf({ kind: 'frequency' });
    expect(unknownKeys(consultation, { timesPerDay: 4, note: 'x' })).toEqual(['note']);
    expect(unknownKeys(consultation, 'bedtime')).toEqual([]);
  });

  it('a union drops what its chosen member does not know; an intersection what neither side knows', () => {
    const shapes = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('circle'), radius: z.number() }),
      z.object({ kind: z.literal('square'), side: z.number() }),
    ]);
    expect(unknownKeys(shapes, { kind: 'circle', radius: 1, side: 2 })).toEqual(['side']);
    expect(unknownKeys(shapes, { kind: 'square', radius: 1, side: 2 })).toEqual(['radius']);
    const either = z.union([z.object({ a: z.number() }), z.object({ b: z.number() })]);
    expect(unknownKeys(either, { b: 1, c: 2 })).toEqual(['c']);
    const both = z.intersection(z.object({ a: z.number() }), z.object({ b: z.object({ c: z.number() }) }));
    expect(unknownKeys(both, { a: 1, b: { c: 1, d: 2 }, e: 3 })).toEqual(['e', 'b.d']);
  });
});

describe('strict bodies and query strings over the API', () => {
  let t: TestApp;
  let org: TestOrg;
  beforeAll(async () => {
    t = await startTestApp();
    org = await t.newOrg();
  });
  afterAll(() => t.close());

  it('a misnamed exam field is a 422 naming its path, with the other field errors, and saves nothing', async () => {
    const c = clinic(t, org);
    const patient = await c.patient();
    const visit = await c.queue(patient.id);
    const res = await c.call('POST', '/api/mo/exam/biometry', {
      patientId: patient.id,
      queueId: visit.id,
      right: { axialLength: 23.5 },
      measurements: { right: { axialLengthX: 23.5, k1: 'flat' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      right: ['field.unknown'],
      'measurements.right.axialLengthX': ['field.unknown'],
      'measurements.right.k1': [expect.any(String)],
    });
    const list = await c.ok<unknown[]>('GET', `/api/mo/exam/biometry?patientId=${patient.id}`);
    expect(list).toEqual([]);
    // The same record with the schema's fields saves.
    const saved = await c.call('POST', '/api/mo/exam/biometry', {
      patientId: patient.id,
      queueId: visit.id,
      measurements: { right: { axialLength: 23.5 } },
    });
    expect(saved.statusCode).toBe(201);
  });

  it('an array item and a patient field the schema does not know', async () => {
    const c = clinic(t, org);
    const role = await c.call('POST', '/api/role', { name: 'Front desk', permissions: [], colour: 'red' });
    expect(role.statusCode).toBe(422);
    expect(role.json()).toMatchObject({ code: 'validation', errors: { colour: ['field.unknown'] } });
    const patient = await c.call('POST', '/api/mo/patient', { name: 'Ahmed Ali', phone: '', passport: 'A1' });
    expect(patient.statusCode).toBe(422);
    expect(patient.json().errors).toMatchObject({ passport: ['field.unknown'] });
  });

  it('an unknown key is field.unknown on its own path and nothing else, wherever it sits', async () => {
    const c = clinic(t, org);
    const medication = {
      name: 'Prednisolone acetate 1%',
      form: 'drops',
      eye: 'right',
      dose: 1,
      doseUnit: 'drop',
      frequency: { timesPerDay: 4, note: 'x' },
      durationDays: 7,
      taper: [{ frequency: { everyHours: 2, whileAwake: true, at: 'noon' }, durationDays: 7 }],
    };
    const consultation = await c.call('POST', '/api/mo/exam/consultation', {
      patientId: 1,
      queueId: 1,
      medications: [medication],
    });
    expect(consultation.statusCode).toBe(422);
    expect(consultation.json().errors).toEqual({
      'medications.0.frequency.note': ['field.unknown'],
      'medications.0.taper.0.frequency.at': ['field.unknown'],
    });
    const drug = (defaultFrequency: unknown) =>
      c.call('POST', '/api/mo/code/drug', {
        name: 'House lubricant',
        form: 'drops',
        class: 'lubricant',
        ingredients: [{ substance: 'carmellose' }],
        defaultDose: 1,
        defaultDoseUnit: 'drop',
        defaultFrequency,
      });
    const extra = await drug({ timesPerDay: 4, note: 'x' });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ 'defaultFrequency.note': ['field.unknown'] });
    // A wrong value beside the unknown key is still reported, each on its own path.
    const both = await drug({ timesPerDay: 99, note: 'x' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({
      'defaultFrequency.note': ['field.unknown'],
      'defaultFrequency.timesPerDay': [expect.any(String)],
    });
    expect((await drug({ timesPerDay: 4 })).statusCode).toBe(201);
  });

  it('query strings: an unknown parameter is ignored; a known one given twice or mistyped is a 422', async () => {
    const get = (url: string) => t.request({ method: 'GET', url, org: org.slug, token: org.adminToken });
    expect((await get('/api/user?page=1&utm_source=mail')).statusCode).toBe(200);
    for (const [url, key] of [
      ['/api/user?page=1&page=2', 'page'],
      ['/api/user?search=a&search=b', 'search'],
      ['/api/mo/queue/filter?doctorId=1&doctorId=2', 'doctorId'],
      ['/api/mo/exam/biometry?patientId=1&patientId=1', 'patientId'],
      ['/api/mo/patient/filter?page=two', 'page'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual([key]);
    }
  });

  it('bidi controls: embeddings and overrides never stored, isolates balanced, in bodies and queries', async () => {
    const c = clinic(t, org);
    const patient = await c.patient({ name: 'Salma \u2067سلمى', notes: 'call\u2069 \u202Eafter' });
    expect(patient.name).toBe('Salma \u2067سلمى\u2069');
    expect(patient.notes).toBe('call after');
    const visit = await c.queue(patient.id);
    const saved = await c.ok<{ id: number }>('POST', '/api/mo/exam/consultation', {
      patientId: patient.id,
      queueId: visit.id,
      // The note of the attack: on paper it turned the product's `Left eye (OS)` after it into `(SO) eye tfeL`.
      diagnoses: [{ code: 'H40.1', text: 'suspect \u202Eglaucoma', eye: 'left' }],
      plan: 'line one \u2066LTR\nline two \u202Dx\u202C',
    });
    const read = await c.ok<{ diagnoses: { text: string }[]; plan: string }>(
      'GET',
      `/api/mo/exam/consultation/${saved.id}`,
    );
    expect(read.diagnoses[0]?.text).toBe('suspect glaucoma');
    expect(read.plan).toBe('line one \u2066LTR\u2069\nline two x');
    // A search carries none either (a query string passes the same rule): the patient is found by its words.
    const found = await c.ok<{ id: number }[]>(
      'GET',
      `/api/mo/patient?search=${encodeURIComponent('Sal\u202Ema')}`,
    );
    expect(found.map((p) => p.id)).toContain(patient.id);
  });
});
