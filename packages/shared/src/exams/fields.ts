import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common/api.schemas.ts';
import { parseVisualAcuity, type VaNotation } from '../clinical/visual-acuity.ts';
import { onStep } from '../common/steps.ts';
import type { OptionCategoryKey } from './exam-options.ts';
import { FREQUENCY_LIMITS, type Frequency } from './medication-schedule.ts';

/**
 * The building blocks of every exam definition (docs/architecture.md, "The exam registry"): a tree of typed fields
 * from which the request schema, the stored shape, the form, the summary and the print view are all derived. Every
 * value is optional: clinics fill forms in part, and a record needs no field to be saved.
 */

export type Unit =
  | 'D'
  | 'deg'
  | 'mm'
  | 'um'
  | 'prism'
  | 'mmHg'
  | 'cm'
  | 'percent'
  | 'x'
  | 's'
  | 'min'
  | 'logMAR'
  | 'logCS'
  | 'cellsPerMm2'
  | 'mmPer5min'
  | 'arcsec'
  | 'days';

export interface NumberField {
  kind: 'number';
  unit?: Unit;
  min: number;
  max: number;
  step: number;
  /** Dioptric values: shown signed with two decimals (`+1.50`, `-0.25`). */
  signed?: boolean;
  /**
   * The sibling choice that names this number's unit (a dose's `doseUnit`): the form shows the two as one input.
   * Its range and step are every unit's together (the type's `check` holds each unit's), so it is shown as
   * written (`1`, `0.5`, `1.25`), not padded to the step's decimals.
   */
  unitField?: string;
}
/** Cylinder and K axes: whole degrees 1..180; 0 is accepted and stored as 180 (the same meridian). */
export interface AxisField {
  kind: 'axis';
}
export interface TextField {
  kind: 'text';
  max: number;
  /** Not laid out by the generic form: the type's own extra shows it where it belongs (a reason under a warning). */
  hidden?: boolean;
  /** More than one line (a textarea). */
  lines?: number;
  /** A pick list of the clinic's (still accepting a typed value); per eye where each eye has its own list. */
  options?: OptionCategoryKey | { right: OptionCategoryKey; left: OptionCategoryKey };
}
export interface ChoiceField<V extends readonly string[] = readonly string[]> {
  kind: 'choice';
  values: V;
}
export interface ChecksField<V extends readonly string[] = readonly string[]> {
  kind: 'checks';
  values: V;
}
export interface FlagField {
  kind: 'flag';
}
/** Visual acuity as typed in the clinic's notation (6/x, 20/x, decimal, logMAR, CF/HM/PL/NPL). */
export interface VaField {
  kind: 'va';
  /** A pick list of the clinic's usual values (best-corrected acuities). */
  options?: OptionCategoryKey;
}
export interface DateField {
  kind: 'date';
  /**
   * A day of the visit's future (a next visit): from the visit's day to `years` after it. The server checks it
   * against the visit's day on save (`visitDateIssues`): `value.before_visit`, `value.too_far_ahead`.
   */
  fromVisit?: { years: number };
}
export interface TimeField {
  kind: 'time';
}
/** Ids of the patient's documents (images attached to the record). */
export interface DocumentsField {
  kind: 'documents';
}
/** HTML from the rich-text editor; the server sanitises it with an allowlist before storing. */
export interface RichTextField {
  kind: 'richText';
}

/**
 * How often a medicine is taken: `{ timesPerDay }`, `{ everyHours }` (with `whileAwake: true` for hourly drops given
 * only while awake), `'bedtime'` or `'asNeeded'`.
 */
export interface FrequencyField {
  kind: 'frequency';
}
/**
 * A diagnosis code of the clinic's code list (ICD-10 or the clinic's own entries), stored upper case; the server
 * refuses a code that is not in the list (`value.unknown_code`). Empty for a diagnosis written as free text.
 */
export interface DiagnosisCodeField {
  kind: 'diagnosisCode';
}
/**
 * A drug of the organization's formulary, by id; the server refuses an id that is not the organization's
 * (`value.unknown_drug`). The form's picker fills the item's `name`, `form`, `dose` and `frequency` beside it.
 */
export interface DrugField {
  kind: 'drug';
  /**
   * The sibling text field that names the drug (`name`): the picker fills it, and the server fills it from the
   * formulary when a save gives the id alone, so the prescription never prints a drug without its name.
   */
  nameField: string;
}

