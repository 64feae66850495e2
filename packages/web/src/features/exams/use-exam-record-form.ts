import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { examSchemas, type Confirmation, type DeriveContext } from '@basira/shared/exams/exam-definition';
import { mapLeaves } from '@basira/shared/exams/fields';
import { examDefinition } from '@basira/shared/exams/registry';
import { type ExamType } from '@basira/shared/exams/exam-types';
import { isApiError } from '../../lib/api-error.ts';
import { serverFieldErrors } from '../../lib/form-validation.ts';
import { useUnsavedInput } from '../../lib/unsaved-input.ts';
import type { ExamFormAccess } from './exam-form-context.ts';
import { latestRecord, useSaveExam, type ExamRecord } from './exams.queries.ts';

type Values = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(values: unknown, path: string): unknown {
  let node: unknown = values;
  for (const part of path.split('.'))
    node = isRecord(node) || Array.isArray(node) ? (node as never)[part] : undefined;
  return node;
}

/** A copy of `values` with `value` at `path`, making the objects and lists on the way. */
export function setPath(values: Values, path: string, value: unknown): Values {
  const [head, ...rest] = path.split('.');
  const key = head!;
  if (rest.length === 0) return { ...values, [key]: value };
  const child = values[key];
  const nextIsIndex = /^\d+$/.test(rest[0]!);
  if (Array.isArray(child) || (child === undefined && nextIsIndex)) {
    const list = Array.isArray(child) ? [...child] : [];
    const index = Number(rest[0]);
    list[index] =
      rest.length === 1
        ? value
        : setPath(isRecord(list[index]) ? list[index] : {}, rest.slice(1).join('.'), value);
    return { ...values, [key]: list };
  }
  return { ...values, [key]: setPath(isRecord(child) ? child : {}, rest.join('.'), value) };
}

/**
 * What the form holds for a record: the type's own fields only (never `id`, `version`, `derived`...), visual
 * acuities as the text that was typed. The body is built from these, so it carries exactly the schema's keys.
 */
export function formValues(type: ExamType, record: ExamRecord | Values | null): Values {
  if (!record) return {};
  const { fields } = examDefinition(type);
  const values: Values = {};
  for (const key of Object.keys(fields)) if (key in record) values[key] = (record as Values)[key];
  return mapLeaves(fields, values, 'va', (v) =>
    isRecord(v) && typeof v.text === 'string' ? v.text : v,
  ) as Values;
}

/** The request body: empty values left out (the record stores only what was written). */
export function bodyOf(values: unknown): unknown {
  if (Array.isArray(values))
    return values
      .map(bodyOf)
      .filter((v) => v !== undefined && v !== null && !(isRecord(v) && Object.keys(v).length === 0));
  if (!isRecord(values)) return values;
  const out: Values = {};
  for (const [key, value] of Object.entries(values)) {
    const v = bodyOf(value);
    if (v === null || v === undefined || v === '') continue;
    if (isRecord(v) && Object.keys(v).length === 0) continue;
    out[key] = v;
  }
  return out;
}

interface Latest {
  form: UseFormReturnType<Values>;
  derived: unknown;
  readOnly: boolean;
}

