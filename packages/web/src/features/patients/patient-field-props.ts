import type { FormErrors } from '@mantine/form';
import type { PatientFormValues } from './patient-form-values.ts';

/** Sets one field of the patient form (the form also clears that field's error and a stale duplicate check). */
export type SetPatientField = <K extends keyof PatientFormValues>(
  key: K,
  value: PatientFormValues[K],
) => void;

/** What a group of the patient form's fields is given: the form's values, their errors and its setter. */
export interface PatientFieldsProps {
  values: PatientFormValues;
  errors: FormErrors;
  set: SetPatientField;
}