/**
 * What a `ref` field names, by id: a lens of the clinic's lens list (`iolLens`), a user of the organization
 * (`user`: the surgeon), or one of the same patient's live biometry records (`biometry`: the plan an operation
 * was calculated with). The server refuses an id that is none of these as `value.unknown_<to>`.
 */
export const REF_TARGETS = ['iolLens', 'user', 'biometry'] as const;
export type RefTarget = (typeof REF_TARGETS)[number];
export interface RefField {
  kind: 'ref';
  to: RefTarget;
}

export type Leaf =
  | RefField
  | NumberField
  | AxisField
  | TextField
  | ChoiceField
  | ChecksField
  | FlagField
  | VaField
  | DateField
  | TimeField
  | DocumentsField
  | RichTextField
  | FrequencyField
  | DiagnosisCodeField
  | DrugField;

/** Named fields shown together (a row or a block of a section). */
export interface GroupNode<F extends Fields = Fields> {
  kind: 'group';
  fields: F;
}
/**
 * The same fields for each eye, shown side by side: `{ ...common, right: {...}, left: {...} }` (a refraction
 * reading has its kind and final flag beside its two eyes).
 */
export interface EyesNode<F extends Fields = Fields, C extends Fields = Fields> {
  kind: 'eyes';
  fields: F;
  common: C;
}
/** Several of the same block (refraction readings, IOP readings, aids tried). */
export interface ListNode<I extends GroupNode | EyesNode = GroupNode | EyesNode> {
  kind: 'list';
  item: I;
  max: number;
  /**
   * The form starts the list with no item (an "Add" button only) instead of one empty item to type in: for a
   * block most records leave out (a medicine's taper steps).
   */
  startEmpty?: boolean;
}

export type Node = Leaf | GroupNode | EyesNode | ListNode;
export type Fields = { readonly [key: string]: Node };

// ---- constructors (they keep the literal types, so a definition's data is typed from its fields) ------------

export const num = (spec: Omit<NumberField, 'kind'>): NumberField => ({ kind: 'number', ...spec });
/** Dioptres: signed, two decimals. */
export const diopters = (min: number, max: number, step = 0.25): NumberField =>
  num({ unit: 'D', min, max, step, signed: true });
export const axis = (): AxisField => ({ kind: 'axis' });
export const text = (max = 500, extra: Omit<TextField, 'kind' | 'max'> = {}): TextField => ({
  kind: 'text',
  max,
  ...extra,
});
export const note = (options?: TextField['options']): TextField => ({
  kind: 'text',
  max: 2000,
  lines: 2,
  ...(options ? { options } : {}),
});
export const choice = <const V extends readonly string[]>(values: V): ChoiceField<V> => ({
  kind: 'choice',
  values,
});
export const checks = <const V extends readonly string[]>(values: V): ChecksField<V> => ({
  kind: 'checks',
  values,
});
export const flag = (): FlagField => ({ kind: 'flag' });
export const va = (options?: OptionCategoryKey): VaField => ({ kind: 'va', ...(options ? { options } : {}) });
export const date = (options: { fromVisit?: { years: number } } = {}): DateField => ({
  kind: 'date',
  ...options,
});
export const time = (): TimeField => ({ kind: 'time' });
export const documents = (): DocumentsField => ({ kind: 'documents' });
export const richText = (): RichTextField => ({ kind: 'richText' });
export const frequency = (): FrequencyField => ({ kind: 'frequency' });
export const diagnosisCode = (): DiagnosisCodeField => ({ kind: 'diagnosisCode' });
export const drug = (nameField = 'name'): DrugField => ({ kind: 'drug', nameField });
export const ref = <const T extends RefTarget>(to: T): RefField => ({ kind: 'ref', to });
export const group = <const F extends Fields>(fields: F): GroupNode<F> => ({ kind: 'group', fields });
export const eyes = <const F extends Fields, const C extends Fields = Record<never, never>>(
  fields: F,
  common: C = {} as C,
): EyesNode<F, C> => ({ kind: 'eyes', fields, common });
export const list = <const I extends GroupNode | EyesNode>(
  item: I,
  max: number,
  options: { startEmpty?: boolean } = {},
): ListNode<I> => ({ kind: 'list', item, max, ...options });

// ---- the stored value of a node --------------------------------------------------------------------------------

/** A visual acuity as stored: what was typed (normalised) and its logMAR, for trends and averages. */
export interface VaValue {
  text: string;
  notation: VaNotation;
  logMAR: number;
}

