import type { z } from 'zod';
import { isMessageKey, type FieldErrors } from '@basira/shared/errors/error-codes';
import { fieldMessage, type Translator } from './error-catalogue.ts';

/** Form errors are kept as message keys (`name.min`) and translated when shown, so a language switch applies. */
export type ErrorKeys = Record<string, string>;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A Mantine form validator from a shared zod schema: blank required fields first (`<field>.required`, the
 * spec's section 5 texts), then the schema's own message keys; other zod messages become `field.<code>`.
 */
export function schemaValidator<T extends Record<string, unknown>>(
  schema: z.ZodType,
  required: readonly (keyof T & string)[] = [],
) {
  return (values: T): ErrorKeys => {
    const errors: ErrorKeys = {};
    for (const field of required) if (isBlank(values[field])) errors[field] = `${field}.required`;
    const result = schema.safeParse(values);
    if (!result.success)
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.');
        if (errors[path]) continue;
        errors[path] = isMessageKey(issue.message) ? issue.message : `field.${issue.code}`;
      }
    return errors;
  };
}

/** The first message key of each field of a 422 answer, for the form's inline errors. */
export function serverFieldErrors(errors: FieldErrors | undefined): ErrorKeys {
  const result: ErrorKeys = {};
  for (const [field, keys] of Object.entries(errors ?? {})) if (keys[0]) result[field] = keys[0];
  return result;
}

/** The translated error of one field, or undefined. */
export function errorText(t: Translator, key: unknown): string | undefined {
  return typeof key === 'string' && key ? fieldMessage(t, key) : undefined;
}

export interface TextRules {
  required?: boolean;
  min?: number;
  max?: number;
  /** Spec section 5: default 0. */
  minLength?: number;
  /** Spec section 5: default 10000. */
  maxLength?: number;
}

export const DEFAULT_MIN_LENGTH = 0;
export const DEFAULT_MAX_LENGTH = 10_000;

/** The text input's own rules (spec section 5) as a message key with its values, or null when valid. */
export function checkText(
  value: string,
  rules: TextRules,
): { key: string; values?: Record<string, number> } | null {
  const minLength = rules.minLength ?? DEFAULT_MIN_LENGTH;
  const maxLength = rules.maxLength ?? DEFAULT_MAX_LENGTH;
  if (isBlank(value)) return rules.required ? { key: 'validation.required' } : null;
  if (value.length < minLength) return { key: 'validation.minLength', values: { min: minLength } };
  if (value.length > maxLength) return { key: 'validation.maxLength', values: { max: maxLength } };
  if (rules.min !== undefined || rules.max !== undefined) {
    const number = Number(value);
    if (!Number.isFinite(number)) return { key: 'validation.number' };
    if (rules.min !== undefined && number < rules.min)
      return { key: 'validation.min', values: { min: rules.min } };
    if (rules.max !== undefined && number > rules.max)
      return { key: 'validation.max', values: { max: rules.max } };
  }
  return null;
}
