import { addToDay } from '../dates/calendar.ts';
import { drugClassDef } from './drug-classes.ts';
import {
  PRESCRIBING_RULES,
  SEVERITIES,
  type DrugTarget,
  type PrescribingRule,
  type Severity,
} from './prescribing-rules.ts';
import { classesOf, matchText, substancesIn } from './substances.ts';

/**
 * The prescription checked against the patient (docs/prescribing.md): every rule of prescribing-rules.ts applied to
 * every drug, as the doctor writes it (the form runs this live) and when it is saved (the server runs the same, and
 * stores the warnings with the record). Pure: what it reads is given.
 */

export type Eye = 'right' | 'left' | 'both';

export interface DrugIngredient {
  substance: string;
  /** The ingredient's strength in `unit`, when known: phenylephrine 10 (%), acetazolamide 250 (mg). */
  strength: number | null;
  unit: '%' | 'mg' | 'mg/ml' | null;
}

/** One prescribed drug, as the check reads it. */
export interface CheckedDrug {
  /** As prescribed (the print's name). */
  name: string;
  /** What is in it; null when the checker does not know (a drug typed by hand that names no ingredient). */
  ingredients: readonly DrugIngredient[] | null;
  /** Names an allergy may use for the drug (its name, brands, Arabic name). */
  names: readonly string[];
  /** The eye it is put in; null for a drug taken by mouth or by vein (or an eye not chosen yet). */
  eye: Eye | null;
  /** Taken by mouth or by vein: no eye of its own. */
  systemic: boolean;
  /** The course's days (a taper's steps included); null when not known. */
  totalDays: number | null;
}

export interface AllergyFact {
  /** The words as recorded ('' for an allergy picked from the formulary without words). */
  text: string;
  /** The substance picked from the formulary, if it was (named in the warning when there are no words). */
  picked?: string | null;
  /** The substances it was read as (picked, or matched from the words with the clinic's brands). */
  substances: readonly string[];
}

export interface ConditionFact {
  id: string;
  /** Where it was found: the patient's recorded conditions, a coded diagnosis, or the words of the alerts. */
  from: 'recorded' | 'diagnosis' | 'alerts';
  /** The diagnosis code it was read from. */
  code?: string;
}

export interface PrescriptionFacts {
  drugs: readonly CheckedDrug[];
  allergies: readonly AllergyFact[];
  conditions: readonly ConditionFact[];
  /** The patient's age at the visit, in whole months; null when the birth date is unknown. */
  ageMonths: number | null;
  /** The visit's day (`YYYY-MM-DD`). */
  visitDay: string;
  /** The day of the latest eye pressure on record (any record that holds one), or null. */
  lastIopDay: string | null;
  /** The next visit the record books, if any. */
  nextVisit: string | null;
}

export interface PrescriptionWarning {
  /** The rule's id. */
  code: string;
  severity: Severity;
  /** The drug it is about (its position in the prescription). */
  medication?: number;
  /** The two drugs of a duplication. */
  medications?: [number, number];
  /** The allergy as recorded: its words, or the substance picked (`allergySubstance`). An allergy warning's
   * `substance` is the drug's ingredient it is through, and `class` the allergy's class that took it in. */
  allergy?: string;
  allergySubstance?: string;
  substance?: string;
  condition?: string;
  class?: string;
  eye?: Eye;
  totalDays?: number;
  ageMonths?: number;
  lastIopDay?: string | null;
}

// ---- what a drug is -------------------------------------------------------------------------------------------------

/** Every class of a drug's ingredients, with the classes above them. */
function drugClasses(drug: CheckedDrug): Set<string> {
  const out = new Set<string>();
  for (const { substance } of drug.ingredients ?? []) for (const c of classesOf(substance)) out.add(c);
  return out;
}

function ingredientClasses(ingredient: DrugIngredient): Set<string> {
  return classesOf(ingredient.substance);
}

/** Whether an ingredient is what a rule targets, at the strength it names (an unknown strength counts). */
function ingredientHits(ingredient: DrugIngredient, target: DrugTarget): boolean {
  const named =
    (target.ingredients?.includes(ingredient.substance) ?? false) ||
    (target.classes?.some((c) => ingredientClasses(ingredient).has(c)) ?? false);
  if (!named) return false;
  const percent = ingredient.unit === '%' ? ingredient.strength : null;
  if (target.minPercent !== undefined && percent !== null && percent < target.minPercent) return false;
  if (target.abovePercent !== undefined && percent !== null && percent <= target.abovePercent) return false;
  return true;
}

