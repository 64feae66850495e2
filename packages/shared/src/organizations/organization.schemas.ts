import { z } from 'zod';
import { dataOf, versionSchema } from '../common/api.schemas.ts';

/**
 * The time zone an organization is made in unless told otherwise (the database column's default, the first
 * organization, the demo and the test clinics): the clinic's calendar day, not the machine's, is "today".
 */
export const DEFAULT_TIME_ZONE = 'Asia/Baghdad';

/**
 * The signed-in user's organization (`GET /api/organization`, any signed-in user) and its settings
 * (`POST /api/organization`, Administrator): the clinic's name and phone as messages to patients give them, and
 * the local time the day before a recall at which its Telegram reminder goes.
 */
export const organizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  timeZone: z.string(),
  phone: z.string().nullable(),
  /** HH:MM, 24-hour, in the organization's time zone. */
  reminderTime: z.string(),
  version: z.number().int(),
});
export type OrganizationSettings = z.infer<typeof organizationSchema>;
export const organizationResponseSchema = dataOf(organizationSchema);

export const organizationUpdateSchema = z.object({
  version: versionSchema,
  name: z.string().trim().min(2, 'name.min').max(120, 'value.too_long').optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{5,25}$/, 'phone.invalid')
    .nullable()
    .optional(),
  reminderTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'reminderTime.invalid')
    .optional(),
});
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;
