import type { FieldErrors } from '@basira/shared/errors/error-codes';
import { DATABASE_UNAVAILABLE, type ApiError } from './api-error.ts';

/** i18next's `t`, reduced to what the catalogue needs (keeps this module testable without i18next). */
export interface Translator {
  (key: string, options?: Record<string, unknown>): string;
  exists?: (key: string) => boolean;
}

/**
 * What the client does by itself when a call fails (spec section 8), before the screen sees the error:
 * - serverDown: the message "Server is down, please try again.", nothing else.
 * - serverDownLogout: the same message, then logout and /login (network error, nothing unsaved on screen).
 * - sessionExpired: the warning toast for 2.5 s, then logout and /login.
 * - passwordChange: the server asks for a new password first: to the forced change screen.
 * - reload: an error that is not an object reloads the page.
 * - keepInput: the same, while a form holds unsaved input (or the page has just reloaded): a toast instead.
 * - databaseDown: the server answers but its database does not (503 `database.unavailable`): the calm outage
 *   banner instead of a message per call, until `/api/health` answers again (lib/outage.ts).
 * `null`: no global reaction; the screen shows the error itself.
 */
export type GlobalReaction =
  | 'serverDown'
  | 'serverDownLogout'
  | 'sessionExpired'
  | 'passwordChange'
  | 'reload'
  | 'keepInput'
  | 'databaseDown'
  | null;

export interface ReactionContext {
  /** A token is stored (someone is signed in on this browser). */
  hasToken: boolean;
  /** A form on screen holds input that is not saved. */
  hasUnsavedInput: boolean;
  /** The page reloaded because of such an error moments ago (so a persistent failure does not loop). */
  recentlyReloaded: boolean;
  /** Sign-in and connection tests show every failure inline themselves. */
  selfHandled: boolean;
}

/** Gateways answer these when the application server behind them is not answering. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function globalReaction(error: ApiError, ctx: ReactionContext): GlobalReaction {
  if (ctx.selfHandled) return null;
  if (error.code === DATABASE_UNAVAILABLE) return 'databaseDown';
  if (error.kind === 'timeout') return 'serverDown';
  if (error.kind === 'network') {
    // A poll must not sign anyone out, and logging out would throw away a half-filled form.
    if (error.background || ctx.hasUnsavedInput || !ctx.hasToken) return 'serverDown';
    return 'serverDownLogout';
  }
  if (!error.isObject && GATEWAY_STATUSES.has(error.status)) return 'serverDown';
  if (error.status === 401) return ctx.hasToken ? 'sessionExpired' : null;
  if (error.code === 'auth.password_change_required') return 'passwordChange';
  if (!error.isObject) return ctx.hasUnsavedInput || ctx.recentlyReloaded ? 'keepInput' : 'reload';
  return null;
}

/**
 * Whether the global reaction answers for the failure, so the screen stays silent. A write that met a database
 * outage stays the screen's to report: its form says the save failed and keeps the values for another try (a
 * write is never resent by itself: the user would not know it was sent twice).
 */
export function reactionTakesCharge(reaction: Exclude<GlobalReaction, null>, error: ApiError): boolean {
  return reaction !== 'databaseDown' || error.method === 'GET';
}

/** What a screen does when loading its data fails and nothing global took charge. */
export type LoadReaction = 'back' | 'unauthorized' | 'message';

export function loadReaction(error: ApiError): LoadReaction {
  if (error.status === 404) return 'back';
  if (error.status === 403) return 'unauthorized';
  return 'message';
}

function translateOr(t: Translator, key: string, fallbackKey: string, options?: Record<string, unknown>) {
  if (t.exists && !t.exists(key)) return t(fallbackKey, options);
  return t(key, options);
}

/** One field message key from the server (`name.min`, `field.too_small`…) in the chosen language. */
export function fieldMessage(t: Translator, key: string): string {
  const fallback = key.startsWith('field.')
    ? 'validation.field.invalid'
    : `validation.field.${key.split('.').pop()}`;
  if (t.exists && !t.exists(`validation.${key}`)) {
    return t.exists(fallback) ? t(fallback) : t('validation.field.invalid');
  }
  return t(`validation.${key}`);
}

/** Spec: an errors object is shown as all of its messages, flattened and joined with commas. */
export function flattenFieldErrors(t: Translator, errors: FieldErrors): string {
  const messages = Object.values(errors)
    .flat()
    .map((key) => fieldMessage(t, key));
  return [...new Set(messages)].join(t('common.listSeparator'));
}

/** The message for a failed call, in the chosen language. */
export function errorMessage(t: Translator, error: unknown): string {
  if (!isApiErrorLike(error)) return t('errors.unexpected');
  if (error.kind === 'network' || error.kind === 'timeout') return t('errors.serverDown');
  if (!error.isObject && GATEWAY_STATUSES.has(error.status)) return t('errors.serverDown');
  if (error.errors && Object.keys(error.errors).length > 0) return flattenFieldErrors(t, error.errors);
  if (error.code) {
    const key = `errors.codes.${error.code}`;
    const options = { seconds: error.retryAfterSeconds ?? 60 };
    if (!t.exists || t.exists(key)) return t(key, options);
  }
  if (!error.isObject) return t('errors.notAnObject');
  return translateOr(t, `errors.status.${error.status}`, 'errors.unexpected');
}

function isApiErrorLike(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'kind' in error && 'status' in error;
}
