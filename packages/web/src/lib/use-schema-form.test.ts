import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appointmentSettingsUpdateSchema,
  bookingCreateSchema,
  bookingMoveSchema,
  closureCreateSchema,
  doctorHoursUpdateSchema,
} from '@basira/shared/appointments/appointments.schemas';
import { patientCreateSchema, patientUpdateSchema } from '@basira/shared/patients/patients.schemas';
import { printSettingCreateSchema } from '@basira/shared/print/print-settings.schemas';
import { queueCreateSchema } from '@basira/shared/queue/queue.schemas';
import { roleSaveSchema } from '@basira/shared/roles/roles.schemas';
import { userCreateSchema, userUpdateSchema } from '@basira/shared/users/users.schemas';
import { initEnglish } from '../test/i18n.ts';
import { ApiError } from './api-error.ts';
import { hasUnsavedInput } from './unsaved-input.ts';
import { schemaFormBody, schemaFormErrors, staleRecord, useSchemaForm } from './use-schema-form.ts';

beforeAll(async () => {
  await initEnglish();
});

const noteSchema = z.object({
  title: z.string().trim().min(3, 'title.min'),
  extra: z.object({ note: z.string().max(5, 'extra.note.max').nullable() }),
  version: z.number().optional(),
});
interface NoteValues {
  title: string;
  note: string;
}
const rules = {
  schema: noteSchema,
  toBody: (v: NoteValues) => ({ title: v.title, extra: { note: v.note.trim() || null } }),
  required: ['title'],
  fieldOf: (path: string) => (path === 'extra.note' ? 'note' : path),
};

describe('validation by the shared schema', () => {
  it('gives `<field>.required` for a blank asked field, then the schema keys on the form fields', () => {
    expect(schemaFormErrors(rules, { title: ' ', note: '' })).toEqual({ title: 'title.required' });
    expect(schemaFormErrors(rules, { title: 'ab', note: 'too long' })).toEqual({
      title: 'title.min',
      note: 'extra.note.max',
    });
  });

  it("puts the form's own rules over the schema's", () => {
    const check = (v: NoteValues): Record<string, string> =>
      v.note === '?' ? { note: 'note.unclear', title: 'title.other' } : {};
    expect(schemaFormErrors({ ...rules, check }, { title: 'ab', note: '?' })).toEqual({
      title: 'title.other',
      note: 'note.unclear',
    });
  });

  it('sends the schema output: trimmed, and nothing the schema does not know', () => {
    const toBody = (v: NoteValues) => ({ ...rules.toBody(v), id: 4, createdAt: 'x', derived: {} });
    expect(schemaFormBody({ ...rules, toBody }, { title: ' Lens ', note: '' })).toEqual({
      data: { title: 'Lens', extra: { note: null } },
    });
    expect(schemaFormBody(rules, { title: '', note: '' })).toEqual({ errors: { title: 'title.required' } });
  });
});

describe("the forms' schemas", () => {
  const isoOf = (id: number) => (id === 105 ? 'IQ' : undefined);
  // What the form sends is the schema's output; the server parses it again with the same schema, which must
  // then read exactly the same thing (trimming, blanks as null and defaults are idempotent).
  const cases: [string, z.ZodType, Record<string, unknown>][] = [
    [
      'patient create',
      patientCreateSchema(isoOf),
      { name: ' Huda ', phone: '0770 123 4567', countryId: 105, isMale: 0, age: 30, notes: ' ', id: 9 },
    ],
    ['patient update', patientUpdateSchema(isoOf), { name: 'Huda Ali', phone2: '', version: 3 }],
    [
      'user create',
      userCreateSchema,
      { name: 'Sara', email: 'sara@x.iq', password: 'long-enough', password_confirmation: 'long-enough' },
    ],
    ['user update', userUpdateSchema, { name: 'Sara', email: 'sara@x.iq', username: null, version: 2 }],
    ['role', roleSaveSchema, { name: ' Nurse ', permissions: ['show patient'], createdAt: 'x' }],
    ['queue', queueCreateSchema, { patientId: 4, note: ' ', examTypes: ['Spectacles'], derived: 1 }],
    ['print setting', printSettingCreateSchema, { color: '#1C3F94', name: ' A5 ' }],
    [
      'booking',
      bookingCreateSchema,
      {
        patientId: 3,
        doctorId: 2,
        start: '2026-12-06T09:30:00+03:00',
        minutes: 20,
        examTypes: ['Lasik'],
        note: '  ',
      },
    ],
    ['booking move', bookingMoveSchema, { start: '2026-12-06T09:30:00+03:00', minutes: 15, version: 2 }],
    [
      'appointment settings',
      appointmentSettingsUpdateSchema,
      {
        closedWeekdays: [5],
        slotMinutes: { Spectacles: 15, Lasik: 45, FollowUp: 10, Biometry: 20, Examinations: 15 },
        defaultSlotMinutes: 15,
        noShowAfterMinutes: 120,
        remindersEnabled: true,
        reminderTextAr: ' تذكير ',
        reminderTextEn: 'Reminder ',
        version: 3,
      },
    ],
    [
      'doctor hours',
      doctorHoursUpdateSchema,
      { week: { 6: [{ start: '09:00', end: '13:00' }] }, version: 1 },
    ],
    ['closure', closureCreateSchema, { day: '2026-12-20', name: ' Maintenance ' }],
  ];
  it.each(cases)('%s: the body re-reads as itself and carries only known fields', (_name, schema, input) => {
    const result = schemaFormBody({ schema }, input);
    if (!('data' in result)) throw new Error(JSON.stringify(result.errors));
    expect(schema.parse(result.data)).toEqual(result.data);
    for (const key of ['id', 'createdAt', 'derived']) expect(result.data).not.toHaveProperty(key);
  });
});

