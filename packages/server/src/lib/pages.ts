import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { LIST_COUNT_CAP, type PageMeta } from '@basira/shared/common/api.schemas';
import type { Db } from '../db/client.ts';
import { merged } from '@basira/shared/common/objects';
import { literal, type Bind } from './prepared.ts';

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

/** The meta of a page whose total was counted up to `cap + 1`: past the cap, the cap, marked a lower bound. */
export function cappedPageMeta(page: number, perPage: number, total: number, cap = LIST_COUNT_CAP) {
  return merged(pageMeta(page, perPage, Math.min(total, cap)), { totalIsLowerBound: total > cap });
}

/**
 * A page's total as a column of its rows: the count query runs as an uncorrelated subquery, which PostgreSQL
 * evaluates once (an InitPlan) whatever the number of rows, so a page costs one statement and one round trip
 * instead of two (bench/list-pages: each statement is a socket write and a read on both sides).
 */
export const totalColumn = (count: SQLWrapper) => sql<number>`(${count})`.mapWith(Number);

/**
 * `matches` counted up to `cap + 1`, as a column of the page's rows (`totalColumn`). Written as SQL around the
 * query, not as drizzle's `.as()` subquery, which builds the inner query's SQL as soon as it is called: while
 * `runPrepared` built each page's query on every request, that was a measurable part of a request on the audit
 * list (bench/list-pages). `matches` selects a constant, not the rows' columns. The cap is a `literal`, so
 * that a prepared page can be planned once.
 */
export const totalUpToCap = (matches: PgSelect, cap = LIST_COUNT_CAP) =>
  totalColumn(sql`select count(*)::int from ${matches.limit(literal(cap + 1))} as matches`);

/**
 * How many rows `matches` has, counting no further than `LIST_COUNT_CAP + 1`: a bounded scan however many match
 * (`pageWithTotal` then answers "more than LIST_COUNT_CAP"). `matches` selects a constant, not the rows' columns.
 */
export function countUpToCap(db: Db, matches: PgSelect) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(matches.limit(literal(LIST_COUNT_CAP + 1)).as('matches'));
}

/**
 * The page's answer from rows that carry their total (`totalColumn`). A page past the last has no row to carry
 * it, and only then is `count` made and run on its own; an empty first page has none.
 * `capped`: the count is `countUpToCap`'s, and a total past the cap is answered as the cap, marked a lower bound.
 */
export async function pageWithTotal<Row extends { total: number }, Item>(
  rows: Row[],
  page: number,
  perPage: number,
  count: () => PromiseLike<{ n: number }[]>,
  view: (row: Row) => Item,
  capped = false,
): Promise<{ data: Item[]; meta: PageMeta }> {
  const total = rows[0]?.total ?? (page > 1 ? ((await count())[0]?.n ?? 0) : 0);
  return pageAnswer(rows, page, perPage, total, view, capped);
}

/**
 * The page's answer from rows that do not carry their total, for a list that is mostly short (a search): a page
 * with fewer rows than `perPage` (and a row, or the first) ends the list, so its total is known; only a full page,
 * or one past the last, runs `count`. A search for one patient's visits paid its trigram search twice, once for its
 * rows and once for their count (bench/list-pages). `capped` as `pageWithTotal`'s.
 */
export async function pageCountedWhenFull<Row, Item>(
  rows: Row[],
  page: number,
  perPage: number,
  count: () => PromiseLike<{ n: number }[]>,
  view: (row: Row) => Item,
  capped = false,
): Promise<{ data: Item[]; meta: PageMeta }> {
  const ends = rows.length < perPage && (rows.length > 0 || page === 1);
  const total = ends ? (page - 1) * perPage + rows.length : ((await count())[0]?.n ?? 0);
  return pageAnswer(rows, page, perPage, total, view, capped);
}

/** Below the cap the meta has no `totalIsLowerBound`, so those answers stay what they were before the cap. */
function pageAnswer<Row, Item>(
  rows: Row[],
  page: number,
  perPage: number,
  total: number,
  view: (row: Row) => Item,
  capped: boolean,
): { data: Item[]; meta: PageMeta } {
  const meta =
    capped && total > LIST_COUNT_CAP ? cappedPageMeta(page, perPage, total) : pageMeta(page, perPage, total);
  return { data: rows.map(view), meta };
}

/**
 * A prepared page's offset: none for the first page (nearly every request), written into its text, and bound for
 * the others. A bound offset is planned as a tenth of the rows, so the first page could not keep one plan
 * (`literal`). The two are two statements: `pageShape` is the part of the statement's name that tells them apart.
 */
export const pageOffset = (bind: Bind, page: number, perPage: number) =>
  page === 1 ? 0 : bind('offset', (page - 1) * perPage);
export const pageShape = (page: number) => ({ deep: page !== 1 });

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
