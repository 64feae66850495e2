import { z } from 'zod';
import { dataOf } from '../common/api.schemas.ts';

/** Iraq, the default country (spec section 3). */
export const DEFAULT_COUNTRY_ID = 105;

export const countrySchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  icon: z.string(),
  name: z.string(),
  arabicName: z.string(),
  phoneCode: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryListSchema = dataOf(z.array(countrySchema));
