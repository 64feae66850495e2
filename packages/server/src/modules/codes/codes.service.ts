import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DRUG_CLASSES,
  DRUG_FORMS,
  frequencySchema,
  type DiagnosisCreate,
  type DiagnosisRow,
  type Drug,
  type DrugInput,
} from '@basira/shared/codes/codes.schemas';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import { DOSE_UNITS } from '@basira/shared/exams/medication-schedule';
import type { SubstanceRow } from '@basira/shared/prescribing/prescribing.schemas';
import { STRENGTH_UNITS } from '@basira/shared/prescribing/prescribing.schemas';
import type { DrugIngredient } from '@basira/shared/prescribing/prescription-check';
import { lexiconWithProducts, matchText, type LexiconEntry } from '@basira/shared/prescribing/substances';
import { normalizeName } from '@basira/shared/search/arabic-normalize';
import type { Db } from '../../db/client.ts';
import { drugs, organizationDiagnoses } from '../../db/schema.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/pages.ts';
import { runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DIAGNOSIS_CODES, SPOKEN_FORMS, eyeTier } from './diagnosis-codes.ts';
import { DRUG_SEEDS } from './drug-seeds.ts';
import { seedColumns } from './drug-upgrade.ts';
import { rankSubstances, SUBSTANCES_LIMIT } from './substance-search.ts';

export const DIAGNOSES_PER_PAGE = 30;
/** The drug picker shows this many matches at most. */
export const DRUGS_LIMIT = 50;

// ---------------------------------------------------------------------------------------------------------------
// Search text
// ---------------------------------------------------------------------------------------------------------------

/** The Arabic article, dropped from a searched word: `الماء` finds `ماء` and `الماء` alike. */
const ARTICLE = /^(?:ال|وال|بال|لل)(?=..)/u;

/**
 * Search normalisation of titles and queries: patient search's (shared/search/arabic-normalize), plus British and
 * American spelling folded together (`haemorrhage` = `hemorrhage`, `oedema` = `edema`).
 */
export function searchText(text: string): string {
  return normalizeName(text).replace(/ae|oe/g, 'e');
}

/**
 * The names of the clinics' drugs as searched, kept: the formulary is read and searched on every keystroke, and
 * normalising its names on each was a large share of the server's busy time (bench/list-pages). A drug's
 * names are few and seldom change; past `NAMES_KEPT` (a few hundred clinics' formularies) the kept ones are let go.
 * Each word also loses the Arabic article, as the diagnoses' do (`الدموع` finds `دموع`).
 */
const drugNames = new Map<string, string>();
const NAMES_KEPT = 50_000;
function drugNameText(name: string): string {
  let text = drugNames.get(name);
  if (text === undefined) {
    if (drugNames.size >= NAMES_KEPT) drugNames.clear();
    drugNames.set(name, (text = searchWords(name).join(' ')));
  }
  return text;
}

/** A text's search words: normalised, the Arabic article dropped. */
const searchWords = (text: string): string[] =>
  searchText(text)
    .split(' ')
    .filter(Boolean)
    .map((word) => word.replace(ARTICLE, ''));

/** A code as compared: upper case, dots and spaces dropped (`h40.1`, `H401` and `H40.1` are one). */
const codeKey = (code: string) => code.toUpperCase().replace(/[.\s]/g, '');

/*
 * Whole words. A query word matches a title's word at its start (`glauc` finds glaucoma), except a short one, which
 * must be the whole word: there a prefix changes the meaning (ROP is not esotropia, TED not related, ERM not
 * dermatitis; العمى, blindness, is not العميق, deep). Short is a Latin word of 2 to 4 letters or any acronym the list
 * spells in capitals (an acronym is typed in lower case as often as not), and an Arabic word of at most 4 letters
 * once its article is dropped. "Whole" allows the endings that inflect a word without changing what it names: an
 * English plural, and for Arabic ة (ه once normalised), the nisba ي/ية, the plural and dual endings and two
 * pronouns, so that قرن finds القرنية and عين finds العينين, while عمي (العمى) does not find عميق. A longer query word
 * keeps the word start and, failing that, the inside of a word (rank 2); a short one is never looked for inside one.
 */
