import { z } from 'zod';
import { dataOf, versionSchema } from '../common/api.schemas.ts';
import { OPTION_CATEGORIES, type OptionCategoryKey } from './exam-options.ts';

const categoryKeys = OPTION_CATEGORIES.map((c) => c.key) as [OptionCategoryKey, ...OptionCategoryKey[]];
export const optionCategorySchema = z.enum(categoryKeys, 'category.invalid');

export const examOptionSchema = z.object({
  id: z.number().int(),
  category: optionCategorySchema,
  labelAr: z.string(),
  labelEn: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
  version: z.number().int(),
});
export type ExamOption = z.infer<typeof examOptionSchema>;

const label = (key: string) => z.string().trim().min(1, `${key}.required`).max(200, `${key}.max`);

/** `GET /api/mo/option?category=`: one list, or every list (the forms load them once). */
export const optionListQuerySchema = z.object({ category: optionCategorySchema.optional() });
export const optionListSchema = dataOf(z.array(examOptionSchema));
export const optionResponseSchema = dataOf(examOptionSchema);

/** `POST /api/mo/option`: a value added at the end of its list. */
export const optionCreateSchema = z.object({
  category: optionCategorySchema,
  labelAr: label('labelAr'),
  labelEn: label('labelEn'),
});
export type OptionCreate = z.infer<typeof optionCreateSchema>;

/** `POST /api/mo/option/{id}`: relabel, move, or retire (a retired value stays in the records that have it). */
export const optionUpdateSchema = z.object({
  labelAr: label('labelAr'),
  labelEn: label('labelEn'),
  position: z.number().int().min(0).max(10_000),
  isActive: z.boolean(),
  version: versionSchema,
});
export type OptionUpdate = z.infer<typeof optionUpdateSchema>;
