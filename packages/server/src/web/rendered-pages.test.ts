import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinic } from '../test/clinic-fixtures.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

// index.html as the web build writes it (vite adds the entry, its preloads and the stylesheet).
const TEMPLATE = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <title>Basira</title>
    <script src="/before-modules.js" defer></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// A stand-in for the web app's server entry (packages/web/src/entry-server.tsx), which the real suite builds: it
// draws what it was asked, fails in English right to left (draws nothing if dark too), and counts its renders.
const HOLD_MS = 1_000;
const ENTRY = `
export const renders = [];
export async function renderPage({ path, ui, texts, session, sidePanel }) {
  renders.push(path + ' ' + ui.lang + '.' + ui.direction + '.' + ui.dark);
  // The dashboard's render holds the event loop, as React's render and the embedded database's queries do.
  if (path === '/dashboard') for (const until = Date.now() + ${HOLD_MS}; Date.now() < until; );
  if (session) {
    // Signed in: what the API answers this page's session, whatever credentials the render would send.
    const me = await session.call({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer forged' } });
    const write = await session.call({ method: 'POST', url: '/api/logout', headers: {} }).then(
      () => 'written',
      () => 'refused',
    );
    const name = me.status === 200 ? JSON.parse(me.body).data.name : 'status ' + me.status;
    if (path === '/patients') await session.call({ method: 'GET', url: '/api/mo/patient/filter?page=1', headers: {} });
    if (path === '/doctor') throw new Error('render failed');
    return {
      html: '<p>' + name + ' ' + write + ' panel ' + sidePanel + '</p>',
      data: JSON.stringify({ note: '</script><script>alert(1)</script>' }),
    };
  }
  if (ui.lang === 'en' && ui.direction === 'rtl') {
    if (ui.dark) return null;
    throw new Error('render failed');
  }
  return { html: '<h1>' + texts.title + '</h1>' };
}`;

const run = promisify(execFile);

