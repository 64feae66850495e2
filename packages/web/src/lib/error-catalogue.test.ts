import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, buildUrl } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { setGlobalReactionHandler } from './api-reactions.ts';
import {
  errorMessage,
  flattenFieldErrors,
  globalReaction,
  loadReaction,
  reactionTakesCharge,
  type ReactionContext,
  type Translator,
} from './error-catalogue.ts';
import { okSchema } from '@basira/shared/common/api.schemas';

const ctx = (over: Partial<ReactionContext> = {}): ReactionContext => ({
  hasToken: true,
  hasUnsavedInput: false,
  recentlyReloaded: false,
  selfHandled: false,
  ...over,
});
const http = (status: number, body: unknown, background = false) =>
  new ApiError({ kind: 'http', status, body, method: 'GET', path: 'x', background });
const network = (background = false) =>
  new ApiError({ kind: 'network', method: 'GET', path: 'x', background });

/** A translator that shows keys and their values, like i18next with the key as text. */
const KNOWN = [
  'common.listSeparator',
  'errors.serverDown',
  'errors.codes.auth.invalid_credentials',
  'errors.codes.throttled',
];
const t: Translator = Object.assign(
  (key: string, options?: Record<string, unknown>) =>
    options && Object.keys(options).length ? `${key}${JSON.stringify(options)}` : key,
  {
    exists: (key: string) =>
      KNOWN.includes(key) ||
      key.startsWith('validation.name.') ||
      key.startsWith('validation.email.') ||
      key === 'validation.field.invalid' ||
      key === 'validation.field.too_small',
  },
);

describe('error catalogue (spec section 8): what the client does by itself', () => {
  it('server unreachable: "Server is down", then logout and /login (network error)', () => {
    expect(globalReaction(network(), ctx())).toBe('serverDownLogout');
    expect(errorMessage(t, network())).toBe('errors.serverDown');
  });

  it('no answer in time, or a gateway saying the app is not answering: the message only', () => {
    expect(globalReaction(new ApiError({ kind: 'timeout', method: 'GET', path: 'x' }), ctx())).toBe(
      'serverDown',
    );
    expect(globalReaction(http(502, '<html>Bad gateway</html>'), ctx())).toBe('serverDown');
    expect(globalReaction(http(504, undefined), ctx())).toBe('serverDown');
  });

  it('a network error keeps a half-filled form and never signs out from a poll', () => {
    expect(globalReaction(network(), ctx({ hasUnsavedInput: true }))).toBe('serverDown');
    expect(globalReaction(network(true), ctx())).toBe('serverDown');
  });

  it('401: the session-expired flow (when someone was signed in)', () => {
    expect(globalReaction(http(401, { code: 'auth.session_expired', message: 'x' }), ctx())).toBe(
      'sessionExpired',
    );
    expect(
      globalReaction(http(401, { code: 'unauthorized', message: 'x' }), ctx({ hasToken: false })),
    ).toBeNull();
  });

  it('a database outage: the banner for every call; a failed write stays the form’s to report', () => {
    const body = { code: 'database.unavailable', message: 'x' };
    const write = new ApiError({ kind: 'http', status: 503, body, method: 'POST', path: 'x' });
    expect(globalReaction(http(503, body, true), ctx())).toBe('databaseDown');
    expect(globalReaction(write, ctx({ hasUnsavedInput: true }))).toBe('databaseDown');
    expect(reactionTakesCharge('databaseDown', http(503, body))).toBe(true);
    expect(reactionTakesCharge('databaseDown', write)).toBe(false);
    expect(reactionTakesCharge('serverDown', network())).toBe(true);
  });

  it('the forced password change', () => {
    expect(globalReaction(http(403, { code: 'auth.password_change_required', message: 'x' }), ctx())).toBe(
      'passwordChange',
    );
  });

  it('an error that is not an object reloads the page, except with unsaved input (toast) or just after a reload', () => {
    expect(globalReaction(http(500, 'Internal Server Error'), ctx())).toBe('reload');
    expect(globalReaction(http(500, 'Internal Server Error'), ctx({ hasUnsavedInput: true }))).toBe(
      'keepInput',
    );
    expect(globalReaction(http(500, 'Internal Server Error'), ctx({ recentlyReloaded: true }))).toBe(
      'keepInput',
    );
    expect(globalReaction(http(418, ['a', 'b']), ctx())).toBe('reload');
  });

  it('leaves object errors (422, 404, 403, 409) to the screen, and everything to sign-in and /config', () => {
    expect(globalReaction(http(422, { code: 'validation', message: 'x', errors: {} }), ctx())).toBeNull();
    expect(globalReaction(http(404, { code: 'not_found', message: 'x' }), ctx())).toBeNull();
    expect(globalReaction(http(403, { code: 'forbidden', message: 'x' }), ctx())).toBeNull();
    expect(globalReaction(network(), ctx({ selfHandled: true }))).toBeNull();
    expect(
      globalReaction(
        http(401, { code: 'auth.invalid_credentials', message: 'x' }),
        ctx({ selfHandled: true }),
      ),
    ).toBeNull();
  });
});

