import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
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
    // A key of the wrong type is zod's to report; a strict object reports its own extra keys.
    expect(unknownKeys(schema, { right: 'x', readings: 3 })).toEqual([]);
    expect(unknownKeys(z.strictObject({ a: z.number() }), { a: 1, b: 2 })).toEqual([]);
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
});
