import {
  loginRequestSchema,
  loginResponseSchema,
  type LoginRequest,
  type Me,
} from '@basira/shared/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import type { ErrorKeys } from '../../lib/form-validation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ME_KEY } from '../../lib/session-local.ts';
import { storeSession } from '../../lib/storage.ts';
import { schemaFormBody } from '../../lib/use-schema-form.ts';

/**
 * The sign-in form's rules: the route's shared schema, as every form checks its body (`useSchemaForm`), and the
 * identifier's own blank text (an email or a username: the schema's `email.required` would name only the first).
 * A password is as typed, spaces too. Checked here, on submit, so that zod stays off the sign-in page's path.
 */
const loginRules = {
  schema: loginRequestSchema,
  check: (values: LoginRequest): ErrorKeys => (values.email.trim() ? {} : { email: 'identifier.required' }),
};

/** The body the sign-in form sends, or the message keys by field that keep it from being sent. */
export const loginBody = (values: LoginRequest) => schemaFormBody(loginRules, values);

/**
 * POST /api/login; on success the token, user and isAuthenticated are stored. Its own chunk: the sign-in
 * form shows before the API client, zod, the form library and the query cache are loaded (bench/web-bundle).
 */
export async function signIn(body: LoginRequest): Promise<Me> {
  const { data } = await apiRequest('login', {
    method: 'POST',
    body,
    schema: loginResponseSchema,
    selfHandled: true,
    withToken: false,
  });
  storeSession(data.token, data.user);
  queryClient.setQueryData(ME_KEY, data.user);
  return data.user;
}