function drugHits(drug: CheckedDrug, target: DrugTarget): boolean {
  if (target.localOnly && drug.systemic) return false;
  return (drug.ingredients ?? []).some((ingredient) => ingredientHits(ingredient, target));
}

// ---- allergies ------------------------------------------------------------------------------------------------------

/** The substances of an allergy: as recorded, and as its words read now (a later formulary may know more). */
function allergySubstances(allergy: AllergyFact): Set<string> {
  return new Set([...allergy.substances, ...substancesIn(allergy.text)]);
}

/** How a drug matches an allergy: the ingredient it is through, and the class of the allergy that took it in. */
interface AllergyHit {
  /** The drug's ingredient ('' for a drug of unknown ingredients named by the allergy). */
  ingredient: string;
  /** The class the patient is allergic to that the ingredient belongs to (parents included), if by class. */
  via: string | null;
}

/**
 * How a drug matches an allergy: an ingredient the patient is allergic to, or one in a class the patient is
 * allergic to; else, for words that name no substance, the drug's own names in the allergy's words or the
 * allergy's words in its names (the drug's first ingredient then stands for what the patient reacted to).
 */
function allergyMatch(drug: CheckedDrug, substances: ReadonlySet<string>, text: string): AllergyHit | null {
  for (const ingredient of drug.ingredients ?? []) {
    if (substances.has(ingredient.substance)) return { ingredient: ingredient.substance, via: null };
    for (const c of ingredientClasses(ingredient))
      if (substances.has(c)) return { ingredient: ingredient.substance, via: c };
  }
  const words = ` ${matchText(text)} `;
  if (words.trim() === '') return null;
  for (const name of drug.names) {
    const named = matchText(name);
    if (named.length < 3) continue;
    if (words.includes(` ${named} `) || ` ${named} `.includes(words))
      return { ingredient: drug.ingredients?.[0]?.substance ?? '', via: null };
  }
  return null;
}

/** How a warning names the allergy: its words, or the substance picked. */
const allergyLabel = (allergy: AllergyFact): { allergy: string } | { allergySubstance: string } =>
  allergy.text.trim() === '' && allergy.picked
    ? { allergySubstance: allergy.picked }
    : { allergy: allergy.text };

// ---- eyes -----------------------------------------------------------------------------------------------------------

/** The eye two drugs share: `both` shares either eye; a systemic drug shares none but by a class that says so. */
function sharedEye(a: Eye | null, b: Eye | null): Eye | null {
  if (a === null || b === null) return null;
  if (a === b) return a;
  if (a === 'both') return b;
  if (b === 'both') return a;
  return null;
}

// ---- the check ------------------------------------------------------------------------------------------------------

const RANK: Record<Severity, number> = Object.fromEntries(SEVERITIES.map((s, i) => [s, i])) as Record<
  Severity,
  number
>;

