import { and, asc, desc, eq, gte, inArray, isNull, like, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  PATIENT_COUNT_CAP,
  PATIENTS_PER_PAGE,
  TYPEAHEAD_LIMIT,
  TYPEAHEAD_MIN_LENGTH,
  type Patient,
  type PatientFilterQuery,
  type PatientSort,
  type PatientSummary,
} from '@basira/shared/patients/patients.schemas';
import { nationalPrefixes, parsePhone } from '@basira/shared/patients/phone';
import { digitsOnly, looksNumeric, normalizeName } from '@basira/shared/search/arabic-normalize';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestContext } from '../../types.ts';
import { addToDay, birthDateForAge, localDay, startOfDay } from '@basira/shared/dates/calendar';
import { cappedPageMeta, pageOffset, pageShape, totalUpToCap } from '../../lib/pages.ts';
import {
  asIs,
  literal,
  runPrepared,
  statementName,
  type Bind,
  type Built,
  type StatementName,
} from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { CountryDirectory } from './country-directory.ts';
import { expandWords, lookUpWords, MIN_LEXICON_WORD } from './name-words.ts';
import {
  patientViewColumns,
  toPatient,
  summaryColumns,
  toSummary,
  type PatientViewRow,
  type SummaryRow,
} from './patient-view.ts';
import { merged } from '@basira/shared/common/objects';
import { auditedList, pageOfRows, recordAudit } from '../audit/audit.service.ts';

/**
 * A rank stage. `ordered`: the first rows that match in that (index) order. Otherwise a bounded set of
 * candidates is read in whatever order the index gives and ranked here — the search text as a word start,
 * then anywhere, then its words in another order; then by similarity — so no stage sorts every match.
 */
interface Stage {
  /** Names the stage's SQL text (see `runPrepared`): what varies in it, such as the number of words. */
  shape: string;
  where: (bind: Bind) => Built<SQL>;
  ordered?: (SQL | PgColumn)[];
  rankFor?: string;
}

/**
 * A stage that needs a lookup first (the "contains" stage, the lexicon's words): resolved when the search reaches
 * it, at most once; undefined when nothing can match it.
 */
type PlannedStage = Stage | (() => Promise<Stage | undefined>);

/** Conditions a search's rows must also meet (the list page's filters), and the name of their SQL's shape. */
interface Extra {
  shape: string;
  where: (bind: Bind) => Built<SQL | undefined>;
}

/**
 * A search: its stages, the condition every match meets (for the total), and `countFirst`, a part of it that an
 * ordered index counts cheaply (see `searchCount`). `fuzzyFrom`: the text whose misspelt words may be corrected.
 */
interface SearchPlan {
  stages: PlannedStage[];
  matches: () => Promise<SQL | undefined>;
  countFirst?: SQL;
  fuzzyFrom?: string;
}

/**
 * Among equal matches (at 1M patients a common full name is shared by 10 to 50 people), the patient seen most
 * recently first, then the newest record: the one at the desk is most likely someone who came lately.
 */
const recentFirst = [sql`${patients.lastQueueAt} DESC NULLS LAST`, desc(patients.id)];

/** The patient list's audit entry: its row names the patients of the page (docs/audit.md). */
const LISTED_ENTRY = { action: 'patient.listed', entity: 'patient' } as const;

/** Trigram indexes need three characters; shorter text is searched by (word) prefix only. */
const TRIGRAM_MIN = 3;
/** A correction must be at least this close (pg_trgm similarity) to replace a misspelt word. */
const CORRECTION_MIN_SIMILARITY = 0.25;
const LARGEST_FILE_NUMBER = 2_147_483_647;
/** Candidates read from an unordered stage per row wanted: enough for the best of them to come first. */
const CANDIDATES_PER_ROW = 4;
/** Relevance ranks this many matches at most (20 filter pages); past it, refine or sort by name. */
export const RELEVANCE_WINDOW = 500;

const searchSummaryColumns = {
  ...summaryColumns,
  // Not shown: the words of the names found are known words (`correct`).
  nameNorm: patients.nameNorm,
};

