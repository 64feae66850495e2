import { useForm, type UseFormInput } from '@mantine/form';
import type { z } from 'zod';
import { isApiError } from './api-error.ts';
import { errorText, schemaValidator, serverFieldErrors, type ErrorKeys } from './form-validation.ts';
import { useTranslator } from './use-translator.ts';
import { useUnsavedInput } from './unsaved-input.ts';

// Mantine's own constraint: a values interface has no index signature, so Record<string, unknown> would refuse it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>;

export interface SchemaFormOptions<V extends FormValues, S extends z.ZodType> {
  /** The route's shared schema: the one the server validates the body with. */
  schema: S;
  initialValues: V;
  /** The request body the values make (default: the values themselves); the schema strips what it does not know. */
  toBody?: (values: V) => unknown;
  /** Body fields the form asks for: blank gives `<field>.required` (spec section 5) before the schema's keys. */
  required?: readonly string[];
  /** Rules on what only the form holds (a choice not yet made, an age as typed): message keys by form field. */
  check?: (values: V) => ErrorKeys;
  /** The form field that shows a body path's error (`alerts.allergies` → `allergies`); default the path itself. */
  fieldOf?: (path: string) => string;
  /** Registers unsaved input while dirty (the error catalogue keeps it); false for a form that never holds any. */
  guardUnsaved?: boolean;
  onValuesChange?: UseFormInput<V>['onValuesChange'];
}

type Rules<V extends FormValues, S extends z.ZodType> = Pick<
  SchemaFormOptions<V, S>,
  'schema' | 'toBody' | 'required' | 'check' | 'fieldOf'
>;

const bodyOf = <V extends FormValues>(toBody: ((values: V) => unknown) | undefined, values: V) =>
  toBody ? toBody(values) : values;

/** Moves each error to the form field that shows it (the first key wins when two paths meet on one field). */
export function errorsOnFields(errors: ErrorKeys, fieldOf?: (path: string) => string): ErrorKeys {
  const result: ErrorKeys = {};
  for (const [path, key] of Object.entries(errors)) {
    const field = fieldOf ? fieldOf(path) : path;
    if (!result[field]) result[field] = key;
  }
  return result;
}

/** The form's errors as message keys by field: the schema's on the body, then the form's own rules over them. */
export function schemaFormErrors<V extends FormValues, S extends z.ZodType>(
  rules: Rules<V, S>,
  values: V,
): ErrorKeys {
  const found = schemaValidator<Record<string, unknown>>(
    rules.schema,
    rules.required ?? [],
  )(bodyOf(rules.toBody, values) as Record<string, unknown>);
  return { ...errorsOnFields(found, rules.fieldOf), ...rules.check?.(values) };
}

/**
 * What a valid form sends: the schema's output, so exactly the fields the route knows (zod strips the rest) with
 * the schema's own trimming and defaults; `errors` otherwise.
 */
export function schemaFormBody<V extends FormValues, S extends z.ZodType>(
  rules: Rules<V, S>,
  values: V,
): { data: z.output<S> } | { errors: ErrorKeys } {
  const errors = schemaFormErrors(rules, values);
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = rules.schema.safeParse(bodyOf(rules.toBody, values));
  // Unreachable while schemaFormErrors parses the same body; kept so a mistake cannot send an invalid body.
  if (!parsed.success) return { errors: { form: 'field.invalid' } };
  return { data: parsed.data };
}

/** The current record a 409 `stale_version` answer carries, read by its schema; null for any other failure. */
export function staleRecord<T>(error: unknown, schema: z.ZodType<T>): T | null {
  if (!isApiError(error) || error.code !== 'stale_version') return null;
  const current = schema.safeParse(error.data);
  return current.success ? current.data : null;
}

/**
 * One form mechanism for the app's forms, on @mantine/form: the values as the screen holds them, dirty state by
 * what would be sent, validation by the route's shared zod schema with the server's message keys (translated when
 * shown), a 422's field errors put back on their fields, and `submitValues()`: the body, typed by the schema.
 */
export function useSchemaForm<V extends FormValues, S extends z.ZodType>(options: SchemaFormOptions<V, S>) {
  const translate = useTranslator();
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    ...(options.onValuesChange ? { onValuesChange: options.onValuesChange } : {}),
  });
  const body = (values: V) => JSON.stringify(bodyOf(options.toBody, values) ?? null);
  // By the body, not the raw values: a trailing space or an untouched choice is not unsaved work.
  const dirty = body(form.values) !== body(form.getInitialValues());
  useUnsavedInput(dirty && options.guardUnsaved !== false);

  return {
    form,
    values: form.values,
    /** Message keys by field (translate with `error`). */
    errors: form.errors,
    dirty,
    set: <K extends keyof V & string>(field: K, value: V[K]) => form.setFieldValue(field, value as never),
    /** The translated error of a field, or undefined. */
    error: (field: string) => errorText(translate, form.errors[field]),
    /** Props for a Mantine input (`{ type: 'checkbox' }` for a switch), with the error translated; a field inside
     * another is named by its path (`week.0.1.start`). */
    inputProps: (
      field: (keyof V & string) | `${keyof V & string}.${string}`,
      inputOptions?: { type: 'input' | 'checkbox' },
    ) => ({
      ...form.getInputProps(field, inputOptions),
      error: errorText(translate, form.errors[field]),
    }),
    setErrors: (errors: ErrorKeys) => form.setErrors(errors),
    /** Validates; the body to send (exactly the schema's fields), or null with the errors on screen. */
    submitValues: (): z.output<S> | null => {
      const result = schemaFormBody(options, form.values);
      if ('errors' in result) {
        form.setErrors(result.errors);
        return null;
      }
      form.clearErrors();
      return result.data;
    },
    /** A failed save: the 422's field errors on their fields (none for any other failure). */
    showServerErrors: (error: unknown) =>
      form.setErrors(
        errorsOnFields(isApiError(error) ? serverFieldErrors(error.errors) : {}, options.fieldOf),
      ),
    /** Values read from a saved record: shown, and the new reference for dirty state. */
    load: (values: V) => {
      form.setValues(values);
      form.setInitialValues(values);
      form.resetDirty(values);
      form.clearErrors();
    },
  };
}

export type SchemaForm<V extends FormValues, S extends z.ZodType> = ReturnType<typeof useSchemaForm<V, S>>;
