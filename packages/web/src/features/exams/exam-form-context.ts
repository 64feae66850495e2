import { createContext, useContext, useLayoutEffect, useReducer, useRef } from 'react';

/** What a form's inputs need of the form: a value by path, its error, the record's patient, the live values. */
export interface ExamFormAccess {
  getValue: (path: string) => unknown;
  setValue: (path: string, value: unknown) => void;
  errors: Record<string, unknown>;
  patientId: number;
  readOnly: boolean;
  /** What the type computes from the form, live (its `derive`), for inputs that show part of it beside them. */
  derived: unknown;
  /**
   * Calls `listener` after each render of the form with what it holds now; returns the unsubscribe. The form's
   * own access has it and stays the same object for the life of the form, so a change does not render every input
   * through the context: `useExamForm` renders a component again only when something it read has changed. A fixed
   * access (a test's) leaves it out and its consumers follow the context as usual.
   */
  subscribe?: (listener: () => void) => () => void;
}

export const ExamFormContext = createContext<ExamFormAccess | null>(null);

/** What a component read of the form in its last render, by key (`value:<path>`, `error:<path>`, `derived`…). */
type Reads = Map<string, unknown>;

function readAgain(form: ExamFormAccess, key: string): unknown {
  if (key.startsWith('value:')) return form.getValue(key.slice('value:'.length));
  if (key.startsWith('error:')) return form.errors[key.slice('error:'.length)];
  return key === 'derived' ? form.derived : form.readOnly;
}

/**
 * The form, for a component inside it. Committing one field of a biometry form rendered all its inputs again
 * (tasks of 52–112 ms on two cores, over the 50 ms a key may take); the component now renders again only when a
 * value, an error or the live results that it read in its last render has changed.
 */
export function useExamForm(): ExamFormAccess {
  const form = useExamFormIfAny();
  if (!form) throw new Error('useExamForm outside an exam form');
  return form;
}

/** `useExamForm` for a component that is also shown outside a form (null there). */
export function useExamFormIfAny(): ExamFormAccess | null {
  const form = useContext(ExamFormContext);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const reads = useRef<Reads>(new Map());
  // Each render records its own reads (the last committed render's are the ones compared).
  const current: Reads = new Map();
  reads.current = current;
  useLayoutEffect(
    () =>
      form?.subscribe?.(() => {
        for (const [key, seen] of reads.current)
          if (!Object.is(readAgain(form, key), seen)) return renderAgain();
      }),
    [form],
  );
  if (!form?.subscribe) return form;
  const read = <T>(key: string, value: T): T => (current.set(key, value), value);
  return {
    getValue: (path) => read(`value:${path}`, form.getValue(path)),
    setValue: form.setValue,
    errors: new Proxy(form.errors, {
      get: (errors, key) =>
        typeof key === 'string' ? read(`error:${key}`, errors[key]) : Reflect.get(errors, key),
    }),
    patientId: form.patientId,
    get readOnly() {
      return read('readOnly', form.readOnly);
    },
    get derived() {
      return read('derived', form.derived);
    },
    subscribe: form.subscribe,
  };
}