/** What a search's stages select: the typeahead's summaries, or the filter page's whole records. */
const searchColumns = {
  summary: searchSummaryColumns,
  full: { ...patientViewColumns, nameNorm: patients.nameNorm },
};

/** "Born the same day" for the duplicate check; a year either side when either date stands for an age. */
function sameBirthDate(birthDate: string, approximate: boolean) {
  const from = addToDay(birthDate, -366);
  const to = addToDay(birthDate, 366);
  const near = and(gte(patients.birthDate, from), lte(patients.birthDate, to));
  return {
    where: approximate
      ? near
      : or(eq(patients.birthDate, birthDate), and(eq(patients.birthDateApproximate, true), near)),
    matches: (r: { birthDate: string; birthDateApproximate: boolean }) =>
      r.birthDate === birthDate ||
      ((approximate || r.birthDateApproximate) && r.birthDate >= from && r.birthDate <= to),
  };
}

/**
 * Patient search, answered in stages so that the first page never sorts every match (a common name matches
 * hundreds of thousands of rows at 1M patients):
 *   numbers: file number (exact), then phone and second phone (national-number prefix, ordered btree ranges);
 *   names:   prefix, the exact normalised name first (btree, in index order), then "contains" (GIN trigram,
 *            each word separately, a bounded candidate set ranked here), then the guardian's name (children
 *            are found by it; GIN trigram), then — only when those find too little — the same with misspelt
 *            words replaced by their closest lexicon words.
 * Each stage is one indexed query with a LIMIT; later stages run only while the page is not full.
 */
export class PatientSearchService {
  constructor(
    private readonly db: Db,
    private readonly countries: CountryDirectory,
    private readonly clock: Clock,
  ) {}

  private today(scope: { timeZone: string }) {
    return localDay(this.clock.now(), scope.timeZone);
  }

  /** `GET /api/mo/patient?search=`: 10 summaries, `[]` below 2 characters. */
  async typeahead(scope: RequestContext, text: string | undefined): Promise<PatientSummary[]> {
    const search = text?.trim() ?? '';
    if ([...search].length < TYPEAHEAD_MIN_LENGTH) return [];
    const plan = this.plan(this.db, scope.orgId, search);
    if (!plan) return [];
    const { rows } = await this.collect<SummaryRow & { id: number; nameNorm: string }>(
      this.db,
      scope.orgId,
      plan,
      undefined,
      TYPEAHEAD_LIMIT,
      'summary',
    );
    const today = this.today(scope);
    return rows.map((r) => toSummary(r, today));
  }

