import { z } from 'zod';

/**
 * Ids and versions are PostgreSQL `integer` columns: 1 to 2^31-1. A number past that names no row, and sent to
 * SQL it would fail as out of range (a 500), so it is refused here.
 */
export const MAX_INT = 2_147_483_647;
const positiveInt = z.number().int().min(1).max(MAX_INT);

/** An id in a JSON body: a JSON integer only (`true`, `"3"`, `[3]` and `1.5` are refused, never coerced). */
export const idSchema = positiveInt;

/**
 * A whole number written in a path or query string: decimal digits only (`0x3`, ` 3`, `1e3`, `+3` are refused),
 * then bounded. `key` names the messages (`<key>.min`, `<key>.max`) where a form shows them.
 */
export const queryIntSchema = (min: number, max: number, key?: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, key ? `${key}.invalid` : undefined)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, key ? `${key}.min` : undefined)
        .max(max, key ? `${key}.max` : undefined),
    );

/** An id in a path or query string. In a path, a refused id answers 404 (it names nothing); in a query, 422. */
export const idTextSchema = queryIntSchema(1, MAX_INT);
export const idParamsSchema = z.object({ id: idTextSchema });

/** The `version` an update read: a JSON integer within the column. */
export const versionSchema = z.number({ error: 'version.required' }).int().min(1).max(MAX_INT);

/**
 * The deepest page a list serves. A page is read by skipping every row before it, so its cost grows with its
 * depth: on a large clinic, a far page of the queue (the old bound) ran into the statement timeout and answered
 * 503, holding one of the pool's ten connections until then; ten such calls would stop the clinic.
 * 400 pages are 10,000 rows at 25 a page (20,000 at 50), far past any list's count cap (`LIST_COUNT_CAP`, the
 * pagers' last page); deeper, a filter narrows the list.
 */
export const MAX_PAGE = 400;
/** `?page=`: 1 to `MAX_PAGE`, 1 when absent. */
export const pageNumberSchema = queryIntSchema(1, MAX_PAGE).default(1);

export const pageQuerySchema = z.object({
  page: pageNumberSchema,
  search: z.string().trim().max(200).optional(),
});

/**
 * The queue's lists and the audit trail count their matches up to this many; past it the page's total is this
 * and `meta.totalIsLowerBound` is true ("more than 1,000"). On a large clinic counting every visit or audit row
 * took seconds a page (bench/list-pages, BENCH_CLINIC=large), for pages no one reads.
 */
export const LIST_COUNT_CAP = 1_000;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
  /** Present (true) only when the list's count stopped at its cap: `total` then means "more than". */
  totalIsLowerBound: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export const okSchema = dataOf(z.object({ ok: z.literal(true) }));

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const healthSchema = dataOf(
  z.object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.enum(['pglite', 'postgres']),
    time: z.string(),
  }),
);
export type Health = z.infer<typeof healthSchema>['data'];

/** `GET /api/health` while the database does not answer: a 503 error body that also says what is down. */
export const healthDownSchema = errorBodySchema.extend({
  data: z.object({
    status: z.literal('down'),
    version: z.string(),
    database: z.literal('down'),
    time: z.string(),
  }),
});

/**
 * Dates a clinic can mean: years 1800 to 2999. Outside them a date is a typing error, and turning it into an
 * instant in the organization's time zone would overflow what PostgreSQL and ISO strings carry (a 500).
 */
const EARLIEST_DAY = '1800-01-01';
const LATEST_DAY = '2999-12-31';
const inClinicYears = (value: string) => {
  const day = value.slice(0, 10);
  return day >= EARLIEST_DAY && day <= LATEST_DAY;
};

/** `YYYY-MM-DD`, a real calendar day within the clinic's years; errors say `<key>.invalid`. */
export const isoDateSchema = (key: string) =>
  z.iso.date(`${key}.invalid`).refine(inClinicYears, `${key}.invalid`);

/** ISO 8601 with an offset or Z (e.g. 2026-03-01T09:30:00+03:00), within the clinic's years. */
export const isoDateTimeSchema = (key: string) =>
  z.iso.datetime({ offset: true, error: `${key}.invalid` }).refine(inClinicYears, `${key}.invalid`);