const LATIN_ENDINGS = ['s', 'es'];
const ARABIC_ENDINGS = ['ه', 'ي', 'يه', 'وي', 'ويه', 'ات', 'يات', 'ان', 'ين', 'ون', 'ها', 'هم'];
const ARABIC_LETTER = /[\u0600-\u06ff]/;

/** The acronyms the shipped list writes in capitals (ROP, TED, CRVO, NAION …), as searched. */
const ACRONYMS: ReadonlySet<string> = new Set(
  DIAGNOSIS_CODES.flatMap(([, titleEn, , keywords = '']) =>
    `${titleEn} ${keywords}`
      .split(/[^A-Za-z0-9]+/)
      .filter((word) => /^(?:[0-9]*[A-Z]){2}[A-Z0-9]*$/.test(word)),
  ).map(searchText),
);

/** A query word's whole-word forms (itself and it with each ending), or null for a word matched at a word's start. */
function wholeForms(word: string): readonly string[] | null {
  if (ACRONYMS.has(word) || /^[a-z]{2,4}$/.test(word))
    return [word, ...LATIN_ENDINGS.map((end) => word + end)];
  if (ARABIC_LETTER.test(word) && word.length <= 4) return [word, ...ARABIC_ENDINGS.map((end) => word + end)];
  return null;
}

/** SPOKEN_FORMS as searched: a title's word → the other words that find it. */
const SPOKEN = new Map(
  Object.entries(SPOKEN_FORMS).map(([word, forms]) => [searchText(word), forms.map(searchText)]),
);

interface Searchable {
  code: string;
  titleEn: string;
  titleAr: string;
  codeKey: string;
  /** Every word of the titles and search words, normalised, with and without the Arabic article. */
  words: string[];
  /** The same words, for whole-word matches. */
  wordSet: ReadonlySet<string>;
  /** The same words joined, for matches inside a word. */
  text: string;
  /** The empty search's order after favourites (`eyeTier`): chapter VII, other eye codes, the rest. */
  tier: number;
}

function searchable(code: string, titleEn: string, titleAr: string, keywords = ''): Searchable {
  const words = new Set<string>();
  for (const word of searchText(`${titleEn} ${titleAr} ${keywords}`).split(' ')) {
    if (word === '') continue;
    words.add(word);
    words.add(word.replace(ARTICLE, ''));
  }
  for (const word of [...words]) for (const form of SPOKEN.get(word) ?? []) words.add(form);
  const all = [...words];
  return {
    code,
    titleEn,
    titleAr,
    codeKey: codeKey(code),
    words: all,
    wordSet: words,
    text: ` ${all.join(' ')} `,
    tier: eyeTier(code),
  };
}

/** The shipped list, by code, searchable; built once. */
const SHIPPED: readonly Searchable[] = DIAGNOSIS_CODES.map(([code, en, ar, keywords]) =>
  searchable(code, en, ar, keywords),
).sort((a, b) => compareCodes(a.code, b.code));
const SHIPPED_BY_CODE = new Map(SHIPPED.map((entry) => [entry.code.toUpperCase(), entry]));

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a code is in the shipped list (case-insensitive). */
export const isShippedCode = (code: string) => SHIPPED_BY_CODE.has(code.trim().toUpperCase());

interface QueryWord {
  text: string;
  /** ` text`: the word at a word's start in `Searchable.text`. */
  start: string;
  /** For a short word (`wholeForms`): the words of an entry that match it; null for a word matched by its start. */
  whole: readonly string[] | null;
}

/**
 * How well an entry answers a query: 0 its code starts with the query, 1 every word starts a word of its
 * titles (a short word: is one), 2 every word is at least inside its titles; null no match.
 */