  /** `GET /api/mo/patient/filter?page=`: 25 full records a page, with a total counted up to a cap. */
  async filter(scope: RequestContext, query: PatientFilterQuery) {
    const today = this.today(scope);
    const perPage = PATIENTS_PER_PAGE;
    const offset = (query.page - 1) * perPage;
    const filters: Extra = {
      shape: filterShape(query),
      where: (bind) => this.filterConditions(scope, query, today, bind),
    };
    const extra = filters.where(asIs)();
    const db = this.db;
    const search = query.search?.trim() ?? '';
    const plan = search ? this.plan(db, scope.orgId, search) : undefined;
    const sort: PatientSort = query.sort ?? (plan ? 'relevance' : 'newest');

    // The stages of a search and the count run one after the other, not in a transaction: each is bounded, and
    // a row written between two of them is at worst found by the later one. Scans without ORDER BY read rows in
    // table order, stable because the pool runs with synchronized sequential scans off (db/client.ts).
    let rows: PatientViewRow[];
    let total: number;
    let cap = PATIENT_COUNT_CAP;
    let nearMatchesOf: string | undefined;
    // Whether the page's statement recorded its reading; else it is recorded below, once the page is known.
    let audited = false;
    if (search && !plan) {
      rows = [];
      total = 0;
    } else if (plan && sort === 'relevance') {
      cap = RELEVANCE_WINDOW;
      const window = Math.min(offset + perPage, RELEVANCE_WINDOW);
      // The count and the stages on two connections at once: the page waits for the slower, not for both.
      const [counted, ranked] = await Promise.all([
        this.searchCount(db, scope.orgId, plan, extra, cap),
        offset < window
          ? this.collect<PatientViewRow & { nameNorm: string }>(
              db,
              scope.orgId,
              plan,
              filters,
              window,
              'full',
            )
          : { rows: [], nearFrom: undefined },
      ]);
      total = counted;
      rows = ranked.rows.slice(offset, offset + perPage);
      if (ranked.nearFrom !== undefined && ranked.nearFrom < offset + perPage) nearMatchesOf = ranked.nearOf;
      // Corrected misspellings count too when they are all there is.
      if (total < window) total = Math.max(total, ranked.rows.length);
    } else if (!plan) {
      // Filters only: the rows carry their capped total (one statement), prepared per shape of filters, planned once
      // unless an age or a last visit's days are asked for: how many patients a range holds decides its plan, as
      // the queue's days do (queue-lists.service.ts).
      const ranged = [query.ageFrom, query.ageTo, query.lastVisitFrom, query.lastVisitTo].some(
        (value) => value !== undefined,
      );
      // Its audit row names the page's patients, in the same statement.
      const page = (bind: Bind) => {
        const [orgId, where] = [bind('orgId', scope.orgId), filters.where(bind)];
        const skipped = pageOffset(bind, query.page, perPage);
        const audit = auditedList(db, bind, scope, LISTED_ENTRY);
        return () => {
          const order = sortOrder(sort, false);
          const listed = pageOfRows(
            db,
            patients,
            patients.id,
            this.liveInOrg(orgId, where()),
            order,
            literal(perPage),
            skipped,
          );
          return db
            .with(listed, audit())
            .select({
              ...patientViewColumns,
              total: totalUpToCap(this.liveMatching(db, orgId, where()), PATIENT_COUNT_CAP),
            })
            .from(patients)
            .where(this.liveInOrg(orgId, inArray(patients.id, db.select({ id: listed.id }).from(listed))))
            .orderBy(...order);
        };
      };
      const found = await runPrepared(
        db,
        statementName('patients_filter', { sort, filters: filterShape(query), ...pageShape(query.page) }),
        page,
        { plan: ranged ? 'per-call' : 'once' },
      );
      rows = found;
      total = found[0]?.total ?? (offset > 0 ? await this.cappedCount(db, scope.orgId, extra) : 0);
      audited = true;
    } else {
      const where = and(await plan.matches(), extra);
      total = await this.searchCount(db, scope.orgId, plan, extra);
      // A search with few matches: sort those (bounded by the cap). Reading an index in order and filtering
      // would walk every non-matching name first (e.g. all Latin names before the Arabic ones).
      const sortMatches = total <= PATIENT_COUNT_CAP;
      rows = await db
        .select(patientViewColumns)
        .from(patients)
        .where(this.liveInOrg(scope.orgId, where))
        .orderBy(...sortOrder(sort, sortMatches))
        .limit(perPage)
        .offset(offset);
    }
    // A search's page is gathered by several statements: its reading is one more, naming the patients it shows.
    if (!audited)
      await recordAudit(db, scope, {
        ...LISTED_ENTRY,
        ...(rows.length ? { patientIds: rows.map((r) => r.id) } : {}),
      });
    const meta = cappedPageMeta(query.page, perPage, total, cap);
    return {
      data: rows.map((r): Patient => toPatient(r, this.countries, today)),
      meta: nearMatchesOf === undefined ? meta : merged(meta, { nearMatchesOf }),
    };
  }

