import { DRUG_CLASS_DEFS } from '@basira/shared/prescribing/drug-classes';
import { INGREDIENTS } from '@basira/shared/prescribing/ingredients';
import type { SubstanceRow } from '@basira/shared/prescribing/prescribing.schemas';
import { matchText } from '@basira/shared/prescribing/substances';

/**
 * The substance picker's search (`GET /api/mo/code/substance`): what an allergy or a drug's ingredient is
 * recorded against. Text is compared as the allergy reader compares it (shared/prescribing `matchText`: Arabic
 * normalisation and article, UK and US spellings), so what the picker offers is what typed words would be read as.
 */

/** The picker shows this many at most. */
export const SUBSTANCES_LIMIT = 50;

/** A clinic's drug as the search sees it: the names it goes by and the ingredient ids in it. */
export interface Product {
  names: readonly string[];
  ingredients: readonly string[];
}

interface Candidate {
  row: SubstanceRow;
  /** Every name, compared form. */
  names: readonly string[];
}

const KIND_ORDER: Record<SubstanceRow['kind'], number> = { ingredient: 0, class: 1, excipient: 2 };

const candidate = (row: SubstanceRow, names: readonly string[]): Candidate => ({
  row,
  names: [...new Set(names.map(matchText).filter((name) => name !== ''))],
});

/** Every shipped substance, in the order ties are shown: ingredients, classes, excipients, each by English name. */
const SHIPPED: readonly Candidate[] = [
  ...INGREDIENTS.map((i) =>
    candidate({ id: i.id, kind: i.excipient ? 'excipient' : 'ingredient', en: i.en, ar: i.ar }, [
      i.en,
      i.ar,
      ...i.names,
    ]),
  ),
  ...DRUG_CLASS_DEFS.map((c) =>
    candidate({ id: c.id, kind: 'class', en: c.en, ar: c.ar }, [c.en, c.ar, ...c.words]),
  ),
].sort((a, b) => KIND_ORDER[a.row.kind] - KIND_ORDER[b.row.kind] || a.row.en.localeCompare(b.row.en, 'en'));
const INDEX = new Map(SHIPPED.map((c, i) => [c.row.id, i]));

/**
 * The clinic's names in compared form, kept: they are searched on every keystroke and seldom change (as the drug
 * search keeps its own); past `NAMES_KEPT` the kept ones are let go.
 */
const productNames = new Map<string, string>();
const NAMES_KEPT = 50_000;
function compared(name: string): string {
  let text = productNames.get(name);
  if (text === undefined) {
    if (productNames.size >= NAMES_KEPT) productNames.clear();
    productNames.set(name, (text = matchText(name)));
  }
  return text;
}

/**
 * 0: the name is the query (`sulfa` is the sulfonamides before sulfacetamide); 1: it starts with the query; 2: each
 * word starts a word of it; 3: each word is inside it; null: no match.
 */
function rankOf(name: string, query: string, words: readonly string[]): number | null {
  if (name === '') return null;
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  const spaced = ` ${name}`;
  if (words.every((word) => spaced.includes(` ${word}`))) return 2;
  if (words.every((word) => name.includes(word))) return 3;
  return null;
}

/** The substances matching `search`, best first; without a search, every substance in its order. */
export function rankSubstances(search: string, products: readonly Product[]): SubstanceRow[] {
  const query = matchText(search);
  if (query === '') return SHIPPED.map((c) => c.row);
  const words = query.split(' ');
  const best = new Map<number, number>();
  const offer = (index: number | undefined, rank: number | null) => {
    if (index === undefined || rank === null) return;
    const known = best.get(index);
    if (known === undefined || rank < known) best.set(index, rank);
  };
  SHIPPED.forEach((c, index) => {
    for (const name of c.names) offer(index, rankOf(name, query, words));
  });
  for (const product of products) {
    let rank: number | null = null;
    for (const name of product.names) {
      const found = rankOf(compared(name), query, words);
      if (found !== null && (rank === null || found < rank)) rank = found;
    }
    if (rank === null) continue;
    for (const id of product.ingredients) offer(INDEX.get(id), rank);
  }
  return [...best]
    .sort(([a, rankA], [b, rankB]) => rankA - rankB || a - b)
    .map(([index]) => SHIPPED[index]!.row);
}
