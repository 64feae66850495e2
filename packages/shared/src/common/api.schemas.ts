import { z } from 'zod';

/** Ids are positive integers everywhere (the role screen tells update mode by a numeric id). */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParamsSchema = z.object({ id: idSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
});

export const pageMetaSchema = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
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