  /**
   * Candidates for "is this person already registered?": same normalised name and birth date, or phone.
   * When either birth date stands for an age (approximate), a year either side counts as the same: an age
   * typed at one visit and a birth date at another rarely agree to the day.
   */
  async duplicates(
    scope: RequestContext,
    q: {
      name?: string | undefined;
      phone?: string | undefined;
      countryId: number;
      birthDate?: string | undefined;
      birthDateApproximate?: 0 | 1 | undefined;
      excludeId?: number | undefined;
    },
  ) {
    const nameNorm = q.name ? normalizeName(q.name) : '';
    const sameBirth = q.birthDate ? sameBirthDate(q.birthDate, q.birthDateApproximate === 1) : undefined;
    const byName = nameNorm && sameBirth ? and(eq(patients.nameNorm, nameNorm), sameBirth.where) : undefined;
    const phone = q.phone ? parsePhone(q.phone, this.countries.isoOf(q.countryId)) : undefined;
    const byPhone = phone
      ? or(
          and(eq(patients.phoneNational, phone.national), eq(patients.phone, phone.e164)),
          and(eq(patients.phone2National, phone.national), eq(patients.phone2, phone.e164)),
        )
      : undefined;
    if (!byName && !byPhone) return [];
    const rows = await this.db
      .select({
        ...searchSummaryColumns,
        phone2: patients.phone2,
        birthDateApproximate: patients.birthDateApproximate,
      })
      .from(patients)
      .where(
        this.liveInOrg(
          scope.orgId,
          or(byName, byPhone),
          q.excludeId ? ne(patients.id, q.excludeId) : undefined,
        ),
      )
      .orderBy(asc(patients.fileNumber))
      .limit(TYPEAHEAD_LIMIT);
    const today = this.today(scope);
    return rows.map((r) => {
      const reasons: ('name_birth_date' | 'phone')[] = [];
      if (sameBirth && r.nameNorm === nameNorm && sameBirth.matches(r)) reasons.push('name_birth_date');
      if (phone && (r.phone === phone.e164 || r.phone2 === phone.e164)) reasons.push('phone');
      return merged(toSummary(r, today), { reasons });
    });
  }

  // ---- stages ------------------------------------------------------------------------------------------

  private liveInOrg(orgId: number, ...conditions: (SQL | undefined)[]): SQL {
    return inOrg(patients, orgId, isNull(patients.deletedAt), ...conditions);
  }

  /** The stages for a search text and the condition any match meets (for the total). */
  private plan(db: Db, orgId: number, search: string): SearchPlan | undefined {
    if (looksNumeric(search)) return this.numberPlan(search);
    const q = normalizeName(search);
    if (!q) return undefined;
    return { ...namePlan(db, orgId, q), fuzzyFrom: q };
  }

  private numberPlan(search: string): SearchPlan | undefined {
    const digits = digitsOnly(search);
    const stages: Stage[] = [];
    const asFileNumber = Number(digits);
    const fileNumber =
      !search.trim().startsWith('+') && digits.length <= 10 && asFileNumber <= LARGEST_FILE_NUMBER
        ? asFileNumber
        : undefined;
    if (fileNumber !== undefined)
      stages.push({
        shape: 'file_number',
        where: (bind) => {
          const bound = bind('fileNumber', fileNumber);
          return () => eq(patients.fileNumber, bound);
        },
        ordered: [patients.id],
      });
    const prefixes = nationalPrefixes(search, this.countries.defaultCallingCode()).filter(
      (p) => p.length >= 2,
    );
    // One ordered index range per prefix and column: an OR of ranges would have to sort every match.
    for (const column of [patients.phoneNational, patients.phone2National])
      for (const prefix of prefixes)
        stages.push({
          shape: `phone_${column.name}`,
          where: (bind) => {
            const pattern = bind('prefix', `${prefix}%`);
            return () => like(column, pattern);
          },
          ordered: [column, ...recentFirst],
        });
    if (stages.length === 0) return undefined;
    const matches = or(...stages.map((s) => s.where(asIs)()));
    return { stages, matches: () => Promise.resolve(matches) };
  }