function rankOf(entry: Searchable, query: { codeKey: string; words: QueryWord[] }): number | null {
  if (query.codeKey !== '' && entry.codeKey.startsWith(query.codeKey)) return 0;
  if (query.words.length === 0) return null;
  let rank = 1;
  for (const word of query.words) {
    if (word.whole) {
      // Most entries hold no word starting with it: one scan of the text rules them out before the lookups.
      if (!entry.text.includes(word.start) || !word.whole.some((form) => entry.wordSet.has(form)))
        return null;
    } else if (!entry.words.some((w) => w.startsWith(word.text))) {
      if (!entry.text.includes(word.text)) return null;
      rank = 2;
    }
  }
  return rank;
}

function parseQuery(search: string) {
  const texts = new Set(
    searchText(search)
      .split(' ')
      .filter(Boolean)
      .map((word) => word.replace(ARTICLE, '')),
  );
  const words = [...texts].map((text) => ({ text, start: ` ${text}`, whole: wholeForms(text) }));
  const trimmed = search.trim();
  // One word written like a code: matched against codes by prefix too (`h40`, `H40.1`, a clinic's `DRY-A`).
  const looksLikeCode = /^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(trimmed);
  return { codeKey: looksLikeCode ? codeKey(trimmed) : '', words };
}

// ---------------------------------------------------------------------------------------------------------------
// Drugs
// ---------------------------------------------------------------------------------------------------------------

type DrugRow = typeof drugs.$inferSelect;

const asForm = (value: string): Drug['form'] =>
  (DRUG_FORMS as readonly string[]).includes(value) ? (value as Drug['form']) : 'other';
const asClass = (value: string): Drug['class'] =>
  (DRUG_CLASSES as readonly string[]).includes(value) ? (value as Drug['class']) : 'other';
const asDoseUnit = (value: string | null): Drug['defaultDoseUnit'] =>
  (DOSE_UNITS as readonly (string | null)[]).includes(value) ? (value as Drug['defaultDoseUnit']) : null;

/**
 * The stored ingredients as the contract has them. They are written only through `drugInputSchema` and the seeds,
 * so this only guards against a hand-edited row (one bad entry is left out, not a 500 for the whole formulary);
 * null (a row the upgrade at start has not read yet) is an empty list.
 */
function ingredientsView(value: unknown): DrugIngredient[] {
  if (!Array.isArray(value)) return [];
  const out: DrugIngredient[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { substance, strength, unit } = item as Record<string, unknown>;
    if (typeof substance !== 'string') continue;
    out.push({
      substance,
      strength: typeof strength === 'number' ? strength : null,
      unit: (STRENGTH_UNITS as readonly unknown[]).includes(unit) ? (unit as DrugIngredient['unit']) : null,
    });
  }
  return out;
}

/** The columns a drug's view reads (`drugView`); the search reads no others. */
const drugViewColumns = {
  id: drugs.id,
  name: drugs.name,
  nameAr: drugs.nameAr,
  brands: drugs.brands,
  layNames: drugs.layNames,
  form: drugs.form,
  drugClass: drugs.drugClass,
  ingredients: drugs.ingredients,
  preservative: drugs.preservative,
  defaultDose: drugs.defaultDose,
  defaultDoseUnit: drugs.defaultDoseUnit,
  defaultFrequency: drugs.defaultFrequency,
};

/**
 * The search's columns: the view's, with the JSON columns as their text, parsed for the drugs shown alone
 * (`drugView` of `withJson`): the whole formulary is read on every keystroke, and parsing each drug's frequency was
 * a large share of the server's busy time (bench/list-pages).
 */
const drugSearchColumns = {
  ...drugViewColumns,
  ingredients: sql<string | null>`${drugs.ingredients}::text`,
  defaultFrequency: sql<string | null>`${drugs.defaultFrequency}::text`,
};
const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));
const withJson = <Row extends { ingredients: string | null; defaultFrequency: string | null }>(row: Row) => ({
  ...row,
  ingredients: parseJson(row.ingredients),
  defaultFrequency: parseJson(row.defaultFrequency),
});

