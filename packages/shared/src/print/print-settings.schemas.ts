import { z } from 'zod';
import { dataOf, versionSchema } from '../common/api.schemas.ts';

/**
 * Print settings (spec section 3: optometrist, specialist, color, header, footer), plus what a printout needs to
 * read as the clinic's own document: a logo, a paper size, how a zero power is written, the digits, and which setting is the
 * organization's default (the one every print view uses). Every field has a default, so the spec's five fields
 * alone make a valid setting.
 */
export const PAPER_SIZES = ['A5', 'A4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** A zero sphere or cylinder on a prescription: `Plano` (the optician's word) or `0.00`, by the clinic's choice. */
export const ZERO_STYLES = ['plano', 'zeros'] as const;
export type ZeroStyle = (typeof ZERO_STYLES)[number];

/**
 * The digits a sheet is drawn in: Western (`0-9`, the headers' and the clinical tables' as before) or Arabic-Indic
 * (`٠-٩`, with `٫` as the decimal separator). A sheet is one or the other throughout: the Arabic schedules are stored
 * with Arabic-Indic digits, and the frame redraws every digit in the setting's system (print-digits.ts, web).
 */
export const DIGIT_SYSTEMS = ['western', 'arabic'] as const;
export type DigitSystem = (typeof DIGIT_SYSTEMS)[number];

export const DEFAULT_PRINT_COLOR = '#000000';
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
/** Header and footer are short rich texts (a clinic's address lines, hours, a licence number). */
export const PRINT_RICH_TEXT_MAX = 20_000;

/** A logo travels as a data URL; the server decodes it, checks its first bytes and size (`logo.*` messages). */
const logoSchema = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 100, 'logo.too_large')
  .regex(/^data:image\/[a-z.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/, 'logo.invalid')
  .nullable();

const personSchema = z.string().trim().max(200, 'value.too_long');
const richTextSchema = z.string().max(PRINT_RICH_TEXT_MAX, 'value.too_long');

export const printSettingFieldsSchema = z.object({
  /** Not in the spec: a label for the list when a clinic keeps several (a branch, a paper size). */
  name: z.string().trim().max(100, 'value.too_long').nullable().default(null),
  optometrist: personSchema.default(''),
  specialist: personSchema.default(''),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color.invalid')
    .transform((c) => c.toLowerCase())
    .default(DEFAULT_PRINT_COLOR),
  header: richTextSchema.default(''),
  footer: richTextSchema.default(''),
  logo: logoSchema.default(null),
  paperSize: z.enum(PAPER_SIZES).default('A5'),
  zeroAs: z.enum(ZERO_STYLES).default('plano'),
  digits: z.enum(DIGIT_SYSTEMS).default('western'),
  isDefault: z.boolean().default(false),
});

/** `POST /api/mo/printSetting`: any of the fields; the first setting of an organization becomes its default. */
export const printSettingCreateSchema = printSettingFieldsSchema;
export type PrintSettingCreate = z.input<typeof printSettingCreateSchema>;

/** `POST /api/mo/printSetting/{id}`: the version read, and the fields that change (absent ones stay). */
export const printSettingUpdateSchema = z.object({
  version: versionSchema,
  name: printSettingFieldsSchema.shape.name.unwrap().optional(),
  optometrist: personSchema.optional(),
  specialist: personSchema.optional(),
  color: printSettingFieldsSchema.shape.color.unwrap().optional(),
  header: richTextSchema.optional(),
  footer: richTextSchema.optional(),
  logo: logoSchema.optional(),
  paperSize: z.enum(PAPER_SIZES).optional(),
  zeroAs: z.enum(ZERO_STYLES).optional(),
  digits: z.enum(DIGIT_SYSTEMS).optional(),
  isDefault: z.boolean().optional(),
});
export type PrintSettingUpdate = z.input<typeof printSettingUpdateSchema>;

export const printSettingSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  optometrist: z.string(),
  specialist: z.string(),
  color: z.string(),
  /** Sanitised rich text (HTML). */
  header: z.string(),
  footer: z.string(),
  /** `data:image/png;base64,...` or null. */
  logo: z.string().nullable(),
  paperSize: z.enum(PAPER_SIZES),
  zeroAs: z.enum(ZERO_STYLES),
  digits: z.enum(DIGIT_SYSTEMS),
  isDefault: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrintSetting = z.infer<typeof printSettingSchema>;

export const printSettingResponseSchema = dataOf(printSettingSchema);
export const printSettingListSchema = dataOf(z.array(printSettingSchema));