function stableAccess(latest: { current: Latest }, patientId: number): ExamFormAccess & { notify(): void } {
  const listeners = new Set<() => void>();
  return {
    getValue: (path) => getPath(latest.current.form.values, path),
    setValue: (path, value) => {
      latest.current.form.setValues((current) => setPath(current as Values, path, value));
      latest.current.form.clearFieldError(path);
    },
    get errors() {
      return latest.current.form.errors;
    },
    patientId,
    get readOnly() {
      return latest.current.readOnly;
    },
    get derived() {
      return latest.current.derived;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: () => listeners.forEach((listener) => listener()),
  };
}

export interface ExamRecordFormOptions {
  type: ExamType;
  patientId: number;
  queueId: number;
  record: ExamRecord | null;
  readOnly: boolean;
  /** What the type's calculation reads beyond the form (`derive.usesContext`), as loaded. */
  context?: DeriveContext | undefined;
  /** The type's own additions to the context, from the form's values (its extension's `useDeriveContext`). */
  useExtraContext?:
    | ((read: (path: string) => unknown, server: DeriveContext | undefined) => DeriveContext | undefined)
    | undefined;
  /** The type's values for a new record (its extension's `useNewRecordDefaults`). */
  useDefaults?: (() => Values | null) | undefined;
}

const serverOnly = (_read: (path: string) => unknown, server: DeriveContext | undefined) => server;
const noDefaults = (): Values | null => null;

/**
 * One record form for every exam type (on @mantine/form, validated by the type's shared zod schema): load, dirty
 * state, save (create, then update with the version read), the conflict when a colleague saved first, and
 * copy-forward from the patient's last record of the type.
 */
export function useExamRecordForm({
  type,
  patientId,
  queueId,
  record,
  readOnly,
  context: serverContext,
  useExtraContext = serverOnly,
  useDefaults = noDefaults,
}: ExamRecordFormOptions) {
  const definition = examDefinition(type);
  const schemas = useMemo(() => examSchemas(definition), [definition]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: formValues(type, record),
    validate: schemaResolver(schemas.data, { sync: true }),
  });
  const [saved, setSaved] = useState<ExamRecord | null>(record);
  const [conflict, setConflict] = useState<ExamRecord | null>(null);
  const save = useSaveExam(type);
  const dirty = form.isDirty();
  useUnsavedInput(dirty && !readOnly);
  // The type's hooks are its extension's: the same for the life of the form (the page is keyed by the type).
  const context = useExtraContext((path) => getPath(form.values, path), serverContext);
  const defaults = useDefaults();
  const defaulted = useRef(false);
  useEffect(() => {
    if (record || readOnly || defaulted.current || !defaults || form.isDirty()) return;
    defaulted.current = true;
    const values = { ...form.getValues(), ...defaults };
    form.setValues(values);
    form.resetDirty(values);
  }, [record, readOnly, defaults, form]);

  /** The values as the server will read them (typed VA read, axis 0 as 180…), for what is computed live. */
  const parsed = schemas.data.safeParse(bodyOf(form.values));
  const data = (parsed.success ? parsed.data : form.values) as never;
  let derived: unknown;
  let confirmations: Confirmation[] = [];
  try {
    derived = definition.derive?.compute(data, undefined, context);
    // What the server will ask to be confirmed on save (a reason for a contraindicated drug), asked here first.
    if (derived !== undefined) confirmations = definition.derive?.confirm?.(data, derived as never) ?? [];
  } catch {
    derived = undefined;
  }

  // One access for the life of the form, reading what the last render held, and telling its readers after each
  // render (exam-form-context.ts: an input renders again only when what it read has changed).
  const latest = useRef({ form, derived, readOnly });
  latest.current = { form, derived, readOnly };
  const [access] = useState(() => stableAccess(latest, patientId));
  useLayoutEffect(() => access.notify());

  const loaded = (next: ExamRecord) => {
    const values = formValues(type, next);
    form.setValues(values);
    form.resetDirty(values);
    setSaved(next);
  };

  async function submit(): Promise<ExamRecord | null> {
    const validation = form.validate();
    const unconfirmed = confirmations.filter((c) => c.given === null);
    if (unconfirmed.length)
      form.setErrors({
        ...validation.errors,
        ...Object.fromEntries(unconfirmed.map((c) => [c.path.join('.'), 'value.reason_required'])),
      });
    if (validation.hasErrors || unconfirmed.length) return null;
    const body = bodyOf(form.values) as Values;
    try {
      const next = await save.mutateAsync(
        saved
          ? { id: saved.id, body: { ...body, version: saved.version } }
          : { id: null, body: { ...body, patientId, queueId } },
      );
      loaded(next);
      return next;
    } catch (error) {
      if (isApiError(error) && error.status === 409 && isRecord(error.data))
        setConflict(error.data as ExamRecord);
      else if (isApiError(error) && error.errors) form.setErrors(serverFieldErrors(error.errors));
      throw error;
    }
  }

  return {
    form,
    access,
    derived,
    dirty,
    saved,
    saving: save.isPending,
    submit,
    conflict,
    /** Their version replaces what is on screen. */
    reloadTheirs: () => {
      if (conflict) loaded(conflict);
      setConflict(null);
    },
    /** Keep what is on screen; the next save replaces theirs (knowingly). */
    keepMine: () => {
      if (conflict && saved) setSaved({ ...saved, version: conflict.version });
      setConflict(null);
    },
    /** The patient's last record of this type, copied into the form (without saving). */
    copyForward: async (): Promise<boolean> => {
      const last = await latestRecord(type, patientId);
      if (!last || last.id === saved?.id) return false;
      form.setValues(formValues(type, last));
      return true;
    },
  };
}