type DrugViewRow = Omit<Pick<DrugRow, keyof typeof drugViewColumns>, 'ingredients'> & {
  ingredients: unknown;
};

export const drugView = (row: DrugViewRow): Drug => {
  const frequency = frequencySchema.safeParse(row.defaultFrequency);
  return {
    id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    brands: row.brands,
    layNames: row.layNames,
    form: asForm(row.form),
    class: asClass(row.drugClass),
    ingredients: ingredientsView(row.ingredients),
    preservative: row.preservative,
    defaultDose: row.defaultDose,
    defaultDoseUnit: asDoseUnit(row.defaultDoseUnit),
    defaultFrequency: frequency.success ? frequency.data : null,
  };
};

/**
 * The organization's drugs of these ids, hidden ones included (a record keeps naming a drug the clinic has since
 * removed from its list). Ids of another organization, or unknown, are simply absent from the map.
 */
export async function drugsByIds(db: Db, orgId: number, ids: readonly number[]): Promise<Map<number, Drug>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select(drugViewColumns)
    .from(drugs)
    .where(inOrg(drugs, orgId, inArray(drugs.id, wanted)));
  return new Map(rows.map((row) => [row.id, drugView(row)]));
}

/** A new organization's formulary: its own copy of DRUG_SEEDS, in order. */
export async function seedDrugs(db: Db, orgId: number): Promise<void> {
  await db.insert(drugs).values(DRUG_SEEDS.map((seed) => ({ orgId, ...seedColumns(seed) })));
}

/**
 * The organization's drugs as products a patient's allergy may name (docs/prescribing.md): each drug's name, Arabic
 * name and brands standing for its ingredients (an allergy to "Cosopt" reads as dorzolamide and timolol), on top of
 * the shipped names of every ingredient and class. Hidden drugs count: a patient names what they were given. A lay
 * name counts only where every drug called so holds the same ingredients (`ديامكس`, both acetazolamides); one shared
 * by different products ("قطرة ضغط", every glaucoma drop) names no substance.
 */
export async function organizationLexicon(db: Db, orgId: number): Promise<LexiconEntry[]> {
  const rows = await formularyProducts(db, orgId);
  const products = rows.map((row) => ({
    names: [row.name, row.nameAr, ...row.brands].filter((name) => name !== ''),
    ingredients: [...new Set(ingredientsView(row.ingredients).map((i) => i.substance))].sort(),
  }));
  const layProducts = new Map<string, { names: string[]; ingredients: string[] | null }>();
  rows.forEach((row, i) => {
    const { ingredients } = products[i]!;
    for (const layName of row.layNames) {
      const key = matchText(layName);
      const known = layProducts.get(key);
      if (!known) layProducts.set(key, { names: [layName], ingredients });
      else if (known.ingredients?.join() !== ingredients.join()) known.ingredients = null;
    }
  });
  for (const { names, ingredients } of layProducts.values())
    if (ingredients !== null) products.push({ names, ingredients });
  return lexiconWithProducts(products);
}

