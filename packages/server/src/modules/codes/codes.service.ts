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
import { normalizeName } from '@basira/shared/search/arabic-normalize';
import { SUBSTANCE_LEXICON, type LexiconEntry } from '@basira/shared/prescribing/substances';
import type { Db } from '../../db/client.ts';
import { organizationsWithout } from '../../lib/organizations.ts';
import { drugs, organizationDiagnoses } from '../../db/schema.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/pages.ts';
import { runPrepared } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DIAGNOSIS_CODES } from './diagnosis-codes.ts';
import { DRUG_SEEDS } from './drug-seeds.ts';

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
 * normalising its names on each was a tenth of the server's busy time (bench/list-pages, issue 17). A drug's
 * names are few and seldom change; past `NAMES_KEPT` (a few hundred clinics' formularies) the kept ones are let go.
 */
const drugNames = new Map<string, string>();
const NAMES_KEPT = 50_000;
function drugNameText(name: string): string {
  let text = drugNames.get(name);
  if (text === undefined) {
    if (drugNames.size >= NAMES_KEPT) drugNames.clear();
    drugNames.set(name, (text = searchText(name)));
  }
  return text;
}

/** A code as compared: upper case, dots and spaces dropped (`h40.1`, `H401` and `H40.1` are one). */
const codeKey = (code: string) => code.toUpperCase().replace(/[.\s]/g, '');

interface Searchable {
  code: string;
  titleEn: string;
  titleAr: string;
  codeKey: string;
  /** Every word of the titles and search words, normalised, with and without the Arabic article. */
  words: string[];
  /** The same words joined, for matches inside a word. */
  text: string;
}

function searchable(code: string, titleEn: string, titleAr: string, keywords = ''): Searchable {
  const words = searchText(`${titleEn} ${titleAr} ${keywords}`).split(' ').filter(Boolean);
  const all = [...new Set([...words, ...words.map((word) => word.replace(ARTICLE, ''))])];
  return { code, titleEn, titleAr, codeKey: codeKey(code), words: all, text: ` ${all.join(' ')} ` };
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

/**
 * How well an entry answers a query: 0 its code starts with the query, 1 every word starts a word of its
 * titles, 2 every word is inside its titles; null no match.
 */
function rankOf(entry: Searchable, query: { codeKey: string; words: string[] }): number | null {
  if (query.codeKey !== '' && entry.codeKey.startsWith(query.codeKey)) return 0;
  if (query.words.length === 0) return null;
  let rank = 1;
  for (const word of query.words) {
    if (entry.words.some((w) => w.startsWith(word))) continue;
    if (!entry.text.includes(word)) return null;
    rank = 2;
  }
  return rank;
}

function parseQuery(search: string) {
  const words = [
    ...new Set(
      searchText(search)
        .split(' ')
        .filter(Boolean)
        .map((word) => word.replace(ARTICLE, '')),
    ),
  ];
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

/** The columns a drug's view reads (`drugView`); the search reads no others. */
const drugViewColumns = {
  id: drugs.id,
  name: drugs.name,
  brands: drugs.brands,
  form: drugs.form,
  drugClass: drugs.drugClass,
  defaultDose: drugs.defaultDose,
  defaultFrequency: drugs.defaultFrequency,
};

/**
 * The search's columns: the view's, with the default frequency as its JSON text, parsed for the drugs shown
 * alone (`drugView` of `withFrequency`): the whole formulary is read on every keystroke, and parsing each drug's
 * frequency was a tenth of the server's busy time (bench/list-pages, issue 17).
 */
const drugSearchColumns = {
  ...drugViewColumns,
  defaultFrequency: sql<string | null>`${drugs.defaultFrequency}::text`,
};
const withFrequency = <Row extends { defaultFrequency: string | null }>(row: Row) => ({
  ...row,
  defaultFrequency: row.defaultFrequency === null ? null : (JSON.parse(row.defaultFrequency) as unknown),
});

export const drugView = (row: Pick<DrugRow, keyof typeof drugViewColumns>): Drug => {
  const frequency = frequencySchema.safeParse(row.defaultFrequency);
  return {
    id: row.id,
    name: row.name,
    brands: row.brands,
    form: asForm(row.form),
    class: asClass(row.drugClass),
    // Provisional until the formulary stores them (issue 49, h/formulary).
    nameAr: '',
    layNames: [],
    ingredients: [],
    preservative: null,
    defaultDose: null,
    defaultDoseUnit: null,
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
    .select()
    .from(drugs)
    .where(inOrg(drugs, orgId, inArray(drugs.id, wanted)));
  return new Map(rows.map((row) => [row.id, drugView(row)]));
}

/** A new organization's formulary: shared copy of DRUG_SEEDS, in order. */
export async function seedDrugs(db: Db, orgId: number): Promise<void> {
  await db.insert(drugs).values(
    DRUG_SEEDS.map((seed) => ({
      orgId,
      name: seed.name,
      brands: [...seed.brands],
      form: seed.form,
      drugClass: seed.class,
      defaultDose: seed.dose,
      defaultFrequency: seed.frequency,
    })),
  );
}

/** At start: organizations made before the formulary existed get it once (a clinic's hidden drugs stay rows). */
export async function seedMissingDrugs(db: Db): Promise<void> {
  for (const orgId of await organizationsWithout(db, drugs)) await seedDrugs(db, orgId);
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

/** The two code lists (issue 16): ICD-10 diagnoses with the clinic's entries and favourites, and the formulary. */
export class CodesService {
  constructor(private readonly db: Db) {}

  // Diagnoses -------------------------------------------------------------------------------------------------

  /**
   * One page of the list: with a search, the entries whose code starts with it, then those whose titles hold
   * every word (at a word's start first), each group favourites first, then by code; without one, favourites
   * first, then everything by code. Searched in memory: the shipped list is a few hundred rows, the clinic's own
   * a handful, so one small query and a scan beat any index.
   */
  async searchDiagnoses(
    orgId: number,
    query: { page: number; search?: string | undefined },
  ): Promise<{ data: DiagnosisRow[]; meta: PageMeta }> {
    // Prepared: the list is searched as the doctor types.
    const own = await runPrepared(this.db, 'diagnoses_own', (bind) => {
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
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.favourite) - Number(a.favourite) ||
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
   * The clinic's active drugs whose generic name or a brand holds every searched word (a name or brand starting
   * with the search first, then by name); at most DRUGS_LIMIT. Without a search: the whole list by name (about a
   * hundred rows), as the options screen shows it. A formulary is about a hundred rows, so it is filtered in memory.
   */
  async searchDrugs(orgId: number, search: string | undefined, limit = DRUGS_LIMIT): Promise<Drug[]> {
    // Prepared: the formulary is searched as the doctor types.
    const rows = await runPrepared(this.db, 'drugs_active', (bind) => {
      const org = bind('orgId', orgId);
      return () =>
        this.db
          .select(drugSearchColumns)
          .from(drugs)
          .where(inOrg(drugs, org, eq(drugs.isActive, true)))
          .orderBy(asc(drugs.name), asc(drugs.id));
    });
    const words = searchText(search ?? '')
      .split(' ')
      .filter(Boolean);
    const view = (row: (typeof rows)[number]) => drugView(withFrequency(row));
    if (words.length === 0) return rows.map(view);
    const query = words.join(' ');
    const ranked: { rank: number; row: (typeof rows)[number] }[] = [];
    for (const row of rows) {
      const names = [row.name, ...row.brands].map(drugNameText);
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
    brands: input.brands,
    form: input.form,
    drugClass: input.class,
    defaultDose: input.defaultDose,
    defaultFrequency: input.defaultFrequency,
  };
}

/**
 * The words an allergy of this organization is read with: the shipped substance names and the clinic's drugs'
 * names and brands (an allergy to "Cosopt" is dorzolamide and timolol).
 */
export async function organizationLexicon(_db: Db, _orgId: number): Promise<readonly LexiconEntry[]> {
  // Provisional until the formulary stores its ingredients (issue 49): the shipped names alone.
  return SUBSTANCE_LEXICON;
}
