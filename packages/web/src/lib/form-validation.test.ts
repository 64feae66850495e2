import { describe, expect, it } from 'vitest';
import { userCreateSchema } from '@basira/shared/users/users.schemas';
import {
  checkText,
  DEFAULT_MAX_LENGTH,
  DEFAULT_MIN_LENGTH,
  schemaValidator,
  serverFieldErrors,
} from './form-validation.ts';

describe('text input rules (spec section 5)', () => {
  it('default to minLength 0 and maxLength 10000', () => {
    expect(DEFAULT_MIN_LENGTH).toBe(0);
    expect(DEFAULT_MAX_LENGTH).toBe(10_000);
    expect(checkText('', {})).toBeNull();
    expect(checkText('x'.repeat(10_000), {})).toBeNull();
    expect(checkText('x'.repeat(10_001), {})).toEqual({
      key: 'validation.maxLength',
      values: { max: 10_000 },
    });
  });

  it('check required, min/max length and min/max value', () => {
    expect(checkText('  ', { required: true })).toEqual({ key: 'validation.required' });
    expect(checkText('ab', { minLength: 3 })).toEqual({ key: 'validation.minLength', values: { min: 3 } });
    expect(checkText('abcd', { maxLength: 3 })).toEqual({ key: 'validation.maxLength', values: { max: 3 } });
    expect(checkText('5', { min: 6 })).toEqual({ key: 'validation.min', values: { min: 6 } });
    expect(checkText('12', { max: 10 })).toEqual({ key: 'validation.max', values: { max: 10 } });
    expect(checkText('x', { min: 1 })).toEqual({ key: 'validation.number' });
    expect(checkText('7', { min: 1, max: 10 })).toBeNull();
  });
});

describe('form validation from the shared schemas', () => {
  const validate = schemaValidator<Record<string, unknown>>(userCreateSchema, [
    'name',
    'email',
    'password',
    'password_confirmation',
  ]);

  it('gives the spec section 5 "required" texts first, then the schema message keys', () => {
    expect(validate({ name: '', email: '', password: '', password_confirmation: '', roles: [] })).toEqual({
      name: 'name.required',
      email: 'email.required',
      password: 'password.required',
      password_confirmation: 'password_confirmation.required',
    });
    expect(
      validate({
        name: 'Hu',
        email: 'nope',
        password: 'long-enough-1',
        password_confirmation: 'other',
        roles: [],
      }),
    ).toEqual({
      name: 'name.min',
      email: 'email.invalid',
      password_confirmation: 'password_confirmation.mismatch',
    });
  });

  it('keeps the first server message of each field', () => {
    expect(serverFieldErrors({ email: ['email.taken', 'email.invalid'], name: [] })).toEqual({
      email: 'email.taken',
    });
  });
});