export function checkPrescription(
  facts: PrescriptionFacts,
  rules: readonly PrescribingRule[] = PRESCRIBING_RULES,
): PrescriptionWarning[] {
  const warnings: PrescriptionWarning[] = [];
  if (facts.drugs.length === 0) return warnings;
  const conditions = new Map<string, ConditionFact>();
  for (const condition of facts.conditions)
    if (!conditions.has(condition.id)) conditions.set(condition.id, condition);
  const allergies = facts.allergies
    .filter((a) => a.text.trim() !== '' || a.substances.length > 0 || a.picked)
    .map((a) => ({ allergy: a, substances: allergySubstances(a) }));

  const ruleOf = (kind: PrescribingRule['when']['kind']) => rules.filter((rule) => rule.when.kind === kind);
  const allergyRules = ruleOf('allergy');

  facts.drugs.forEach((drug, medication) => {
    if (drug.ingredients === null)
      for (const rule of ruleOf('drugUnchecked'))
        warnings.push({ code: rule.id, severity: rule.severity, medication });

    for (const { allergy, substances } of allergies) {
      const hit = allergyMatch(drug, substances, allergy.text);
      if (hit !== null) {
        const rule =
          allergyRules.find(
            (r) => r.when.kind === 'allergy' && r.when.via !== undefined && r.when.via === hit.via,
          ) ?? allergyRules.find((r) => r.when.kind === 'allergy' && r.when.via === undefined);
        if (rule)
          warnings.push({
            code: rule.id,
            severity: rule.severity,
            medication,
            ...allergyLabel(allergy),
            ...(hit.ingredient !== '' ? { substance: hit.ingredient } : {}),
            ...(hit.via !== null ? { class: hit.via } : {}),
          });
        continue;
      }
      const allergyClasses = new Set([...substances].flatMap((s) => [...classesOf(s)]));
      const classes = drugClasses(drug);
      for (const rule of ruleOf('crossAllergy')) {
        if (rule.when.kind !== 'crossAllergy') continue;
        if (allergyClasses.has(rule.when.allergyClass) && classes.has(rule.when.drugClass))
          warnings.push({ code: rule.id, severity: rule.severity, medication, ...allergyLabel(allergy) });
      }
    }

    for (const rule of rules) {
      const { when } = rule;
      if (when.kind === 'condition') {
        if (!drugHits(drug, when.drug)) continue;
        const found = when.conditions.find((id) => conditions.has(id));
        if (found) warnings.push({ code: rule.id, severity: rule.severity, medication, condition: found });
      } else if (when.kind === 'age') {
        if (facts.ageMonths === null || facts.ageMonths >= when.underMonths || !drugHits(drug, when.drug))
          continue;
        warnings.push({ code: rule.id, severity: rule.severity, medication, ageMonths: facts.ageMonths });
      } else if (when.kind === 'course') {
        if (drug.totalDays === null || drug.totalDays < when.minDays || !drugHits(drug, when.drug)) continue;
        const booked =
          facts.nextVisit !== null &&
          facts.nextVisit >= facts.visitDay &&
          facts.nextVisit <= addToDay(facts.visitDay, when.withinDays);
        if (!booked)
          warnings.push({
            code: rule.id,
            severity: rule.severity,
            medication,
            totalDays: drug.totalDays,
            lastIopDay: facts.lastIopDay,
          });
      }
    }
  });

  for (const rule of ruleOf('sameClass')) {
    facts.drugs.forEach((first, i) => {
      const firstClasses = duplicateClasses(first);
      for (let j = i + 1; j < facts.drugs.length; j++) {
        const second = facts.drugs[j]!;
        const shared = [...duplicateClasses(second)].find((c) => firstClasses.has(c));
        if (shared === undefined) continue;
        const eye = pairEye(first, second, shared);
        if (eye === undefined) continue;
        warnings.push({
          code: rule.id,
          severity: rule.severity,
          medications: [i, j],
          class: shared,
          ...(eye !== null ? { eye } : {}),
        });
      }
    });
  }

  if (allergies.length > 0)
    for (const rule of ruleOf('allergyUnchecked'))
      for (const { allergy, substances } of allergies)
        if (
          substances.size === 0 &&
          !facts.drugs.some((drug) => allergyMatch(drug, substances, allergy.text) !== null)
        )
          warnings.push({ code: rule.id, severity: rule.severity, ...allergyLabel(allergy) });

  // Most severe first; within a severity, in the prescription's order (a stable sort keeps the rules' order).
  const position = (w: PrescriptionWarning) => w.medication ?? w.medications?.[0] ?? Number.MAX_SAFE_INTEGER;
  return warnings.sort((a, b) => RANK[a.severity] - RANK[b.severity] || position(a) - position(b));
}

/** The classes of a drug in which a second drug is a duplication, most specific first. */
function duplicateClasses(drug: CheckedDrug): Set<string> {
  const out = new Set<string>();
  for (const ingredient of drug.ingredients ?? [])
    for (const c of ingredientClasses(ingredient)) if (drugClassDef(c)?.duplicate) out.add(c);
  return out;
}

/**
 * Where two drugs of one class meet: the eye they share; null for two drugs taken by mouth or vein; a systemic
 * drug meets a topical one in its eye when the class says so (an oral and a topical carbonic anhydrase inhibitor).
 * Undefined: they do not meet (two eyes, or an eye not chosen yet).
 */
function pairEye(a: CheckedDrug, b: CheckedDrug, shared: string): Eye | null | undefined {
  if (a.systemic && b.systemic) return null;
  if (a.systemic || b.systemic) {
    if (!drugClassDef(shared)?.systemicDuplicates) return undefined;
    return (a.systemic ? b.eye : a.eye) ?? undefined;
  }
  return sharedEye(a.eye, b.eye) ?? undefined;
}

/** Whether a warning holds the prescription until the doctor gives a reason. */
export const needsReason = (warning: { severity?: string }): boolean =>
  warning.severity === 'contraindicated';
