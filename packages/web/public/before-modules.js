// A classic script in index.html, run before any module: the settings and requests that cannot wait for them.

// 1. zod's configuration.
// zod builds its object parsers with `new Function` where it may, and even its probe for that is blocked by the
// page's Content-Security-Policy (no 'unsafe-eval'), logging a violation on every screen. zod reads this global
// when it loads, so a classic script (run before any module) turns that off before any schema exists, whatever
// the order in which the bundler's chunks evaluate.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// 2. The early requests.
// Started before any module has loaded: the two requests every screen waits for, its texts and, with a stored
// session, GET /api/me. The app takes each answer once (src/lib/early-requests.ts) and otherwise asks again itself,
// so a wrong guess here costs one request, never a wrong answer. What it reads must match src/lib/storage.ts (the
// keys), src/i18n/i18n.ts (the texts' address) and src/lib/api-client.ts (the headers): early-requests.test.ts
// runs this file and checks that.
(function () {
  try {
    var store = window.localStorage;
    var lang = store.getItem('lang');
    var early = {};
    if (lang === 'ar' || lang === 'en')
      early.texts = {
        lang: lang,
        response: fetch('/src/locales/' + lang + '.json', { headers: { accept: 'application/json' } }),
      };
    var token = store.getItem('token');
    // A signed-in page the server drew came with its first data, `me` among it (src/app/server-drawn.ts). A deferred
    // script runs once the whole page is parsed: the data, sent after the page's head, is there by then.
    if (token && !document.getElementById('rendered-data')) {
      var base =
        (store.getItem('connectionString') || '').trim().replace(/\/+$/, '') ||
        window.location.origin + '/api';
      var organization = (store.getItem('organization') || '').trim();
      var headers = { accept: 'application/json', authorization: 'Bearer ' + token };
      if (organization) headers['x-organization'] = organization;
      early.me = {
        key: base + '|' + token + '|' + organization,
        response: fetch(base + '/me', { headers: headers, credentials: 'include' }),
      };
    }
    window.__basiraEarly = early;
  } catch {
    // No storage (private mode) or no fetch: the app asks for everything itself.
  }
})();