/** Every drug of the organization (hidden ones too) with what names it and what is in it. */
function formularyProducts(db: Db, orgId: number) {
  // Prepared: the substance picker reads it as the user types.
  return runPrepared(db, statementName('drugs_products'), (bind) => {
    const org = bind('orgId', orgId);
    return () =>
      db
        .select({
          name: drugs.name,
          nameAr: drugs.nameAr,
          brands: drugs.brands,
          layNames: drugs.layNames,
          ingredients: drugs.ingredients,
        })
        .from(drugs)
        .where(inOrg(drugs, org));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Diagnoses
// ---------------------------------------------------------------------------------------------------------------

type DiagnosisRowDb = typeof organizationDiagnoses.$inferSelect;

/**
 * Titles of these codes as the organization sees them (shipped list and the clinic's own entries), for prints
 * and summaries. Unknown codes are absent from the map.
 */
export async function diagnosesByCodes(
  db: Db,
  orgId: number,
  codes: readonly string[],
): Promise<Map<string, DiagnosisRow>> {
  const wanted = [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(organizationDiagnoses)
    .where(inOrg(organizationDiagnoses, orgId, inArray(organizationDiagnoses.code, wanted)));
  const own = new Map(rows.map((row) => [row.code, row]));
  const found = new Map<string, DiagnosisRow>();
  for (const code of wanted) {
    const row = own.get(code);
    const shipped = SHIPPED_BY_CODE.get(code);
    if (shipped)
      found.set(code, {
        code: shipped.code,
        titleEn: shipped.titleEn,
        titleAr: shipped.titleAr,
        custom: false,
        favourite: row?.isFavourite ?? false,
      });
    else if (row?.isCustom) found.set(code, customView(row));
  }
  return found;
}

const customView = (row: DiagnosisRowDb): DiagnosisRow => ({
  code: row.code,
  titleEn: row.titleEn || row.titleAr,
  titleAr: row.titleAr || row.titleEn,
  custom: true,
  favourite: row.isFavourite,
});

/**
 * The two code lists (docs/code-lists.md): ICD-10 diagnoses with the clinic's entries and favourites, and the
 * formulary.
 */
export class CodesService {
  constructor(private readonly db: Db) {}

  // Diagnoses -------------------------------------------------------------------------------------------------

  /**
   * One page of the list: with a search, the entries whose code starts with it, then those whose titles hold
   * every word (at a word's start first; a short word whole), each group favourites first, then chapter VII, the
   * other eye codes and the rest, each by code; without one, in that same order. Searched in memory: the shipped
   * list is a few hundred rows, the clinic's own a handful, so one small query and a scan beat any index.
   */
  async searchDiagnoses(
    orgId: number,
    query: { page: number; search?: string | undefined },
  ): Promise<{ data: DiagnosisRow[]; meta: PageMeta }> {
    // Prepared: the list is searched as the doctor types.
    const own = await runPrepared(this.db, statementName('diagnoses_own'), (bind) => {
      const org = bind('orgId', orgId);
      return () => this.db.select().from(organizationDiagnoses).where(inOrg(organizationDiagnoses, org));
    });
    const favourites = new Set(own.filter((row) => row.isFavourite).map((row) => row.code));
    const customs = own
      .filter((row) => row.isCustom)
      .map((row) => ({ row, entry: searchable(row.code, row.titleEn, row.titleAr) }));
    const entries: { entry: Searchable; custom: DiagnosisRowDb | null }[] = [
      ...SHIPPED.map((entry) => ({ entry, custom: null })),
      ...customs.map(({ row, entry }) => ({ entry, custom: row })),
    ];

    const search = query.search?.trim() ?? '';
    const parsed = parseQuery(search);
    const ranked: { rank: number; favourite: boolean; entry: Searchable; custom: DiagnosisRowDb | null }[] =
      [];
    for (const item of entries) {
      const rank = search === '' ? 0 : rankOf(item.entry, parsed);
      if (rank === null) continue;
      ranked.push({ rank, favourite: favourites.has(item.entry.code.toUpperCase()), ...item });
    }
    // Within a rank, and for the empty search: favourites, then chapter VII, the other eye codes, the rest.
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.favourite) - Number(a.favourite) ||
        a.entry.tier - b.entry.tier ||
        compareCodes(a.entry.code, b.entry.code),
    );

    const offset = (query.page - 1) * DIAGNOSES_PER_PAGE;
    const data = ranked
      .slice(offset, offset + DIAGNOSES_PER_PAGE)
      .map(({ entry, custom, favourite }) =>
        custom
          ? customView(custom)
          : { code: entry.code, titleEn: entry.titleEn, titleAr: entry.titleAr, custom: false, favourite },
      );
    return { data, meta: pageMeta(query.page, DIAGNOSES_PER_PAGE, ranked.length) };
  }

  /** A clinic's own entry; 409 when the code is the shipped list's or already the clinic's. */
  async createDiagnosis(ctx: RequestContext, input: DiagnosisCreate): Promise<DiagnosisRow> {
    const code = input.code.trim().toUpperCase();
    if (isShippedCode(code)) throw codeTaken(code);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(organizationDiagnoses)
          .values({
            orgId: ctx.orgId,
            code,
            titleEn: input.titleEn,
            titleAr: input.titleAr,
            isCustom: true,
            createdBy: ctx.userId,
          })
          .returning();
        await recordAudit(tx, ctx, {
          action: 'diagnosis.created',
          entity: 'diagnosis',
          details: { code, titleEn: input.titleEn, titleAr: input.titleAr },
        });
        return customView(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken(code);
      throw error;
    }
  }

  /** Removes a clinic's own entry (records that carry its code keep their text). */
  async removeDiagnosis(ctx: RequestContext, rawCode: string): Promise<void> {
    const code = rawCode.trim().toUpperCase();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(organizationDiagnoses)
        .where(
          inOrg(
            organizationDiagnoses,
            ctx.orgId,
            eq(organizationDiagnoses.code, code),
            eq(organizationDiagnoses.isCustom, true),
          ),
        )
        .returning();
      if (!row) {
        if (isShippedCode(code))
          throw new AppError(
            'conflict',
            'Codes of the shipped list cannot be deleted; only the clinic’s own.',
          );
        throw notFound('Diagnosis');
      }
      await recordAudit(tx, ctx, {
        action: 'diagnosis.deleted',
        entity: 'diagnosis',
        details: { code, titleEn: row.titleEn, titleAr: row.titleAr },
      });
    });
  }

  /** Marks or unmarks a code (shipped or the clinic's own) as one of the clinic's favourites. */
  async setFavourite(ctx: RequestContext, rawCode: string, favourite: boolean): Promise<DiagnosisRow> {
    const code = rawCode.trim().toUpperCase();
    const shipped = SHIPPED_BY_CODE.get(code);
    return this.db.transaction(async (tx) => {
      let view: DiagnosisRow;
      if (shipped) {
        if (favourite)
          await tx
            .insert(organizationDiagnoses)
            .values({ orgId: ctx.orgId, code, isFavourite: true, createdBy: ctx.userId })
            .onConflictDoUpdate({
              target: [organizationDiagnoses.orgId, organizationDiagnoses.code],
              set: { isFavourite: true, updatedAt: new Date() },
            });
        else
          await tx
            .delete(organizationDiagnoses)
            .where(
              inOrg(
                organizationDiagnoses,
                ctx.orgId,
                eq(organizationDiagnoses.code, code),
                eq(organizationDiagnoses.isCustom, false),
              ),
            );
        view = {
          code: shipped.code,
          titleEn: shipped.titleEn,
          titleAr: shipped.titleAr,
          custom: false,
          favourite,
        };
      } else {
        const [row] = await tx
          .update(organizationDiagnoses)
          .set({ isFavourite: favourite, updatedAt: new Date() })
          .where(
            inOrg(
              organizationDiagnoses,
              ctx.orgId,
              eq(organizationDiagnoses.code, code),
              eq(organizationDiagnoses.isCustom, true),
            ),
          )
          .returning();
        if (!row) throw notFound('Diagnosis');
        view = customView(row);
      }
      await recordAudit(tx, ctx, {
        action: favourite ? 'diagnosis.favourited' : 'diagnosis.unfavourited',
        entity: 'diagnosis',
        details: { code },
      });
      return view;
    });
  }

  // Drugs -----------------------------------------------------------------------------------------------------

  /**
   * The clinic's active drugs whose generic name, Arabic name, a brand or a lay name holds every searched word (a
   * name starting with the search first, then by name); at most DRUGS_LIMIT. Without a search: the whole list by
   * name (about 130 rows), as the options screen shows it. A formulary is that small, so it is filtered in memory.
   */
  async searchDrugs(orgId: number, search: string | undefined, limit = DRUGS_LIMIT): Promise<Drug[]> {
    // Prepared: the formulary is searched as the doctor types.
    const rows = await runPrepared(this.db, statementName('drugs_active'), (bind) => {
      const org = bind('orgId', orgId);
      return () =>
        this.db
          .select(drugSearchColumns)
          .from(drugs)
          .where(inOrg(drugs, org, eq(drugs.isActive, true)))
          .orderBy(asc(drugs.name), asc(drugs.id));
    });
    const words = searchWords(search ?? '');
    const view = (row: (typeof rows)[number]) => drugView(withJson(row));
    if (words.length === 0) return rows.map(view);
    const query = words.join(' ');
    const ranked: { rank: number; row: (typeof rows)[number] }[] = [];
    for (const row of rows) {
      const names = [row.name, row.nameAr, ...row.brands, ...row.layNames].map(drugNameText);
      const text = ` ${names.join(' ')} `;
      if (!words.every((word) => text.includes(word))) continue;
      const rank = names.some((name) => name.startsWith(query))
        ? 0
        : words.every((word) => text.includes(` ${word}`))
          ? 1
          : 2;
      ranked.push({ rank, row });
    }
    ranked.sort((a, b) => a.rank - b.rank);
    return ranked.slice(0, limit).map(({ row }) => view(row));
  }

  /**
   * What an allergy or an ingredient may be recorded against: ingredients, classes and excipients whose
   * names match the search in either language, and the ingredients of the clinic's drugs whose name, Arabic name
   * or brand matches it ("Diamox" offers acetazolamide); a name starting with the search first; at most
   * SUBSTANCES_LIMIT.
   */
  async searchSubstances(orgId: number, search: string | undefined): Promise<SubstanceRow[]> {
    const products = await formularyProducts(this.db, orgId);
    return rankSubstances(
      search ?? '',
      products.map((row) => ({
        names: [row.name, row.nameAr, ...row.brands],
        ingredients: ingredientsView(row.ingredients).map((i) => i.substance),
      })),
    ).slice(0, SUBSTANCES_LIMIT);
  }

  async createDrug(ctx: RequestContext, input: DrugInput): Promise<Drug> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(drugs)
        .values({ orgId: ctx.orgId, ...drugColumns(input), createdBy: ctx.userId, updatedBy: ctx.userId })
        .returning();
      await recordAudit(tx, ctx, { action: 'drug.created', entity: 'drug', entityId: row!.id });
      return drugView(row!);
    });
  }

  /** Replaces a drug's fields (the last save wins: the contract carries no version). Hidden drugs are 404. */
  async updateDrug(ctx: RequestContext, id: number, input: DrugInput): Promise<Drug> {
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(
        tx,
        drugs,
        { orgId: ctx.orgId, id, expected: undefined, where: eq(drugs.isActive, true) },
        { ...drugColumns(input), updatedBy: ctx.userId },
        async () => notFound('Drug'),
      );
      await recordAudit(tx, ctx, { action: 'drug.updated', entity: 'drug', entityId: id, details: input });
      return drugView(row);
    });
  }

  /** Hides a drug: consultations that prescribed it keep its id and name, so the row stays. */
  async removeDrug(ctx: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await updateVersioned(
        tx,
        drugs,
        { orgId: ctx.orgId, id, expected: undefined, where: eq(drugs.isActive, true) },
        { isActive: false, updatedBy: ctx.userId },
        async () => notFound('Drug'),
      );
      await recordAudit(tx, ctx, {
        action: 'drug.deleted',
        entity: 'drug',
        entityId: id,
        details: { name: row.name },
      });
    });
  }
}

const codeTaken = (code: string) =>
  new AppError('conflict', `The code ${code} is already in the list.`, { code: ['code.taken'] });

function drugColumns(input: DrugInput) {
  return {
    name: input.name,
    nameAr: input.nameAr,
    brands: input.brands,
    layNames: input.layNames,
    form: input.form,
    drugClass: input.class,
    ingredients: input.ingredients,
    preservative: input.preservative,
    defaultDose: input.defaultDose,
    defaultDoseUnit: input.defaultDose === null ? null : input.defaultDoseUnit,
    defaultFrequency: input.defaultFrequency,
  };
}