export type ValueOf<N> = N extends NumberField | AxisField | DrugField | RefField
  ? number | null
  : N extends TextField | DateField | TimeField | RichTextField | DiagnosisCodeField
    ? string | null
    : N extends FrequencyField
      ? Frequency | null
      : N extends ChoiceField<infer V>
        ? V[number] | null
        : N extends ChecksField<infer V>
          ? V[number][]
          : N extends FlagField
            ? boolean | null
            : N extends VaField
              ? VaValue | null
              : N extends DocumentsField
                ? number[]
                : N extends GroupNode<infer F>
                  ? ValuesOf<F>
                  : N extends EyesNode<infer F, infer C>
                    ? ValuesOf<C> & { right?: ValuesOf<F>; left?: ValuesOf<F> }
                    : N extends ListNode<infer I>
                      ? ValueOf<I>[]
                      : never;

export type ValuesOf<F extends Fields> = { -readonly [K in keyof F]?: ValueOf<F[K]> };

// ---- zod ------------------------------------------------------------------------------------------------------

/** Message keys of field errors (the web shows them with the field's own range and step). */
export const FIELD_ERRORS = {
  invalid: 'value.invalid',
  min: 'value.min',
  max: 'value.max',
  step: 'value.step',
  long: 'value.too_long',
  unknownCode: 'value.unknown_code',
  unknownDrug: 'value.unknown_drug',
} as const;

/** The error of a `ref` id that names nothing the caller may name (`value.unknown_iolLens`). */
export const unknownRefError = (to: RefTarget) => `value.unknown_${to}` as const;

/** A diagnosis code as written (`H40.1`, a clinic's `X-01`), or empty (a free-text diagnosis). */
const DIAGNOSIS_CODE = /^([A-Za-z0-9][A-Za-z0-9.-]*)?$/;

const wholeIn = (limits: { min: number; max: number }) =>
  z
    .number(FIELD_ERRORS.invalid)
    .int(FIELD_ERRORS.step)
    .min(limits.min, FIELD_ERRORS.min)
    .max(limits.max, FIELD_ERRORS.max);

/**
 * `{ timesPerDay }`, `{ everyHours, whileAwake? }` (whole numbers in FREQUENCY_LIMITS; `whileAwake` only `true`, so
 * a frequency has one spelling), `'bedtime'` or `'asNeeded'`. The formulary's `frequencySchema` is the same shape.
 */
const frequencyShape = z.union(
  [
    // (Keys of both, `{ timesPerDay, everyHours }`, are `value.invalid` too, not zod's sentence.)
    z.strictObject({ timesPerDay: wholeIn(FREQUENCY_LIMITS.timesPerDay) }, FIELD_ERRORS.invalid),
    z.strictObject(
      { everyHours: wholeIn(FREQUENCY_LIMITS.everyHours), whileAwake: z.literal(true).optional() },
      FIELD_ERRORS.invalid,
    ),
    z.literal('bedtime'),
    z.literal('asNeeded'),
  ],
  FIELD_ERRORS.invalid,
);
/**
 * The keys the shapes above take, as the transform's input: the strict body check walks a schema, not a transform,
 * so it names a key of none (`medications.0.frequency.note`) as `field.unknown` on its own path.
 */
const frequencyKeys = z.object(
  Object.fromEntries(
    frequencyShape.options
      .flatMap((option) => ('shape' in option ? Object.keys(option.shape) : []))
      .map((key) => [key, z.unknown().optional()]),
  ),
  FIELD_ERRORS.invalid,
);
/** The frequency's one error is reported at the field itself (`medications.0.frequency`), where the form shows it. */
const frequencySchema = z
  .union([z.string(), frequencyKeys], FIELD_ERRORS.invalid)
  .transform((value, ctx): Frequency => {
    const parsed = frequencyShape.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? FIELD_ERRORS.invalid });
    return z.NEVER;
  });

