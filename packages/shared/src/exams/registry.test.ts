import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, isPermissionName } from '../permissions/permissions.ts';
import { examSchemas, RECORD_KEYS } from './exam-definition.ts';
import { OPTION_CATEGORIES } from './exam-options.ts';
import { leavesOf } from './fields.ts';
import {
  EXAM_DEFINITIONS,
  examDefinition,
  examTypesProviding,
  examTypesWithFields,
  registerTestExamDefinition,
} from './registry.ts';
import { EXAM_PERMISSIONS, EXAM_TYPES, type ExamType } from './exam-types.ts';

describe('the exam registry', () => {
  it('defines every type of EXAM_TYPES, in its order, with its permissions; no field is a record key', () => {
    expect(EXAM_DEFINITIONS.map((d) => d.type)).toEqual([...EXAM_TYPES]);
    for (const d of EXAM_DEFINITIONS) expect(d.permissions).toBe(EXAM_PERMISSIONS[d.type]);
    for (const d of EXAM_DEFINITIONS)
      for (const key of Object.keys(d.fields)) expect(RECORD_KEYS, `${d.type}.${key}`).not.toContain(key);
  });

  it('names only catalogue permissions, and every exam permission of the catalogue belongs to a type', () => {
    const used = new Set(EXAM_DEFINITIONS.flatMap((d) => Object.values(d.permissions).flat()));
    for (const name of used) expect(isPermissionName(name), name).toBe(true);
    const examLike = PERMISSION_NAMES.filter((p) => /^(add|edit|delete|print|show) /.test(p)).filter(
      (p) =>
        !/(user|users|queue|queues|patient|patients|permission|board|setting|options|audit|support|payments|reports|appointments|iol lenses|outcomes)$/.test(
          p,
        ),
    );
    for (const name of examLike) expect(used.has(name), name).toBe(true);
  });

  it('uses every option category in the type it belongs to, and no other', () => {
    const used = new Map<string, string>();
    for (const d of EXAM_DEFINITIONS)
      for (const { leaf } of leavesOf(d.fields)) {
        const options = 'options' in leaf ? leaf.options : undefined;
        const keys = typeof options === 'string' ? [options] : options ? [options.right, options.left] : [];
        for (const key of keys) used.set(key, d.type);
      }
    for (const category of OPTION_CATEGORIES)
      expect(used.get(category.key), category.key).toBe(category.exam);
  });

  it('builds each type’s schemas; an empty record is valid, summarised and derived', () => {
    for (const { type } of EXAM_DEFINITIONS) {
      const d = examDefinition(type);
      const schemas = examSchemas(d);
      expect(schemas.create.safeParse({ patientId: 1, queueId: 2 }).success, d.type).toBe(true);
      expect(schemas.update.safeParse({ version: 1 }).success, d.type).toBe(true);
      const derived = d.derive?.compute({}, undefined);
      expect(typeof d.summary({}, derived as never), d.type).toBe('string');
    }
  });

  it('summarises a choice in clinical shorthand, never by its stored value (`month6`, `MODERATENPDR`)', () => {
    /** A record holding `value` at a leaf's path (a list's `*` is its first item). */
    const recordWith = (path: string, value: unknown) => {
      const root: Record<string, unknown> = {};
      const parts = path.split('.');
      let node: Record<string, unknown> | unknown[] = root;
      parts.forEach((part, i) => {
        const key = part === '*' ? 0 : part;
        const last = i === parts.length - 1;
        const next = last ? value : parts[i + 1] === '*' ? [] : {};
        (node as Record<string | number, unknown>)[key] = next;
        if (!last) node = next as Record<string, unknown>;
      });
      return root;
    };
    const shows = (summary: string, word: string) =>
      new RegExp(`(^|[^A-Za-z0-9])${word}([^A-Za-z0-9]|$)`).test(summary);
    const leaks: string[] = [];
    for (const d of EXAM_DEFINITIONS)
      for (const { path, leaf } of leavesOf(d.fields)) {
        if (leaf.kind !== 'choice' && leaf.kind !== 'checks') continue;
        // A number is its own shorthand (keratoconus `st 2`).
        for (const value of leaf.values.filter((v) => !/^\d+$/.test(v))) {
          const summary = d.summary(
            recordWith(path, leaf.kind === 'checks' ? [value] : value) as never,
            undefined,
          );
          // As stored, or upper-cased whole (`moderateNpdr` → `MODERATENPDR`).
          const forms = /[A-Z]/.test(value) ? [value, value.toUpperCase()] : [value];
          if (forms.some((form) => shows(summary, form)))
            leaks.push(`${d.type} ${path}=${value}: ${summary}`);
        }
      }
    expect(leaks).toEqual([]);
  });
});

describe('what the definitions declare for other features', () => {
  it('names the records the letters read by what they provide, each by one type today', () => {
    expect(examTypesProviding('diagnoses')).toEqual(['consultation']);
    expect(examTypesProviding('acuity')).toEqual(['spectacles']);
    expect(examTypesProviding('visualFunction')).toEqual(['lowVision']);
  });

  it('finds the forms that pick from the code lists by their fields', () => {
    expect(examTypesWithFields(['drug', 'diagnosisCode'])).toEqual(['consultation']);
    expect(examTypesWithFields(['va'])).toContain('spectacles');
  });

  it('lets a test register a fixture type, and only while it holds it', () => {
    const fixture = { ...examDefinition('outer'), type: 'tenthAndAHalf' };
    const remove = registerTestExamDefinition(fixture);
    expect(examDefinition('tenthAndAHalf' as ExamType)).toBe(fixture);
    expect(EXAM_DEFINITIONS.map((d) => d.type)).not.toContain('tenthAndAHalf');
    expect(() => registerTestExamDefinition(fixture)).toThrow();
    remove();
    expect(examDefinition('tenthAndAHalf' as ExamType)).toBeUndefined();
  });
});
