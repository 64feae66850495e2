import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { EXAM_DEFINITIONS, examDefinition } from '@basira/shared/exams/registry';
import { leavesOf, type Leaf } from '@basira/shared/exams/fields';
import { visitDateBounds } from '@basira/shared/exams/visit-dates';
import { localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { readersOf } from '@basira/shared/exams/exam-types';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let c: ReturnType<typeof clinic>;
let visit: { patientId: number; queueId: number };

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  c = clinic(t, org);
  const patient = await c.patient({ name: 'Exam Patient' });
  const entry = await c.queue(patient.id);
  visit = { patientId: patient.id, queueId: entry.id };
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

/** Sets `value` at a leaf path of the definition (`readings.*.right.sphere`: list items at index 0). */
function setPath(body: Body, path: string, value: unknown): void {
  const parts = path.split('.').map((p) => (p === '*' ? 0 : p));
  let node: Record<string | number, unknown> = body;
  parts.slice(0, -1).forEach((part, i) => {
    const next = parts[i + 1];
    node[part] ??= typeof next === 'number' ? [] : {};
    node = node[part] as Record<string | number, unknown>;
  });
  node[parts.at(-1)!] = value;
}
const concrete = (path: string) => path.replaceAll('*', '0');

/**
 * Leaves whose range another field narrows (the type's `check`), with a value that lets both ends through: a dose's
 * range is every unit's together, which is mg's alone; long-term leaves the last period's days empty.
 */
const AGREEING: Partial<Record<(typeof EXAM_DEFINITIONS)[number]['type'], Record<string, unknown>>> = {
  consultation: { 'medications.*.doseUnit': 'mg', 'medications.*.longTerm': false },
  // A lens with a power is placed somewhere (`none` is an operation that left the eye aphakic).
  operation: { 'lens.placement': 'bag' },
};

/** A value for every leaf, at its lower or upper bound: a form filled in full. */
function filled(type: (typeof EXAM_DEFINITIONS)[number]['type'], bound: 'min' | 'max'): Body {
  const body: Body = {};
  const agreeing = AGREEING[type] ?? {};
  for (const { path, leaf } of leavesOf(examDefinition(type).fields))
    setPath(body, path, path in agreeing ? agreeing[path] : sample(leaf, bound));
  return body;
}
function sample(leaf: Leaf, bound: 'min' | 'max'): unknown {
  switch (leaf.kind) {
    case 'number':
      return leaf[bound];
    case 'axis':
      return bound === 'min' ? 1 : 180;
    case 'text':
      return bound === 'min' ? 'x' : 'x'.repeat(leaf.max);
    case 'choice':
      return leaf.values[bound === 'min' ? 0 : leaf.values.length - 1];
    case 'checks':
      return [...leaf.values];
    case 'flag':
      return true;
    case 'va':
      return bound === 'min' ? '6/6' : 'CF';
    case 'date':
      // A date bounded by its visit (a next visit) at its own ends: the visit's day (today's), two years on.
      if (leaf.fromVisit) {
        const { from, to } = visitDateBounds(localDay(new Date(), DEFAULT_TIME_ZONE), leaf.fromVisit.years);
        return bound === 'min' ? from : to;
      }
      return '2026-03-01';
    case 'time':
      return '10:30';
    case 'documents':
      return [];
    case 'richText':
      return '<p>note</p>';
    case 'frequency':
      return bound === 'min' ? { timesPerDay: 1 } : 'asNeeded';
    case 'diagnosisCode':
      return bound === 'min' ? 'H40.1' : 'h10.0';
    case 'drug':
    case 'ref':
      // A formulary, lens list, user or record id is the organization's own: their own tests pick real ones.
      return null;
  }
}
const numericPaths = (type: (typeof EXAM_DEFINITIONS)[number]['type']) =>
  leavesOf(examDefinition(type).fields).filter(({ leaf }) => leaf.kind === 'number' || leaf.kind === 'axis');

const url = (type: string, id?: number) => `/api/mo/exam/${type}${id === undefined ? '' : `/${id}`}`;

describe(`exam records on ${dbKind}`, () => {
  describe.each(EXAM_DEFINITIONS.map((d) => d.type))('%s', (type) => {
    it('create with no field, read, update with its version, stale 409, list, delete', async () => {
      const created = await c.call('POST', url(type), visit);
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json().data;
      expect(record).toMatchObject({
        type,
        patientId: visit.patientId,
        queueId: visit.queueId,
        version: 1,
        createdBy: { id: org.adminId, name: expect.any(String) },
      });
      // Written with its audit row, in the same statement.
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'exam.created'), eq(auditLog.entityId, record.id)));
      expect(audit).toMatchObject({
        orgId: org.id,
        userId: org.adminId,
        entity: type,
        patientId: visit.patientId,
      });

      const full = filled(type, 'min');
      const updated = await c.call('POST', url(type, record.id), { ...full, version: 1 });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.version).toBe(2);
      const stale = await c.call('POST', url(type, record.id), { version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'stale_version', data: { id: record.id, version: 2 } });

      const read = (await c.call('GET', url(type, record.id))).json().data;
      expect(read.version).toBe(2);
      const list = await c.call('GET', `${url(type)}?patientId=${visit.patientId}`);
      // The index shows the record as its own page does (its times read as text there).
      expect(list.json().data.find((r: { id: number }) => r.id === record.id)).toEqual(read);
      expect(list.json().meta).toMatchObject({ page: 1, perPage: 25 });
      const total = list.json().meta.total as number;
      expect(total).toBe(list.json().data.length);
      // The total rides on the rows; a page past the last, with no row to carry it, is counted on its own.
      const past = await c.call('GET', `${url(type)}?patientId=${visit.patientId}&page=2`);
      expect(past.json()).toEqual({ data: [], meta: { page: 2, perPage: 25, total, lastPage: 1 } });

      expect((await c.call('DELETE', url(type, record.id))).statusCode).toBe(200);
      expect((await c.call('GET', url(type, record.id))).statusCode).toBe(404);
      expect((await c.call('DELETE', url(type, record.id))).statusCode).toBe(404);
    });

    it('accepts every field at both ends of its range; one step past them is 422 naming every field', async () => {
      for (const bound of ['min', 'max'] as const) {
        const res = await c.call('POST', url(type), { ...visit, ...filled(type, bound) });
        expect(res.statusCode, `${bound}: ${res.body}`).toBe(201);
      }
      const paths = numericPaths(type);
      if (paths.length === 0) return;
      for (const side of ['below', 'above'] as const) {
        const body: Body = { ...visit, ...filled(type, 'min') };
        for (const { path, leaf } of paths) {
          const value =
            leaf.kind === 'axis'
              ? side === 'below'
                ? -1
                : 181
              : leaf.kind === 'number'
                ? side === 'below'
                  ? leaf.min - leaf.step
                  : leaf.max + leaf.step
                : null;
          setPath(body, path, value);
        }
        const res = await c.call('POST', url(type), body);
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors).sort(), side).toEqual(
          paths.map((p) => concrete(p.path)).sort(),
        );
      }
    });

    it('needs its permission for each action; another organization gets 404', async () => {
      const definition = examDefinition(type);
      const record = (await c.call('POST', url(type), visit)).json().data;
      const other: PermissionName[] = ['dashboard'];
      const stranger = await userWith(t, org, other);
      const as = (token: string) => clinic(t, org, token);
      expect((await as(stranger.token).call('GET', url(type, record.id))).statusCode).toBe(403);
      expect((await as(stranger.token).call('POST', url(type), visit)).statusCode).toBe(403);

      const reader = await userWith(t, org, [definition.permissions.show[0]!]);
      expect((await as(reader.token).call('GET', url(type, record.id))).statusCode).toBe(200);
      expect((await as(reader.token).call('POST', url(type, record.id), { version: 1 })).statusCode).toBe(
        403,
      );
      expect((await as(reader.token).call('DELETE', url(type, record.id))).statusCode).toBe(403);
      expect(readersOf(definition.permissions)).toContain(definition.permissions.show[0]);

      const theirs = await t.newOrg();
      const them = clinic(t, theirs);
      expect((await them.call('GET', url(type, record.id))).statusCode).toBe(404);
      expect((await them.call('POST', url(type, record.id), { version: 1 })).statusCode).toBe(404);
      expect((await them.call('DELETE', url(type, record.id))).statusCode).toBe(404);
    });
  });

  it('a visit of another patient, or of another organization, is refused naming queueId', async () => {
    const otherPatient = await c.patient({ name: 'Someone Else' });
    const otherVisit = await c.queue(otherPatient.id);
    const res = await c.call('POST', url('spectacles'), {
      patientId: visit.patientId,
      queueId: otherVisit.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ queueId: ['queueId.unknown'] });
  });

  it('spectacles: axis 0 is 180, VA as typed and as logMAR, SE, transposition and near stored unrounded', async () => {
    const res = await c.call('POST', url('spectacles'), {
      ...visit,
      readings: [
        {
          kind: 'subjective',
          isFinal: true,
          right: { sphere: -2.25, cylinder: -0.75, axis: 0, add: 1.5, va: '6/9' },
          left: { sphere: 1, cylinder: 0.5, axis: 170 },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().data;
    expect(record.readings[0].right.axis).toBe(180);
    expect(record.readings[0].right.va).toEqual({
      text: '6/9',
      notation: 'metre',
      logMAR: expect.closeTo(0.176, 3),
    });
    // SE = S + C/2; transposition S+C, -C, axis ±90; near = S + add (docs/clinical-optics.md §3.1, §3.2, §3.4).
    expect(record.derived.readings[0].right).toEqual({
      sphericalEquivalent: -2.625,
      transposed: { sphere: -3, cylinder: 0.75, axis: 90 },
      near: { sphere: -0.75, cylinder: -0.75, axis: 180 },
      // At the corneal plane (12 mm, no vertex distance recorded), each meridian F / (1 − 0.012·F) (§3.3).
      cornealPlane: {
        sphere: expect.closeTo(-2.25 / 1.027, 9),
        cylinder: expect.closeTo(-3 / 1.036 + 2.25 / 1.027, 9),
        axis: 180,
      },
    });
    expect(record.derived.readings[0].left.transposed).toEqual({ sphere: 1.5, cylinder: -0.5, axis: 80 });
  });

  it('spectacles: a cylinder needs its axis, a prism its base, and one reading at most is final', async () => {
    const res = await c.call('POST', url('spectacles'), {
      ...visit,
      readings: [
        { kind: 'auto', isFinal: true, right: { sphere: -1, cylinder: -1 } },
        { kind: 'subjective', isFinal: true, left: { sphere: 0, prism: 2 } },
      ],
      vision: { right: { unaided: 'six over nine' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'readings.0.right.axis': ['value.required'],
      'readings.1.left.prismBase': ['value.required'],
      'readings.1.isFinal': ['value.one_final'],
      'vision.right.unaided': ['value.invalid'],
    });
  });

  it('biometry: SRK/T per eye as the published worked example (Retzlaff 1990; clinical-optics.md §1.2)', async () => {
    const res = await c.call('POST', url('biometry'), {
      ...visit,
      measurements: { right: { axialLength: 23.5, k1: 43.5, k2: 43.5 } },
      lens: { right: { aConstant: 118.4, targetRefraction: -0.5, iolPower: 20 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const right = res.json().data.derived.right;
    expect(right.meanK).toBe(43.5);
    expect(right.srkt.emmetropicPower).toBeCloseTo(20.564, 3);
    expect(right.srkt.powerForTarget).toBeCloseTo(21.273, 3);
    expect(right.srkt.options.length).toBeGreaterThanOrEqual(5);
    expect(right.srkt.options.map((o: { power: number }) => o.power)).toContain(21.5);
    expect(right.chosen.predictedRefraction).toBeCloseTo(0.392, 3);
    expect(res.json().data.derived.left).toBeUndefined();
  });

  it('lasik: residual stromal bed and percent tissue altered, flagged past their limits', async () => {
    const res = await c.call('POST', url('lasik'), {
      ...visit,
      measurements: { right: { cct: 500 }, left: { cct: 550 } },
      plan: {
        right: { flapThickness: 110, ablationDepth: 100 },
        left: { flapThickness: 100, ablationDepth: 60 },
      },
    });
    const derived = res.json().data.derived;
    // RSB = CCT − flap − ablation; PTA = (flap + ablation) / CCT (Santhiago et al. 2014).
    expect(derived.right).toMatchObject({
      residualStromalBed: 290,
      percentTissueAltered: 42,
      lowResidualBed: true,
      highTissueAltered: true,
    });
    expect(derived.left).toMatchObject({
      residualStromalBed: 390,
      lowResidualBed: false,
      highTissueAltered: false,
    });
  });

  it('keratoconus: Kmax and thinnest pachymetry change against the previous record; Kmax ≥ K2 ≥ K1', async () => {
    const tomography = (kmax: number, thinnest: number) => ({
      right: { k1: 46, k2: 48, kmax, thinnestPachymetry: thinnest },
    });
    await c.call('POST', url('keratoconus'), { ...visit, tomography: tomography(52, 470) });
    const later = await c.call('POST', url('keratoconus'), { ...visit, tomography: tomography(53.5, 455) });
    expect(later.json().data.derived.right).toMatchObject({
      meanK: 47,
      kmaxChange: 1.5,
      thinnestChange: -15,
    });
    const bad = await c.call('POST', url('keratoconus'), {
      ...visit,
      tomography: { left: { k1: 48, k2: 46, kmax: 47 } },
    });
    expect(bad.json().errors).toEqual({
      'tomography.left.k2': ['value.k2_below_k1'],
      'tomography.left.kmax': ['value.kmax_below_k'],
    });
  });

  it('outer: the body is sanitised before it is stored (no script, handler or javascript: URL)', async () => {
    const res = await c.call('POST', url('outer'), {
      ...visit,
      title: 'Blepharitis',
      body: '<p onclick="steal()">Lids <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json().data.body as string;
    expect(body).not.toMatch(/script|onclick|javascript:/i);
    expect(body).toContain('Lids');
  });

  it('retina: images must be the patient’s own documents', async () => {
    const res = await c.call('POST', url('retina'), { ...visit, images: [999_999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ images: ['value.unknown_document'] });
  });
});
