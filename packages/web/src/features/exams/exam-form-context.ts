import { createContext, useContext } from 'react';

/** What a form's inputs need of the form: a value by path, its error, the record's patient, the live values. */
export interface ExamFormAccess {
  getValue: (path: string) => unknown;
  setValue: (path: string, value: unknown) => void;
  errors: Record<string, unknown>;
  patientId: number;
  readOnly: boolean;
  /** What the type computes from the form, live (its `derive`), for inputs that show part of it beside them. */
  derived: unknown;
}

export const ExamFormContext = createContext<ExamFormAccess | null>(null);

export function useExamForm(): ExamFormAccess {
  const form = useContext(ExamFormContext);
  if (!form) throw new Error('useExamForm outside an exam form');
  return form;
}