  /**
   * The first `limit` rows of the stages in order, each stage leaving out what earlier ones found; then, when
   * that is not enough, the stages again with misspelt words corrected. `nearFrom` is the index of the first
   * row found only through the correction, and `nearOf` the corrected text, so the screen can say so.
   */
  private async collect<T extends { id: number; nameNorm: string }>(
    db: Db,
    orgId: number,
    plan: { stages: PlannedStage[]; fuzzyFrom?: string },
    extra: Extra | undefined,
    limit: number,
    columns: keyof typeof searchColumns,
  ): Promise<{ rows: T[]; nearFrom?: number | undefined; nearOf?: string }> {
    const rows: T[] = [];
    const selected = searchColumns[columns];
    const statementOf = (stage: Stage, found: number[]) => ({
      shape: statementName('patient_search', {
        stage: stage.shape,
        columns,
        filters: extra?.shape ?? 'none',
        after: found.length > 0,
      }),
      where: (bind: Bind) => {
        const [matching, filtered] = [stage.where(bind), extra?.where(bind)];
        const before = found.length ? bind('found', found) : undefined;
        return () =>
          and(
            matching(),
            filtered?.(),
            before === undefined ? undefined : sql`${patients.id} <> ALL(${before}::int[])`,
          );
      },
    });
    const runStages = async (stages: PlannedStage[]) => {
      for (let i = 0; i < stages.length; i++) {
        if (rows.length >= limit) return;
        const planned = stages[i]!;
        const stage = typeof planned === 'function' ? await planned() : planned;
        if (!stage) continue;
        const need = limit - rows.length;
        const found = rows.map((r) => r.id);
        if (stage.ordered) {
          const { shape, where } = statementOf(stage, found);
          rows.push(
            ...(await this.select<T>(db, shape, orgId, () => () => selected, where, stage.ordered, need)),
          );
          continue;
        }
        // Unordered stages in a row ("contains", then the guardian's name) are one statement, a UNION ALL of their
        // reads. A later one cannot leave out what the earlier ones add, so it reads `need` candidates more (all they
        // can add); those are dropped here, which leaves the same candidates as one statement after the other.
        const group = [stage];
        for (let after = stages[i + 1]; after && typeof after !== 'function' && !after.ordered;) {
          group.push(after);
          after = stages[++i + 1];
        }
        const read = await this.selectCandidates<T & Ranked>(
          db,
          statementName('patient_search', {
            stage: group.map((s) => s.shape).join('_'),
            columns,
            filters: extra?.shape ?? 'none',
            after: found.length > 0,
          }),
          orgId,
          group.map((s, k) => ({
            columns: (bind: Bind) => {
              const ranked = rankColumns(s.rankFor ?? '', bind);
              return () => ({ ...selected, ...ranked() });
            },
            where: statementOf(s, found).where,
            most: need * CANDIDATES_PER_ROW + (k > 0 ? need : 0),
          })),
        );
        for (const [k] of group.entries()) {
          const wanted = limit - rows.length;
          if (wanted <= 0) break;
          const have = new Set(rows.map((r) => r.id));
          const fresh = read
            .filter((c) => c.arm === k && !have.has(c.id))
            .slice(0, wanted * CANDIDATES_PER_ROW);
          fresh.sort(byRank);
          for (const { tier: _tier, similarity: _similarity, arm: _arm, ...row } of fresh.slice(0, wanted))
            rows.push(row as unknown as T);
        }
      }
    };
    await runStages(plan.stages);
    if (rows.length < limit && plan.fuzzyFrom) {
      const corrected = await this.correct(db, orgId, plan.fuzzyFrom, rows);
      const exact = rows.length;
      if (corrected) await runStages(namePlan(db, orgId, corrected).stages);
      if (corrected && rows.length > exact) return { rows, nearFrom: exact, nearOf: corrected };
    }
    return { rows };
  }

  /**
   * Live rows of the organization that meet `where`: built once per `shape`, planned by PostgreSQL with each
   * call's values (`plan: 'per-call'`): a LIKE uses the name index's range only when its text is known.
   */
  private select<T>(
    db: Db,
    shape: StatementName,
    orgId: number,
    columns: (bind: Bind) => Built<Record<string, PgColumn | SQL.Aliased | SQL>>,
    where: (bind: Bind) => Built<SQL | undefined>,
    order: (SQL | PgColumn)[],
    limit: number,
  ): Promise<T[]> {
    return runPrepared(
      db,
      shape,
      (bind) => {
        const [selected, matching] = [columns(bind), where(bind)];
        const [org, most] = [bind('orgId', orgId), bind('limit', limit)];
        return () => {
          // Typed as any one selection: the caller says what its rows are (T).
          const query = db
            .select(selected() as typeof searchSummaryColumns)
            .from(patients)
            .where(this.liveInOrg(org, matching()));
          return (order.length ? query.orderBy(...order) : query).limit(most);
        };
      },
      { plan: 'per-call' },
    ) as Promise<T[]>;
  }

