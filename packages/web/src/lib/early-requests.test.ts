import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadTexts } from '../i18n/i18n.ts';
import { apiRequest } from './api-client.ts';

// public/before-modules.js repeats, in a classic script, what storage.ts, i18n.ts and api-client.ts would ask for:
// these tests run it and compare its requests with the app's own.
const here = path.dirname(fileURLToPath(import.meta.url));
const script = readFileSync(path.resolve(here, '../../public/before-modules.js'), 'utf8');
const runBeforeModules = () => (0, eval)(script) as void;

type Call = { url: string; headers: Record<string, string>; credentials?: string };
let calls: Call[];
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  localStorage.clear();
  delete window.__basiraEarly;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        headers: { ...(init.headers as Record<string, string>) },
        credentials: init.credentials,
      });
      return Promise.resolve(
        answer(url.endsWith('.json') ? { hello: 'early' } : { data: { id: calls.length } }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const schema = z.object({ data: z.object({ id: z.number() }) });

describe('the requests started before any module (public/before-modules.js)', () => {
  it('asks for GET /api/me exactly as the API client would, and the client takes that answer once', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('organization', 'demo');
    localStorage.setItem('connectionString', 'https://clinic.example/api/');
    runBeforeModules();
    expect(calls).toHaveLength(1);
    const early = calls[0]!;

    // The first call is answered by the early request: no second fetch.
    expect(await apiRequest('me', { schema })).toEqual({ data: { id: 1 } });
    expect(calls).toHaveLength(1);
    // The next is the client's own, and it is the same request.
    expect(await apiRequest('me', { schema })).toEqual({ data: { id: 2 } });
    const own = calls[1]!;
    expect(early.url).toBe(own.url);
    expect(early.headers).toEqual(own.headers);
    expect(early.credentials).toBe(own.credentials);
  });

  it('is not taken when the session changed since it was asked (another token)', async () => {
    localStorage.setItem('token', 'tok-1');
    runBeforeModules();
    localStorage.setItem('token', 'tok-2');
    await apiRequest('me', { schema });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.authorization).toBe('Bearer tok-2');
  });

  it('asks for nothing of the API without a stored session', () => {
    localStorage.setItem('lang', 'ar');
    runBeforeModules();
    expect(calls.map((c) => c.url)).toEqual(['/src/locales/ar.json']);
  });

  it('asks for no GET /api/me on a signed-in page the server drew: it came with its data', () => {
    localStorage.setItem('lang', 'ar');
    localStorage.setItem('token', 'tok-1');
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'rendered-data';
    document.body.append(data);
    try {
      runBeforeModules();
    } finally {
      data.remove();
    }
    expect(calls.map((c) => c.url)).toEqual(['/src/locales/ar.json']);
  });

  it("gives the texts' answer to the language it was asked for, once", async () => {
    localStorage.setItem('lang', 'en');
    runBeforeModules();
    const own = vi.fn(() => Promise.resolve(answer({ hello: 'own' })));
    expect(await loadTexts('ar', own)).toEqual({ hello: 'own' });
    runBeforeModules();
    expect(await loadTexts('en', own)).toEqual({ hello: 'early' });
    expect(await loadTexts('en', own)).toEqual({ hello: 'own' });
    expect(calls[0]!.url).toBe('/src/locales/en.json');
  });
});
