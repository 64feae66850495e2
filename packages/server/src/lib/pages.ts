import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PageMeta } from '@basira/shared/common/api.schemas';

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * A page's total as a column of its rows: the count query runs as an uncorrelated subquery, which PostgreSQL
 * evaluates once (an InitPlan) whatever the number of rows, so a page costs one statement and one round trip
 * instead of two (bench/list-pages: each statement is a socket write and a read on both sides).
 */
export const totalColumn = (count: SQLWrapper) => sql<number>`(${count})`.mapWith(Number);

/**
 * The page's answer from rows that carry their total (`totalColumn`). A page past the last has no row to carry
 * it, and only then is `count` run on its own (drizzle's queries run when awaited); an empty first page has none.
 */
export async function pageWithTotal<Row extends { total: number }, Item>(
  rows: Row[],
  page: number,
  perPage: number,
  count: PromiseLike<{ n: number }[]>,
  view: (row: Row) => Item,
): Promise<{ data: Item[]; meta: PageMeta }> {
  const total = rows[0]?.total ?? (page > 1 ? ((await count)[0]?.n ?? 0) : 0);
  return { data: rows.map(view), meta: pageMeta(page, perPage, total) };
}

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
