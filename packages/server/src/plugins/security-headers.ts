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

/**
 * Helmet's security headers, computed once at start (building them per request cost a third of the API's
 * throughput). API answers carry patient data: they are never cached and never sniffed.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const documentHeaders = headersOf(DOCUMENT_POLICY);
  // What OWASP's REST guidance asks of JSON answers; the rest of helmet's set only concerns documents.
  const apiHeaders = {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    void reply.headers(isApi ? apiHeaders : documentHeaders).header('x-request-id', request.id);
    done();
  });
}
