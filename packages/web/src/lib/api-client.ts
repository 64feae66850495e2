import type { z } from 'zod';
import { BACKGROUND_HEADER, ORGANIZATION_HEADER } from '@basira/shared/auth/auth.schemas';
import { markActivity } from './activity.ts';
import { ApiError } from './api-error.ts';
import { earlyMeKey, takeEarlyMe } from './early-requests.ts';
import { getGlobalReactionHandler } from './api-reactions.ts';
import { globalReaction, reactionTakesCharge } from './error-catalogue.ts';
import { renderContext } from './render-context.ts';
import { getConnectionString, getOrganization, getToken } from './storage.ts';
import { hasUnsavedInput, recentlyReloaded } from './unsaved-input.ts';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  /** The answer's schema (from @basira/shared); the answer is parsed with it. */
  schema: S;
  /** Polls and event streams: the server does not count them as activity. */
  background?: boolean;
  /** Sign-in and the connection test handle every failure inline: no global reaction. */
  selfHandled?: boolean;
  signal?: AbortSignal;
  /** Overrides for the connection test on /config. */
  base?: string;
  organization?: string | null;
  withToken?: boolean;
  timeoutMs?: number;
  /** Headers of the call's own (a payment's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Set when the page is being left (a reload, a typed address): the browser then cuts every call in flight, and
 * that is not the server going away (spec section 8 would sign the user out on a network error).
 */
let leavingPage = false;
if (typeof window !== 'undefined') {
  // A navigation starts at beforeunload (and may yet be abandoned: then the flag lapses); pagehide is for good.
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
    window.setTimeout(() => void (leavingPage = false), 5_000);
  });
  window.addEventListener('pagehide', () => void (leavingPage = true));
}

export function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function retryAfter(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A request already under way, given up (rejected with the signal's reason) when `signal` aborts. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    response.then(resolve, reject);
  });
}

type SendOptions = Omit<RequestOptions<z.ZodType>, 'schema'>;

/**
 * Sends one call and returns the successful answer, unread. A failure is an ApiError; the spec's global
 * reactions (section 8) are started here.
 */
async function send(
  path: string,
  options: SendOptions,
): Promise<{ response: Response; token: string | null }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const token = options.withToken === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const organization = options.organization === undefined ? getOrganization() : options.organization;
  if (organization) headers[ORGANIZATION_HEADER] = organization;
  if (options.background) headers[BACKGROUND_HEADER] = '1';
  // A FormData body (an upload) sets its own multipart content type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  const fail = (init: Omit<ConstructorParameters<typeof ApiError>[0], 'method' | 'path' | 'background'>) => {
    const error = new ApiError({ ...init, method, path, background: options.background ?? false });
    const reaction = globalReaction(error, {
      hasToken: token !== null,
      hasUnsavedInput: hasUnsavedInput(),
      recentlyReloaded: recentlyReloaded(),
      selfHandled: options.selfHandled ?? false,
    });
    const handler = getGlobalReactionHandler();
    if (reaction && handler) {
      error.handled = reactionTakesCharge(reaction, error);
      handler(reaction, error);
    }
    return error;
  };

  const base = options.base ?? getConnectionString();
  // The first GET /api/me of a page was started by public/before-modules.js with these same headers.
  const early =
    method === 'GET' && path === 'me' && token && !options.query && !options.background && !options.headers
      ? takeEarlyMe(earlyMeKey(base, token, organization))
      : undefined;
  let response: Response;
  try {
    response = early
      ? await untilAborted(early, signal)
      : await (renderContext()?.fetch ?? fetch)(buildUrl(base, path, options.query), {
          method,
          headers,
          credentials: 'include',
          body:
            options.body === undefined
              ? null
              : isForm
                ? (options.body as FormData)
                : JSON.stringify(options.body),
          signal,
        });
  } catch (error) {
    clearTimeout(timer);
    // The caller's own abort (a screen left), or the page being left, is not a failure of the server.
    if (options.signal?.aborted || leavingPage) throw error;
    throw fail({ kind: timeout.signal.aborted ? 'timeout' : 'network' });
  }
  if (response.ok) {
    clearTimeout(timer);
    return { response, token };
  }
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    if (options.signal?.aborted || leavingPage) throw error;
    throw fail({ kind: timeout.signal.aborted ? 'timeout' : 'network' });
  } finally {
    clearTimeout(timer);
  }
  throw fail({ kind: 'http', status: response.status, body, retryAfterSeconds: retryAfter(response) });
}

/**
 * One call to the API: bearer token, X-Organization, credentials, the base from the stored connection string.
 * A failure is an ApiError; the spec's global reactions (section 8) are started here.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  const { response, token } = await send(path, options);
  let body: unknown;
  try {
    body = await readBody(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', method: options.method ?? 'GET', path });
  }
  if (token && !options.background) markActivity();
  return options.schema.parse(body) as z.infer<S>;
}

/** Whether the server and its database answer (`GET /api/health`, 2xx): the outage banner's poll. */
export async function healthAnswers(): Promise<boolean> {
  try {
    const { response } = await send('health', {
      withToken: false,
      background: true,
      selfHandled: true,
      timeoutMs: 5_000,
    });
    void response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** A file from the API (a patient's document, a backup): its bytes, type and the name the server gives it. */
export async function apiBlob(
  path: string,
  options: Omit<SendOptions, 'body'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const { response, token } = await send(path, options);
  const blob = await response.blob();
  if (token && !options.background) markActivity();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** `attachment; filename="a.pdf"; filename*=UTF-8''%D8%A3.pdf` → the UTF-8 name when given. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}
