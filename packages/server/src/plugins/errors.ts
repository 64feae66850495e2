import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode, FieldErrors } from '@basira/shared/errors/error-codes';
import { ERROR_STATUS, isMessageKey } from '@basira/shared/errors/error-codes';
import { isDatabaseDown } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { API_HEADERS } from './security-headers.ts';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  bad_request: 'The request could not be read.',
  request_timeout: 'The request took too long to arrive. Try again.',
  headers_too_large: 'The request headers are too large.',
  validation: 'The given data was invalid.',
  unauthorized: 'Sign in to continue.',
  forbidden: 'You do not have permission to do this.',
  not_found: 'Not found.',
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'This content type is not accepted.',
  throttled: 'Too many attempts. Try again later.',
  unavailable: 'The service is temporarily unavailable. Try again shortly.',
  'database.unavailable': 'The database is not answering. Try again shortly.',
  internal: 'Something went wrong on our side. It has been logged.',
};

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

/** Zod issue → message key: our schemas give keys like `name.min`; anything else becomes `field.<issue code>`. */
function messageKey(message: string, keyword: string): string {
  return isMessageKey(message) ? message : `field.${keyword}`;
}

function fieldErrors(validation: { instancePath: string; message?: string; keyword: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[field] ??= []).push(messageKey(issue.message ?? '', issue.keyword));
  }
  return errors;
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  errors?: FieldErrors,
  extra?: AppError['extra'],
) {
  const body: ErrorBody & { data?: unknown } = { message: message ?? MESSAGES[code] ?? code, code };
  if (errors) body.errors = errors;
  if (extra?.data !== undefined) body.data = extra.data;
  // Every error answer is JSON, whichever route it came from (the web app's wildcard passes unknown paths on).
  void reply.headers(API_HEADERS);
  if (extra?.headers) void reply.headers(extra.headers);
  return reply.status(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/** One handler for every failure: the `{message, code, errors?}` shape, no stack, SQL or path to the client. */
export function registerErrorHandler(
  app: FastifyInstance,
  /** Serves the single-page app for a browser's deep link (any GET outside /api). */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.errors, error.extra);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path parameter that fails its schema (e.g. a non-numeric id) names nothing: 404, not 422.
      if (error.validationContext === 'params') return send(reply, 'not_found');
      return send(reply, 'validation', undefined, fieldErrors(error.validation));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(reply, mapped);
    if (error.statusCode === 429) return send(reply, 'throttled');
    if (isDatabaseDown(error)) {
      // One line per refused request, without the stack: an outage would otherwise flood the log.
      request.log.warn({ cause: error.message }, 'database unavailable');
      return send(reply, 'database.unavailable');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ??
        'bad_request') as ErrorCode;
      return send(reply, code);
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return send(reply, 'internal', `${MESSAGES.internal} Reference: ${request.id}`);
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && !looksLikeApi(request.url) && (request.method === 'GET' || request.method === 'HEAD'))
      return spaFallback(request, reply);
    return send(reply, 'not_found');
  });
}

/**
 * Whether an unmatched path was meant for the API, read as loosely as any client or proxy might (`/%61pi/x`,
 * `/API/x`, `//api/x`): such a path answers the API's JSON 404, never the web app's page.
 */
function looksLikeApi(url: string): boolean {
  let path = url.split('?', 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // left as written: it still gets a 404 or the web app's not-found page
  }
  return /^\/+api(\/|$)/i.test(path);
}

const CLIENT_ERRORS: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
};

/**
 * What Node answers itself, before Fastify sees a request (a bad Content-Length, a NUL in a header, headers too
 * large): the app's error shape and the API's security headers, as for any other answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = (error.code && CLIENT_ERRORS[error.code]) || 'bad_request';
  const body = JSON.stringify({ message: MESSAGES[code] ?? MESSAGES.bad_request, code });
  const headers = Object.entries({
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const status = ERROR_STATUS[code];
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  socket.destroy(error);
}
