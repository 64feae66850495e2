import { describe, expect, it } from 'vitest';
import { loginBody } from './sign-in.ts';

// The sign-in form checks its body here, on submit (login-page.tsx keeps zod off the sign-in page's path).
describe('loginBody', () => {
  it('names a blank identifier as such, and an empty password', () => {
    expect(loginBody({ email: '  ', password: '' })).toEqual({
      errors: { email: 'identifier.required', password: 'password.required' },
    });
  });

  it('sends the identifier trimmed and the password as typed, spaces too', () => {
    expect(loginBody({ email: ' reception ', password: ' pass word ' })).toEqual({
      data: { email: 'reception', password: ' pass word ' },
    });
  });

  it('refuses what the server would refuse: an identifier over 254 characters', () => {
    expect(loginBody({ email: 'a'.repeat(255), password: 'x' })).toEqual({
      errors: { email: 'field.too_big' },
    });
  });
});