  /**
   * The candidates of unordered stages in one statement: each stage's first `most` live rows of the organization
   * that meet its `where`, in the order its plan reads them, marked with the stage's index (`arm`), one after the
   * other (UNION ALL). Planned with each call's values, as `select`.
   */
  private selectCandidates<T>(
    db: Db,
    shape: StatementName,
    orgId: number,
    arms: {
      columns: (bind: Bind) => Built<Record<string, PgColumn | SQL.Aliased | SQL>>;
      where: (bind: Bind) => Built<SQL | undefined>;
      most: number;
    }[],
  ): Promise<(T & { arm: number })[]> {
    return runPrepared(
      db,
      shape,
      (bind) => {
        const built = arms.map((arm, k) => {
          // Each arm's values under its own names: two stages bind the same names (`word0`, `rankedText`).
          const own: Bind = (name, value) => bind(`a${k}_${name}`, value);
          return {
            selected: arm.columns(own),
            matching: arm.where(own),
            org: own('orgId', orgId),
            most: own('limit', arm.most),
          };
        });
        return () => {
          const [first, ...rest] = built.map((arm, k) =>
            db
              // Typed as any one selection: the caller says what its rows are (T).
              .select({
                ...(arm.selected() as typeof searchSummaryColumns),
                arm: sql<number>`${literal(k)}`,
              })
              .from(patients)
              .where(this.liveInOrg(arm.org, arm.matching()))
              .limit(arm.most)
              .$dynamic(),
          );
          return rest.reduce((all, next) => all.unionAll(next).$dynamic(), first!);
        };
      },
      { plan: 'per-call' },
    ) as Promise<(T & { arm: number })[]>;
  }

  /**
   * How many live rows match a search, counting no further than `cap + 1`. A common name's prefix alone (a btree
   * range) often passes the cap, and then nothing else is read: the whole condition is read through the name index
   * in its order and filtered, past every Latin name before the first Arabic one, many times slower than the
   * prefix's range.
   */
  private async searchCount(
    db: Db,
    orgId: number,
    plan: SearchPlan,
    extra: SQL | undefined,
    cap = PATIENT_COUNT_CAP,
  ): Promise<number> {
    if (plan.countFirst) {
      const first = await this.cappedCount(db, orgId, and(plan.countFirst, extra), cap);
      if (first > cap) return first;
    }
    const matches = await plan.matches();
    return matches ? this.cappedCount(db, orgId, and(matches, extra), cap) : 0;
  }

  /** How many live rows match, counting no further than `cap + 1` (so a common name costs a bounded scan). */
  private async cappedCount(
    db: Db,
    orgId: number,
    where: SQL | undefined,
    cap = PATIENT_COUNT_CAP,
  ): Promise<number> {
    const [row] = await this.cappedCountQuery(db, orgId, where, cap);
    return Number(row?.n ?? 0);
  }

  private cappedCountQuery(db: Db, orgId: number, where: SQL | undefined, cap = PATIENT_COUNT_CAP) {
    const limited = this.liveMatching(db, orgId, where)
      .limit(cap + 1)
      .as('limited');
    return db.select({ n: sql<number>`count(*)::int` }).from(limited);
  }

  /** The live patients matching `where`, each as a constant: what a count counts. */
  private liveMatching(db: Db, orgId: number, where: SQL | undefined) {
    return db
      .select({ one: sql`1` })
      .from(patients)
      .where(this.liveInOrg(orgId, where))
      .$dynamic();
  }

  /** The search text with each unknown word replaced by the closest known one, or undefined if none changed. */
  private async correct(
    db: Db,
    orgId: number,
    q: string,
    found: { nameNorm: string }[],
  ): Promise<string | undefined> {
    const words = q.split(' ');
    // A word of a name already found is in the lexicon: only the others are looked up (often none are left).
    const inFound = new Set(found.flatMap((r) => r.nameNorm.split(' ')));
    const candidates = words.filter(
      (w) => w.length >= Math.max(TRIGRAM_MIN, MIN_LEXICON_WORD) && !inFound.has(w),
    );
    if (candidates.length === 0) return undefined;
    const lexicon = await lookUpWords(db, orgId, candidates);
    let changed = false;
    const corrected: string[] = [];
    for (const word of words) {
      const match = lexicon.get(word);
      const best = match?.known === false ? match.closest : undefined;
      if (best && best.similarity >= CORRECTION_MIN_SIMILARITY) {
        corrected.push(best.word);
        changed = true;
      } else corrected.push(word);
    }
    return changed ? corrected.join(' ') : undefined;
  }

