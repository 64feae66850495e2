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