describe('error catalogue: what a screen does', () => {
  it('404 is logged and goes back; 403 goes to /unauthorized; the rest is shown', () => {
    expect(loadReaction(http(404, { code: 'not_found', message: 'x' }))).toBe('back');
    expect(loadReaction(http(403, { code: 'forbidden', message: 'x' }))).toBe('unauthorized');
    expect(loadReaction(http(409, { code: 'duplicate', message: 'x' }))).toBe('message');
  });

  it('an errors object: all messages flattened and joined with commas, translated', () => {
    const errors = { name: ['name.min', 'name.taken'], email: ['email.invalid'], roles: ['field.too_small'] };
    expect(flattenFieldErrors(t, errors)).toBe(
      [
        'validation.name.min',
        'validation.name.taken',
        'validation.email.invalid',
        'validation.field.too_small',
      ].join('common.listSeparator'),
    );
    expect(errorMessage(t, http(422, { code: 'validation', message: 'x', errors }))).toContain(
      'validation.name.min',
    );
  });

  it('unknown field keys fall back to a generic text rather than a raw key', () => {
    expect(flattenFieldErrors(t, { x: ['zzz.nope'] })).toBe('validation.field.invalid');
  });

  it('codes are translated; throttling says how long to wait', () => {
    expect(errorMessage(t, http(401, { code: 'auth.invalid_credentials', message: 'x' }))).toMatch(
      /^errors\.codes\.auth\.invalid_credentials/,
    );
    const throttled = new ApiError({
      kind: 'http',
      status: 429,
      body: { code: 'throttled', message: 'x' },
      retryAfterSeconds: 42,
      method: 'POST',
      path: 'login',
    });
    expect(errorMessage(t, throttled)).toBe('errors.codes.throttled{"seconds":42}');
  });
});

describe('API client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const reactions: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    reactions.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    setGlobalReactionHandler((reaction) => reactions.push(reaction));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    setGlobalReactionHandler(undefined);
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('sends the bearer token, X-Organization, credentials, and the background header; base from storage', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('organization', 'north');
    localStorage.setItem('connectionString', 'http://clinic:3000/api');
    fetchMock.mockResolvedValue(json(200, { data: { ok: true } }));
    await apiRequest('me', { schema: okSchema, background: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://clinic:3000/api/me');
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-organization']).toBe('north');
    expect(headers['x-background']).toBe('1');
    expect(init!.credentials).toBe('include');
  });

  it('defaults to this server /api and leaves the headers out when unset', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { ok: true } }));
    await apiRequest('health', { schema: okSchema });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/health`);
    const headers = init!.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-background']).toBeUndefined();
  });

  it('turns failures into ApiErrors and starts the global reaction', async () => {
    localStorage.setItem('token', 'tok');
    fetchMock.mockResolvedValueOnce(json(401, { code: 'unauthorized', message: 'Sign in' }));
    const error = await apiRequest('role', { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(reactions).toEqual(['sessionExpired']);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const down = (await apiRequest('role', { schema: okSchema }).catch((e: unknown) => e)) as ApiError;
    expect(down.kind).toBe('network');
    expect(reactions).toEqual(['sessionExpired', 'serverDownLogout']);

    fetchMock.mockResolvedValueOnce(
      json(422, { code: 'validation', message: 'x', errors: { name: ['name.min'] } }),
    );
    const invalid = (await apiRequest('role', { method: 'POST', body: {}, schema: okSchema }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(invalid.errors).toEqual({ name: ['name.min'] });
    expect(invalid.handled).toBe(false);
    expect(reactions).toHaveLength(2);
  });

  it('marks a body that is not an object', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 500 }));
    const error = (await apiRequest('x', { schema: okSchema, selfHandled: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.isObject).toBe(false);
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('http://a/api/', '/user', { page: 2, search: '', x: undefined })).toBe(
      'http://a/api/user?page=2',
    );
  });
});