  /** The list's filters (sex, age, last visit) as conditions; `bind` names the values (see `runPrepared`). */
  private filterConditions(
    scope: RequestContext,
    q: PatientFilterQuery,
    today: string,
    bind: Bind,
  ): Built<SQL | undefined> {
    const isMale = q.isMale === undefined ? undefined : literal(q.isMale === 1);
    const bornBy = q.ageFrom === undefined ? undefined : bind('bornBy', birthDateForAge(q.ageFrom, today)!);
    const bornAfter =
      q.ageTo === undefined ? undefined : bind('bornAfter', birthDateForAge(q.ageTo + 1, today)!);
    const seenFrom =
      q.lastVisitFrom === undefined
        ? undefined
        : bind('seenFrom', startOfDay(q.lastVisitFrom, scope.timeZone).toISOString());
    const seenBefore =
      q.lastVisitTo === undefined
        ? undefined
        : bind('seenBefore', startOfDay(addToDay(q.lastVisitTo, 1), scope.timeZone).toISOString());
    return () =>
      and(
        isMale === undefined ? undefined : eq(patients.isMale, isMale),
        // Age a..b years on the organization's today: born after (today - (b+1) years), on or before (today - a years).
        bornBy === undefined ? undefined : sql`${patients.birthDate} <= ${bornBy}`,
        bornAfter === undefined ? undefined : sql`${patients.birthDate} > ${bornAfter}`,
        seenFrom === undefined ? undefined : sql`${patients.lastQueueAt} >= ${seenFrom}`,
        seenBefore === undefined ? undefined : sql`${patients.lastQueueAt} < ${seenBefore}`,
      );
  }
}

/** Which of the list's filters a query sets, and the sex asked for (a `literal`): the name of its SQL's shape. */
const filterShape = (q: PatientFilterQuery) =>
  (['isMale', 'ageFrom', 'ageTo', 'lastVisitFrom', 'lastVisitTo'] as const)
    .filter((key) => q[key] !== undefined)
    .map((key) => (key === 'isMale' ? `isMale${q.isMale}` : key))
    .join('_') || 'none';

/**
 * The name stages of a normalised search text, and the condition every one of their rows meets. The "contains"
 * stage (`containsStage`) is made when the search reaches it: it needs the lexicon's words first.
 */
function namePlan(db: Db, orgId: number, q: string): SearchPlan {
  const e = escapeLike(q);
  const name = patients.nameNorm;
  const prefix = (bind: Bind) => {
    const pattern = bind('prefix', `${e}%`);
    return () => like(name, pattern);
  };
  // The exact name sorts first among the names it starts (namesakes by their last visit): one ordered range reads
  // both, exact matches first.
  const stages: PlannedStage[] = [{ shape: 'prefix', where: prefix, ordered: [name, ...recentFirst] }];
  if (q.length < TRIGRAM_MIN) {
    const wordStart = (bind: Bind) => {
      const pattern = bind('wordStart', `% ${e}%`);
      return () => like(name, pattern);
    };
    stages.push({ shape: 'word_start', where: wordStart, rankFor: q });
    const matches = or(prefix(asIs)(), wordStart(asIs)());
    return { stages, matches: () => Promise.resolve(matches), countFirst: prefix(asIs)() };
  }
  const words = q.split(' ');
  let resolved: Promise<Stage | undefined> | undefined;
  const contains = () => (resolved ??= containsStage(db, orgId, q, words));
  // Then children by their guardian's name (a parent asks for their child's file by their own name); guardians'
  // words are not in the lexicon, so the trigram index reads them.
  const guardian = (bind: Bind) => {
    const patterns = words.map((w, i) => bind(`word${i}`, `%${escapeLike(w)}%`));
    return () => and(...patterns.map((p) => like(patients.guardianNameNorm, p)))!;
  };
  stages.push(contains, { shape: `guardian_${words.length}`, where: guardian, rankFor: q });
  // A name that starts with the text contains each of its words: the prefix is part of the matches.
  const matches = async () => or((await contains())?.where(asIs)(), guardian(asIs)());
  return { stages, matches, countFirst: prefix(asIs)() };
}