describe('a 409 stale version', () => {
  const record = z.object({ id: z.number(), version: z.number() });
  const failure = (code: string, data: unknown) =>
    new ApiError({
      kind: 'http',
      status: 409,
      body: { message: 'm', code, data },
      method: 'POST',
      path: 'x',
    });

  it('reads the current record the answer carries, and nothing from other failures', () => {
    expect(staleRecord(failure('stale_version', { id: 1, version: 5 }), record)).toEqual({
      id: 1,
      version: 5,
    });
    expect(staleRecord(failure('stale_version', { id: 1 }), record)).toBeNull();
    expect(staleRecord(failure('queue.duplicate_open', { id: 1, version: 5 }), record)).toBeNull();
    expect(staleRecord(new Error('x'), record)).toBeNull();
  });
});

describe('useSchemaForm', () => {
  const setup = () =>
    renderHook(() => useSchemaForm({ ...rules, initialValues: { title: 'Lens', note: '' } as NoteValues }));

  it('is dirty by what would be sent, and holds the unsaved input while so', () => {
    const { result } = setup();
    act(() => result.current.set('note', ' '));
    expect(result.current.dirty).toBe(false);
    expect(hasUnsavedInput()).toBe(false);
    act(() => result.current.set('note', 'dry'));
    expect(result.current.dirty).toBe(true);
    expect(hasUnsavedInput()).toBe(true);
    act(() => result.current.load({ title: 'Lens', note: 'dry' }));
    expect(result.current.dirty).toBe(false);
    expect(hasUnsavedInput()).toBe(false);
  });

  it('returns the body when valid, else null with the errors on their fields (cleared by typing)', () => {
    const { result } = setup();
    act(() => result.current.set('note', 'too long'));
    let body: unknown;
    act(() => void (body = result.current.submitValues()));
    expect(body).toBeNull();
    expect(result.current.errors).toEqual({ note: 'extra.note.max' });
    // Shown in the user's language, not as the key.
    expect(result.current.error('note')).toMatch(/\w/);
    expect(result.current.error('note')).not.toBe('extra.note.max');
    act(() => result.current.set('note', 'ok'));
    expect(result.current.errors).toEqual({});
    act(() => void (body = result.current.submitValues()));
    expect(body).toEqual({ title: 'Lens', extra: { note: 'ok' } });
  });

  it("puts a 422's dotted paths on their fields, and clears them for any other failure", () => {
    const { result } = setup();
    const invalid = new ApiError({
      kind: 'http',
      status: 422,
      body: {
        message: 'm',
        code: 'validation',
        errors: { 'extra.note': ['extra.note.max'], title: ['x', 'y'] },
      },
      method: 'POST',
      path: 'x',
    });
    act(() => result.current.showServerErrors(invalid));
    expect(result.current.errors).toEqual({ note: 'extra.note.max', title: 'x' });
    act(() => result.current.showServerErrors(new Error('offline')));
    expect(result.current.errors).toEqual({});
  });
});
