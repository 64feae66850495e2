import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const DOCUMENT_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      // Mantine sets style attributes; the /config screen may point the app at another API server.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'http:', 'https:'],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  // A clinic server on plain http inside the clinic must not be pinned to https by browsers.
  strictTransportSecurity: false,
};

/** Runs helmet once on a stand-in response and keeps the headers it sets. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return headers;
}

/** Helmet's headers for the web app's documents, computed once (building them per request cost much throughput). */
export const DOCUMENT_HEADERS = headersOf(DOCUMENT_POLICY);

/** API answers carry patient data: never cached, never sniffed, never framed (OWASP's REST guidance). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** The API description's pages (swagger-ui) are documents, answered to signed-in users only: never cached. */
const DOCS_HEADERS: Readonly<Record<string, string>> = { ...DOCUMENT_HEADERS, 'cache-control': 'no-store' };

/**
 * swagger-ui replaces the CSP of its answers (errors included) with its own, which lets the same origin frame
 * them; no page of ours is framed, by anyone.
 */
export const framedByNoOne = (csp: string): string =>
  /frame-ancestors [^;]*/.test(csp)
    ? csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    : `${csp.replace(/;?\s*$/, ';')} frame-ancestors 'none';`;

/**
 * Every answer gets one set or the other, chosen by the matched route's surface and registered path
 * (plugins/auth.ts), never by the URL text. An unmatched path gets the API's strict set; the 404 handler switches
 * to the document set only when it serves the web app for a deep link.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const document = request.routeOptions.config?.surface === 'document';
    const docs = document && (request.routeOptions.url ?? '').startsWith('/api/');
    void reply
      .headers(docs ? DOCS_HEADERS : document ? DOCUMENT_HEADERS : API_HEADERS)
      .header('x-request-id', request.id);
    done();
  });
}
