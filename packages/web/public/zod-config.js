// zod builds its object parsers with `new Function` where it may, and even its probe for that is blocked by the
// page's Content-Security-Policy (no 'unsafe-eval'), logging a violation on every screen. zod reads this global
// when it loads, so a classic script (run before any module) turns that off before any schema exists, whatever
// the order in which the bundler's chunks evaluate.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
