import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'basira-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Basira</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As the build's precompress step leaves them.
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

describe('the built web app', () => {
  it('is served at / with the document security policy', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Basira</title>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers deep links with index.html, but unknown API paths with a JSON 404', async () => {
    const deep = await t.request({ method: 'GET', url: '/boards/12/34' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Basira</title>');
    expect(deep.headers['content-security-policy']).toContain("script-src 'self'");
    expect(deep.headers['x-frame-options']).toBe('SAMEORIGIN');
    for (const url of ['/api/boards/12', '/%61pi/boards/12']) {
      const api = await t.request({ method: 'GET', url });
      expect(api.statusCode, url).toBe(404);
      expect(api.json().code).toBe('not_found');
      expect(api.headers['cache-control']).toBe('no-store');
    }
  });

  it('caches content-hashed chunks for good', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.request({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).not.toContain('immutable');
  });

  it('sends the precompressed copy to a browser that accepts it', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
  });
});
