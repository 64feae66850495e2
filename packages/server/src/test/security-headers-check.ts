import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/**
 * The headers every answer carries, API or web app, success or error: a CSP that forbids framing, no MIME
 * sniffing, a referrer policy; and `Cache-Control: no-store` on every API answer (they carry patient data).
 */
export function expectSecurityHeaders(
  res: Pick<LightMyRequestResponse, 'headers'>,
  label: string,
  { api = true }: { api?: boolean } = {},
): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${label}: content-security-policy`).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
  expect(csp, `${label}: content-security-policy`).toMatch(/(^|;)\s*default-src /);
  expect(res.headers['x-content-type-options'], `${label}: x-content-type-options`).toBe('nosniff');
  expect(res.headers['referrer-policy'], `${label}: referrer-policy`).toBe('no-referrer');
  if (api) expect(res.headers['cache-control'], `${label}: cache-control`).toMatch(/(^|,\s*)no-store(,|$)/);
}