function leafSchema(leaf: Leaf): z.ZodType {
  switch (leaf.kind) {
    case 'number':
      return z
        .number(FIELD_ERRORS.invalid)
        .min(leaf.min, FIELD_ERRORS.min)
        .max(leaf.max, FIELD_ERRORS.max)
        .refine((v) => onStep(v, leaf.min, leaf.step), FIELD_ERRORS.step);
    case 'axis':
      return z
        .number(FIELD_ERRORS.invalid)
        .int(FIELD_ERRORS.step)
        .min(0, FIELD_ERRORS.min)
        .max(180, FIELD_ERRORS.max)
        .transform((v) => (v === 0 ? 180 : v));
    case 'text':
      return z.string(FIELD_ERRORS.invalid).trim().max(leaf.max, FIELD_ERRORS.long);
    case 'choice':
      return z.enum(leaf.values as [string, ...string[]], FIELD_ERRORS.invalid);
    case 'checks':
      return z
        .array(z.enum(leaf.values as [string, ...string[]], FIELD_ERRORS.invalid))
        .max(leaf.values.length, FIELD_ERRORS.invalid)
        .transform((values) => [...new Set(values)]);
    case 'flag':
      return z.boolean(FIELD_ERRORS.invalid);
    case 'va':
      // Sent as typed (a string), or as a stored value sent back unchanged (its notation and logMAR are read
      // again from the text); stored with its logMAR.
      return z
        .union(
          [
            z.string(),
            z.object({ text: z.string(), notation: z.string().optional(), logMAR: z.number().optional() }),
          ],
          FIELD_ERRORS.invalid,
        )
        .transform((v, ctx) => {
          const typed = (typeof v === 'string' ? v : v.text).slice(0, 40);
          const parsed = parseVisualAcuity(typed);
          if (!parsed) {
            ctx.addIssue({ code: 'custom', message: FIELD_ERRORS.invalid });
            return z.NEVER;
          }
          return { text: parsed.display, notation: parsed.notation, logMAR: parsed.logMAR } satisfies VaValue;
        });
    case 'date':
      return isoDateSchema('value');
    case 'time':
      return z.string(FIELD_ERRORS.invalid).regex(/^([01]\d|2[0-3]):[0-5]\d$/, FIELD_ERRORS.invalid);
    case 'documents':
      return z.array(idSchema).max(20, FIELD_ERRORS.max);
    case 'richText':
      return z.string(FIELD_ERRORS.invalid).max(500_000, FIELD_ERRORS.long);
    case 'frequency':
      return frequencySchema;
    case 'diagnosisCode':
      return z
        .string(FIELD_ERRORS.invalid)
        .trim()
        .max(16, FIELD_ERRORS.long)
        .regex(DIAGNOSIS_CODE, FIELD_ERRORS.invalid)
        .transform((code) => code.toUpperCase());
    case 'drug':
    case 'ref':
      return wholeIn({ min: 1, max: 2_147_483_647 });
  }
}

const optional = (schema: z.ZodType) => schema.nullable().optional();

/** The request schema of a node: every value optional (null clears it), unknown keys dropped. */
export function schemaOf(node: Node): z.ZodType {
  switch (node.kind) {
    case 'group':
      return z.object(fieldsShape(node.fields), FIELD_ERRORS.invalid);
    case 'eyes': {
      const side = z.object(fieldsShape(node.fields), FIELD_ERRORS.invalid);
      return z.object(
        { ...fieldsShape(node.common), right: side.optional(), left: side.optional() },
        FIELD_ERRORS.invalid,
      );
    }
    case 'list':
      return z.array(schemaOf(node.item), FIELD_ERRORS.invalid).max(node.max, FIELD_ERRORS.max);
    default:
      return leafSchema(node);
  }
}

export function fieldsShape(fields: Fields): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, node]) => [
      key,
      node.kind === 'list' ? schemaOf(node).optional() : optional(schemaOf(node)),
    ]),
  );
}

// ---- the stored shape, for answers (JSON Schema-friendly: no transforms) --------------------------------------

const vaValueSchema = z.object({ text: z.string(), notation: z.string(), logMAR: z.number() });

function storedLeaf(leaf: Leaf): z.ZodType {
  switch (leaf.kind) {
    case 'number':
    case 'axis':
      return z.number();
    case 'text':
    case 'date':
    case 'time':
    case 'richText':
    case 'choice':
      return z.string();
    case 'checks':
      return z.array(z.string());
    case 'flag':
      return z.boolean();
    case 'va':
      return vaValueSchema;
    case 'documents':
      return z.array(z.number().int());
    case 'frequency':
      return z.union([
        z.object({ timesPerDay: z.number() }),
        z.object({ everyHours: z.number(), whileAwake: z.literal(true).optional() }),
        z.enum(['bedtime', 'asNeeded']),
      ]);
    case 'diagnosisCode':
      return z.string();
    case 'drug':
    case 'ref':
      return z.number().int();
  }
}