let t: TestApp;
let dir: string;
let renders: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'basira-rendered-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'src/locales'), { recursive: true });
  mkdirSync(path.join(dir, 'dist-server'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  writeFileSync(
    path.join(dist, 'src/locales/ar.json'),
    JSON.stringify({ title: 'تسجيل الدخول', app: { name: 'بصيرة <&>' } }),
  );
  writeFileSync(
    path.join(dist, 'src/locales/en.json'),
    JSON.stringify({ title: 'Sign in', app: { name: 'Basira' } }),
  );
  const entry = path.join(dir, 'dist-server/entry-server.js');
  writeFileSync(entry, ENTRY);
  ({ renders } = (await import(pathToFileURL(entry).href)) as { renders: string[] });
  t = await startTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(() => t.close());

const get = (cookie?: string, encoding?: string) =>
  t.request({
    method: 'GET',
    url: '/login',
    headers: { ...(cookie ? { cookie } : {}), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('the pages the server sends drawn', () => {
  it('puts the page in index.html, in the look of a browser that told nothing, with the app loaded after the paint', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="ar" dir="rtl" data-mantine-color-scheme="light">');
    // The app's name in the page's language: each screen sets its own once the app holds it.
    expect(res.body).toContain('<title>بصيرة &lt;&amp;&gt;</title>');
    expect(res.body).toContain(
      '<div id="root" data-rendered-path="/login" data-rendered-look="ar.rtl.light"><h1>تسجيل الدخول</h1></div>',
    );
    // No module script or preload: the browser would evaluate the chunks before its first paint.
    expect(res.body).toContain(
      '<script src="/after-paint.js" data-entry="/assets/index-abc.js" defer></script>',
    );
    expect(res.body).not.toMatch(/type="module"|modulepreload/);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('draws the start page at / (not the static index.html)', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-rendered-path="/" data-rendered-look="ar.rtl.light">');
  });

  it("draws it in the browser's language, direction and colour scheme, from its cookie", async () => {
    const res = await get('theme=x; basira_ui=en.ltr.dark');
    expect(res.body).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="dark">');
    expect(res.body).toContain('data-rendered-look="en.ltr.dark"><h1>Sign in</h1>');
  });

  it('renders each look once and keeps it; sends it compressed to a browser that takes brotli', async () => {
    const before = renders.length;
    const plain = await get('basira_ui=ar.ltr.light');
    const again = await get('basira_ui=ar.ltr.light', 'gzip, deflate, br');
    expect(renders.length - before).toBe(1);
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(plain.body);
  });

  it('serves index.html as it is when the render fails or draws nothing, and tries again on the next request', async () => {
    const before = renders.length;
    for (const look of ['en.rtl.light', 'en.rtl.light', 'en.rtl.dark']) {
      const plain = await get(`basira_ui=${look}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(TEMPLATE);
    }
    // A failure is not kept; a page the render does not draw is.
    expect(renders.length - before).toBe(3);
    await get('basira_ui=en.rtl.dark');
    expect(renders.length - before).toBe(3);
  });
});

describe('a signed-in screen', () => {
  it('comes drawn for the session of its cookie, read through the API as that user, held until the app has it', async () => {
    const org = await t.newOrg();
    const res = await t.request({
      method: 'GET',
      url: '/patients?page=2',
      headers: { cookie: `basira_ui=en.ltr.dark; basira_panel=0; basira_session=${org.adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    // The user's data: no cache keeps it.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en" dir="ltr" data-mantine-color-scheme="dark">');
    expect(res.body).toContain('<title>Basira</title>');
    expect(res.body).not.toMatch(/type="module"|modulepreload/);
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(res.body).toContain(
      `<div id="root" data-rendered-path="/patients?page=2" data-rendered-look="en.ltr.dark" data-rendered-user="${org.adminId}" inert><p>Admin User refused panel false</p></div>`,
    );
    // The first data as a data block, which nothing in it can close.
    expect(res.body).toContain(
      '<script type="application/json" id="rendered-data">{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    );
  });

  it("reads as the page's own request: the audit trail has the browser's address, and the page comes compressed", async () => {
    const org = await t.newOrg();
    await clinic(t, org).patient();
    const res = await t.request({
      method: 'GET',
      url: '/patients',
      remoteAddress: '203.0.113.9',
      headers: { cookie: `basira_session=${org.adminToken}`, 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('data-rendered-path="/patients"');
    const audit = await t.request({ method: 'GET', url: '/api/audit', token: org.adminToken, org: org.slug });
    const rows = (audit.json() as { data: { action: string; ip: string | null }[] }).data;
    expect(rows.filter((row) => row.action === 'patient.listed').map((row) => row.ip)).toEqual([
      '203.0.113.9',
    ]);
  });

  it('sends its head at once, compressed, and its page when drawn: the browser starts the page meanwhile', async () => {
    const org = await t.newOrg();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A browser in a process of its own (this one's event loop is held by the render): each part as it came.
    const client = `
      const parts = [];
      const started = Date.now();
      require('node:http').get(
        { port: ${port}, host: '127.0.0.1', path: '/dashboard',
          headers: { cookie: 'basira_session=${org.adminToken}', 'accept-encoding': 'br' } },
        (res) => res.pipe(require('node:zlib').createBrotliDecompress()).setEncoding('utf8')
          .on('data', (text) => parts.push({ at: Date.now() - started, text }))
          .on('end', () => console.log(JSON.stringify(parts))),
      );`;
    const { stdout } = await run(process.execPath, ['-e', client]);
    const parts = JSON.parse(stdout) as { at: number; text: string }[];
    const whole = parts.map((p) => p.text).join('');
    expect(parts[0]!.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(parts[0]!.text).not.toContain('id="root"');
    // The head came before the render held the server, the page after it.
    expect(parts[0]!.at).toBeLessThan(HOLD_MS / 2);
    expect(parts.at(-1)!.at).toBeGreaterThanOrEqual(HOLD_MS);
    expect(whole).toMatch(/<div id="root" data-rendered-path="\/dashboard"[^>]*><p>Admin User/);
    expect(whole).toMatch(/<\/html>$/);
  });

  it('is the plain index.html for a browser without a live session', async () => {
    for (const cookie of [undefined, 'basira_session=' + 'A'.repeat(43)]) {
      const res = await t.request({ method: 'GET', url: '/queue', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE);
    }
  });

  it('leaves its root empty when the render fails, for the app (loaded after the paint) to draw it', async () => {
    const org = await t.newOrg();
    const failed = await t.request({
      method: 'GET',
      url: '/doctor',
      headers: { cookie: `basira_session=${org.adminToken}` },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain(
      '<script src="/after-paint.js" data-entry="/assets/index-abc.js" defer></script>',
    );
    expect(failed.body).not.toContain('rendered-data');
    expect(failed.body).toMatch(/<\/html>$/);
  });
});

describe('a browser whose session cookie holds a session', () => {
  it('gets the plain index.html while the session lives (its app draws the page signed in), the drawn page after', async () => {
    const org = await t.newOrg();
    const cookie = `basira_ui=ar.rtl.light; basira_session=${org.adminToken}`;
    for (const url of ['/', '/login']) {
      const res = await t.request({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(TEMPLATE);
    }
    const logout = await t.request({
      method: 'POST',
      url: '/api/logout',
      token: org.adminToken,
      org: org.slug,
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.request({ method: 'GET', url: '/', headers: { cookie } });
    expect(after.body).toContain('data-rendered-path="/"');
  });

  it('is signed out when the cookie holds no live session', async () => {
    for (const session of ['A'.repeat(43), 'not a token', ''])
      expect((await get(`basira_session=${session}`)).body, session).toContain('data-rendered-path="/login"');
  });

  it('signs nobody in to the API: a call with the cookie and no bearer token is refused', async () => {
    const org = await t.newOrg();
    const res = await t.request({
      method: 'GET',
      url: '/api/me',
      org: org.slug,
      headers: { cookie: `basira_session=${org.adminToken}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
