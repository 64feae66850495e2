import { normalizeName } from '../search/arabic-normalize.ts';
import { CONDITIONS } from './conditions.ts';
import { DRUG_CLASS_DEFS, drugClassDef, withAncestors } from './drug-classes.ts';
import { INGREDIENTS, ingredientDef } from './ingredients.ts';

/**
 * Substances are what an allergy names and a drug contains: an ingredient (drug or excipient) or a class
 * (ingredients.ts, drug-classes.ts share one id space; a test checks that no id is both). Free text (an allergy
 * written "Diamox", "أتروبين", "fluoroquinolones"; a drug typed by hand; a note saying "asthma ربو") is read into
 * substances and conditions here, by whole words after normalisation, the longest phrase first.
 */

/** The Arabic article and the prefixed prepositions, dropped from a word of five letters or more. */
const ARTICLE = /^(?:ال|وال|بال|لل|فال)(?=...)/u;

/**
 * Text as compared: the patient search's normalisation (tashkeel, alef forms, ة/ه, ى/ي, digits, case, punctuation),
 * the Arabic article dropped, UK and US spellings folded (`sulpha` = `sulfa`, `anaesthetic` = `anesthetic`).
 */
export function matchText(text: string): string {
  return normalizeName(text)
    .replace(/sulph/g, 'sulf')
    .replace(/ae/g, 'e')
    .replace(/oe/g, 'e')
    .split(' ')
    .map((word) => word.replace(ARTICLE, ''))
    .join(' ');
}

/** A phrase of a lexicon and what it stands for. */
export interface LexiconEntry {
  phrase: string;
  ids: readonly string[];
}

/** Phrases sorted longest first: "non steroidal" is read before "steroid" can be. */
export function lexicon(entries: Iterable<{ phrase: string; ids: readonly string[] }>): LexiconEntry[] {
  const byPhrase = new Map<string, Set<string>>();
  for (const { phrase, ids } of entries) {
    const key = matchText(phrase);
    if (key === '') continue;
    const set = byPhrase.get(key) ?? new Set<string>();
    ids.forEach((id) => set.add(id));
    byPhrase.set(key, set);
  }
  return [...byPhrase]
    .map(([phrase, ids]) => ({ phrase, ids: [...ids] }))
    .sort((a, b) => b.phrase.length - a.phrase.length || (a.phrase < b.phrase ? -1 : 1));
}

/**
 * The ids whose phrases occur in the text as whole words (a trailing plural `s` allowed); a phrase found is taken
 * out before shorter ones are looked for.
 */
export function findIn(text: string, entries: readonly LexiconEntry[]): string[] {
  let rest = ` ${matchText(text)} `;
  const found = new Set<string>();
  for (const { phrase, ids } of entries) {
    for (const form of [phrase, `${phrase}s`]) {
      const needle = ` ${form} `;
      if (!rest.includes(needle)) continue;
      ids.forEach((id) => found.add(id));
      rest = rest.split(needle).join('  ');
    }
  }
  return [...found];
}

const phrasesOf = (id: string, names: readonly string[]) => names.map((phrase) => ({ phrase, ids: [id] }));

/**
 * Built on first use, then kept: not when the module loads. Every screen that reads a patient imports this module
 * through the patient's contracts, and building both lexicons took about 14 ms of a screen's first frame in the
 * browser (bench/history/web-vitals.md, 2026-12-06), for words most screens never read.
 */
function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/** Every ingredient's and class's names, in both languages. */
export const substanceLexicon = builtOnce((): readonly LexiconEntry[] =>
  lexicon([
    ...INGREDIENTS.flatMap((i) => phrasesOf(i.id, [i.en, i.ar, ...i.names])),
    ...DRUG_CLASS_DEFS.flatMap((c) => phrasesOf(c.id, [c.en, c.ar, ...c.words])),
  ]),
);

/** Every condition's names and words, in both languages. */
export const conditionLexicon = builtOnce((): readonly LexiconEntry[] =>
  lexicon(CONDITIONS.flatMap((c) => phrasesOf(c.id, [c.en, c.ar, ...c.words]))),
);

/** A drug of the clinic's formulary as a lexicon knows it: its names, brands and Arabic name, and its ingredients. */
export interface NamedProduct {
  names: readonly string[];
  ingredients: readonly string[];
}

/** The substance lexicon with a formulary's brands and names (an allergy to "Cosopt" is dorzolamide and timolol). */
export function lexiconWithProducts(products: Iterable<NamedProduct>): LexiconEntry[] {
  const entries: { phrase: string; ids: readonly string[] }[] = [...substanceLexicon()];
  for (const product of products) {
    if (product.ingredients.length === 0) continue;
    for (const name of product.names) entries.push({ phrase: name, ids: product.ingredients });
  }
  return lexicon(entries);
}

/** The substances a free text names (ingredient and class ids), with the shipped names alone or a formulary's. */
export function substancesIn(text: string, entries: readonly LexiconEntry[] = substanceLexicon()): string[] {
  return findIn(text, entries);
}

export function conditionsIn(text: string): string[] {
  return findIn(text, conditionLexicon());
}

export const isSubstance = (id: string): boolean =>
  ingredientDef(id) !== undefined || drugClassDef(id) !== undefined;

/** The classes of an ingredient with every class above them; a class id stands for itself and its parents. */
export function classesOf(substance: string): Set<string> {
  const ingredient = ingredientDef(substance);
  return withAncestors(ingredient ? ingredient.classes : drugClassDef(substance) ? [substance] : []);
}

/** A substance's name in a language: the ingredient's INN or the class's name. */
export function substanceName(id: string, lang: 'ar' | 'en'): string {
  const def = ingredientDef(id) ?? drugClassDef(id);
  return def ? def[lang] : id;
}