/** What an answer carries for a node: the stored value, as loose as the stored data may be. */
export function storedSchemaOf(node: Node): z.ZodType {
  switch (node.kind) {
    case 'group':
      return z.object(storedShape(node.fields));
    case 'eyes': {
      const side = z.object(storedShape(node.fields));
      return z.object({ ...storedShape(node.common), right: side.optional(), left: side.optional() });
    }
    case 'list':
      return z.array(storedSchemaOf(node.item));
    default:
      return storedLeaf(node);
  }
}

export function storedShape(fields: Fields): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, node]) => [key, storedSchemaOf(node).nullable().optional()]),
  );
}

// ---- walking a tree --------------------------------------------------------------------------------------------

/** Every leaf with its path (`readings.*.right.sphere`: `*` for a list item), in form order. */
export function leavesOf(fields: Fields, prefix = ''): { path: string; leaf: Leaf }[] {
  const out: { path: string; leaf: Leaf }[] = [];
  for (const [key, node] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (node.kind === 'group') out.push(...leavesOf(node.fields, path));
    else if (node.kind === 'eyes') {
      out.push(...leavesOf(node.common, path));
      for (const side of ['right', 'left']) out.push(...leavesOf(node.fields, `${path}.${side}`));
    } else if (node.kind === 'list') out.push(...leavesOf({ '*': node.item }, path));
    else out.push({ path, leaf: node });
  }
  return out;
}

/**
 * The data with every leaf of one kind replaced by `map(value)` (the server sanitises rich text with it and
 * collects document ids; `leaf` is the field's description). Values the fields do not describe are left as they are.
 */
export function mapLeaves(
  fields: Fields,
  data: unknown,
  kind: Leaf['kind'],
  map: (value: unknown, path: (string | number)[], leaf: Leaf) => unknown,
  path: (string | number)[] = [],
): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  // Most types have no leaf of most kinds (a spectacles record names no drug): nothing to walk.
  if (!leafKinds(fields).has(kind)) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const mapNode = (node: Node, value: unknown, at: (string | number)[]): unknown => {
    if (value === undefined || value === null) return value;
    switch (node.kind) {
      case 'group':
        return mapLeaves(node.fields, value, kind, map, at);
      case 'eyes': {
        const object = mapLeaves(node.common, value, kind, map, at) as Record<string, unknown>;
        for (const side of ['right', 'left'])
          if (object[side] !== undefined)
            object[side] = mapLeaves(node.fields, object[side], kind, map, [...at, side]);
        return object;
      }
      case 'list':
        return Array.isArray(value) ? value.map((item, i) => mapNode(node.item, item, [...at, i])) : value;
      default:
        return node.kind === kind ? map(value, at, node) : value;
    }
  };
  for (const [key, node] of Object.entries(fields))
    if (key in out) out[key] = mapNode(node, out[key], [...path, key]);
  return out;
}

/**
 * The data with each drug's name field (`drug(nameField)`) filled by `nameOf(id)` where it is empty: the server
 * names a medication given by its formulary id alone, so no prescription prints a drug without its name.
 */
export function withDrugNames(
  fields: Fields,
  data: unknown,
  nameOf: (id: number) => string | undefined,
): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  if (!leafKinds(fields).has('drug')) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const fillNode = (node: Node, value: unknown): unknown => {
    if (value === undefined || value === null) return value;
    switch (node.kind) {
      case 'group':
        return withDrugNames(node.fields, value, nameOf);
      case 'eyes': {
        const object = withDrugNames(node.common, value, nameOf) as Record<string, unknown>;
        for (const side of ['right', 'left'])
          if (object[side] !== undefined) object[side] = withDrugNames(node.fields, object[side], nameOf);
        return object;
      }
      case 'list':
        return Array.isArray(value) ? value.map((item) => fillNode(node.item, item)) : value;
      default:
        return value;
    }
  };
  for (const [key, node] of Object.entries(fields)) {
    if (key in out) out[key] = fillNode(node, out[key]);
    const id = out[key];
    if (node.kind !== 'drug' || typeof id !== 'number') continue;
    const named = out[node.nameField];
    if (typeof named === 'string' && named.trim() !== '') continue;
    const name = nameOf(id);
    if (name) out[node.nameField] = name;
  }
  return out;
}

const kindsOf = new WeakMap<Fields, ReadonlySet<Leaf['kind']>>();

/** The kinds of leaf anywhere under `fields`, found once per definition (an exam save asks four times). */
function leafKinds(fields: Fields): ReadonlySet<Leaf['kind']> {
  let kinds = kindsOf.get(fields);
  if (!kinds) kindsOf.set(fields, (kinds = new Set(leavesOf(fields).map(({ leaf }) => leaf.kind))));
  return kinds;
}