const wordsOfName = sql`string_to_array(${patients.nameNorm}, ' ')`;

/**
 * Names that contain every word of the text. A word of two letters or more is looked up in the lexicon first
 * (`expandWords`) and found as any of the name words that contain it, through the words index; a one-letter word, or one that more than
 * `EXPANSION_LIMIT` lexicon words contain ("ال"), by LIKE on the rows the other words found (the trigram index when
 * it is alone), each word separately (`%word%`: a whole phrase would add word-boundary trigrams, " ال", that nearly
 * every name has). Undefined when a word is in no name.
 */
async function containsStage(db: Db, orgId: number, q: string, words: string[]): Promise<Stage | undefined> {
  const expandable = words.filter((w) => w.length >= MIN_LEXICON_WORD);
  const expanded = await expandWords(db, orgId, expandable);
  const nameWords = words.map((w) => expanded.get(w));
  if (nameWords.some((found) => found?.length === 0)) return undefined;
  return {
    shape: `contains_${nameWords.map((found) => (found ? 'w' : 'l')).join('')}`,
    where: (bind) => {
      const conditions = words.map((w, i) => {
        const found = nameWords[i];
        if (found) {
          const known = bind(`words${i}`, found);
          return () => sql`${wordsOfName} && ${known}::text[]`;
        }
        const pattern = bind(`word${i}`, `%${escapeLike(w)}%`);
        return () => like(patients.nameNorm, pattern);
      });
      return () => and(...conditions.map((condition) => condition()))!;
    },
    rankFor: q,
  };
}

interface Ranked {
  tier: number;
  similarity: number;
  nameNorm: string;
  id: number;
  lastQueueAt: Date | null;
}

/** 0: the text starts a word; 1: it is inside; 2: only its words are there, in another order. */
function rankColumns(q: string, bind: Bind) {
  const [wordStart, text] = [bind('wordStartOf', ` ${q}`), bind('rankedText', q)];
  return () => ({
    nameNorm: patients.nameNorm,
    lastQueueAt: patients.lastQueueAt,
    tier: sql<number>`CASE WHEN strpos(' ' || ${patients.nameNorm}, ${wordStart}) > 0 THEN 0
                           WHEN strpos(${patients.nameNorm}, ${text}) > 0 THEN 1 ELSE 2 END`,
    similarity: sql<number>`similarity(${patients.nameNorm}, ${text})`,
  });
}

function byRank(a: Ranked, b: Ranked): number {
  return (
    a.tier - b.tier ||
    Number(b.similarity) - Number(a.similarity) ||
    (a.nameNorm < b.nameNorm ? -1 : a.nameNorm > b.nameNorm ? 1 : 0) ||
    (b.lastQueueAt?.getTime() ?? 0) - (a.lastQueueAt?.getTime() ?? 0) ||
    b.id - a.id
  );
}

/** ORDER BY of a sort; `unindexed` wraps the key in an expression so the planner filters first, then sorts. */
function sortOrder(sort: PatientSort, unindexed = false): (SQL | PgColumn)[] {
  switch (sort) {
    case 'name':
    case 'relevance':
      return [unindexed ? sql`${patients.nameNorm} || ''` : asc(patients.nameNorm), ...recentFirst];
    case 'fileNumber':
      return [unindexed ? sql`${patients.fileNumber} + 0` : asc(patients.fileNumber)];
    case 'lastVisit':
      return [
        unindexed
          ? sql`${patients.lastQueueAt} + interval '0 s' DESC NULLS LAST`
          : sql`${patients.lastQueueAt} DESC NULLS LAST`,
        desc(patients.id),
      ];
    case 'newest':
      return [unindexed ? sql`${patients.id} + 0 DESC` : desc(patients.id)];
  }
}
