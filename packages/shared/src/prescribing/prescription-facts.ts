import { conditionOfCode } from './conditions.ts';
import type { AllergyFact, CheckedDrug, ConditionFact, DrugIngredient, Eye } from './prescription-check.ts';
import { substancesIn } from './substances.ts';
import { ingredientDef } from './ingredients.ts';

/**
 * What the check reads about a patient and a visit beyond the record itself (`DeriveContext.prescribing`): the
 * server builds it from the database on every save, and answers it to the form
 * (`GET /api/mo/exam/consultation/context`), so that the form's live warnings are the saved ones.
 */
export interface PrescribingContext {
  allergies: AllergyFact[];
  /** Recorded on the patient, coded in earlier consultations, or named in the alerts' words. */
  conditions: ConditionFact[];
  ageMonths: number | null;
  visitDay: string;
  lastIopDay: string | null;
  /** The formulary drugs the form may name, by id: their names and ingredients. */
  drugs: Readonly<Record<string, FormularyDrugFacts>>;
}

export interface FormularyDrugFacts {
  name: string;
  /** Brands and the Arabic name, beside the name. */
  names: readonly string[];
  ingredients: readonly DrugIngredient[];
}

/** A prescribed medicine as the consultation stores it (the fields the check reads). */
export interface PrescribedMedication {
  drugId?: number | null;
  name?: string | null;
  form?: string | null;
  eye?: Eye | null;
}

const SYSTEMIC_FORMS: ReadonlySet<string> = new Set(['tablet', 'capsule']);

/**
 * The ingredients a name typed by hand stands for (`Timolol 0.5%`, `تيمولول`), with the strength it states when it
 * names one ingredient; null when it names none the checker knows.
 */
export function ingredientsOfName(name: string): DrugIngredient[] | null {
  const found = substancesIn(name).filter((id) => ingredientDef(id) && !ingredientDef(id)!.excipient);
  if (found.length === 0) return null;
  const percent = found.length === 1 ? /(\d+(?:[.,]\d+)?)\s*%/.exec(name) : null;
  return found.map((substance) => ({
    substance,
    strength: percent ? Number(percent[1]!.replace(',', '.')) : null,
    unit: percent ? '%' : null,
  }));
}

/** A medicine as the check reads it: the formulary's ingredients, or those its typed name names. */
export function checkedDrug(
  med: PrescribedMedication,
  totalDays: number | null,
  formulary: PrescribingContext['drugs'],
): CheckedDrug {
  const known = med.drugId != null ? formulary[med.drugId] : undefined;
  const name = med.name?.trim() || known?.name || '';
  const ingredients = known?.ingredients.length ? known.ingredients : ingredientsOfName(name);
  const eye = med.eye ?? null;
  return {
    name,
    ingredients,
    names: [name, ...(known ? [known.name, ...known.names] : [])].filter(Boolean),
    eye,
    systemic: SYSTEMIC_FORMS.has(med.form ?? '') || (med.form === 'injection' && eye === null),
    totalDays,
  };
}

/** The conditions the record's own diagnoses code (a resolved one no longer counts). */
export function conditionsOfDiagnoses(
  diagnoses: readonly { code?: string | null; status?: string | null }[],
): ConditionFact[] {
  const out: ConditionFact[] = [];
  for (const d of diagnoses) {
    if (!d.code || d.status === 'resolved') continue;
    const id = conditionOfCode(d.code);
    if (id) out.push({ id, from: 'diagnosis', code: d.code.trim().toUpperCase() });
  }
  return out;
}
