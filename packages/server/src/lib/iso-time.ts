import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp read as the API writes it (`Date#toISOString`: UTC, milliseconds cut, `Z`), formatted by
 * PostgreSQL. For list pages: read as a timestamp, each cell became a `Date` in drizzle that the view then
 * formatted back to text, a visible share of the server's busy time on the notifications page (bench/list-pages).
 */
export const isoTime = <T extends string | null = string>(timestamp: SQLWrapper) =>
  sql<T>`to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A time read either way (a `Date`, or text from `isoTime`) as the API writes it. */
export const isoOf = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString());

/** A row whose `Key` times may have been read either way: as `Date`s, or as text by `isoTime`. */
export type TimesEitherWay<Row, Key extends keyof Row> = Omit<Row, Key> & { [K in Key]: Row[K] | string };
