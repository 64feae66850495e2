import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LENS_CONSTANTS, type IolLens } from '@basira/shared/outcomes/outcomes.schemas';
import { useExamForm } from '../features/exams/exam-form-context.ts';
import { activeLensesQuery } from '../features/exams/ref-queries.ts';

const SIDES = ['right', 'left'] as const;
const idOf = (value: unknown) => (typeof value === 'number' ? value : null);

/**
 * The values a lens of the list writes into an eye's lens block: its model's name and the constants it has. A
 * constant it lacks is cleared when the eye's previous lens was also the list's (that value was the other
 * lens's); typed by hand before any pick, it is kept.
 */
export function lensFill(lens: IolLens, previousFromList: boolean): Record<string, number | string | null> {
  const values: Record<string, number | string | null> = { lensModel: lens.model };
  for (const name of LENS_CONSTANTS) {
    const constant = lens[name];
    if (constant) values[name] = constant.value;
    else if (previousFromList) values[name] = null;
  }
  return values;
}

/**
 * Under the biometry's lens block: as a lens of the clinic's list is picked for an eye, that eye's model and
 * constants are filled from the list (what the plan is then calculated with). Opening a record fills nothing:
 * only a change of the pick does.
 */
export function BiometryLensFill({ path }: { path: string }) {
  const form = useExamForm();
  const lenses = useQuery(activeLensesQuery);
  const ids = SIDES.map((side) => idOf(form.getValue(`${path}.${side}.lensId`)));
  const seen = useRef<(number | null)[]>(ids);
  const [right, left] = ids;
  useEffect(() => {
    if (form.readOnly) return;
    const current = [right ?? null, left ?? null];
    SIDES.forEach((side, i) => {
      const id = current[i] ?? null;
      const before = seen.current[i] ?? null;
      if (id === before) return;
      const lens = lenses.data?.find((l) => l.id === id);
      if (id !== null && !lens) return; // the list is still loading: filled once it is here
      seen.current[i] = id;
      if (!lens) return;
      for (const [key, value] of Object.entries(lensFill(lens, before !== null)))
        form.setValue(`${path}.${side}.${key}`, value);
    });
  }, [right, left, lenses.data, form, path]);
  return null;
}
