// `npm test`: the whole suite, in order: lint, typecheck, unit tests (shared, web), API tests on PGlite and
// on PostgreSQL, one short round of the fault tests, then the end-to-end tests in Chromium. Outside CI a part
// whose service is missing is skipped loudly; with CI=true it fails instead. Benchmarks never run here (see bench/).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { build } from './build.mjs';
import { root, run } from './lib.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const reports = path.join(root, 'node_modules/.cache/basira-test');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

async function step(name, command, args, options) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await run(command, args, options);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)`);
  if (code !== 0) failed = true;
  return code === 0;
}

function skip(name, why) {
  console.log(`\n!!!!!!!! SKIPPED: ${name}: ${why} !!!!!!!!`);
  results.push(`! ${name} SKIPPED (${why})`);
}

/** The first line of an error's text, cut to a summary line's length. */
const firstLine = (text) => (text ?? '').split('\n')[0].slice(0, 300);

function countVitest(name, file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // The failures are named again in the summary: CI's record keeps only the end of the output, and a failure that
  // does not recur must still be findable from it.
  for (const suite of report.testResults ?? []) {
    const where = path.relative(root, suite.name);
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed')
        results.push(`  ✗ ${name}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed')
      results.push(`  ✗ ${name}: ${where}: ${firstLine(suite.message)}`);
  }
}

/** The titles of the browser tests of a status: 'flaky' (failed, then passed on retry) or 'unexpected' (failed). */
function titlesOf(report, status) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === status) titles.push(`[${test.projectName}] ${[...path, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites) walk(suite, [suite.title]);
  return titles.join('; ');
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  totals.passed += stats.expected + stats.flaky;
  if (stats.flaky > 0)
    results.push(
      `! ${stats.flaky} flaky browser test(s), passed on their retry: ${titlesOf(report, 'flaky')}`,
    );
  if (stats.unexpected > 0) results.push(`  ✗ failed browser test(s): ${titlesOf(report, 'unexpected')}`);
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A Node.js binary of the given major line: this one when it is of that line, else the registry's `node` package of
 * it, installed once under node_modules/.cache (no download but from the npm registry). Undefined when it cannot be.
 */
async function nodeOfLine(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  const prefix = path.join(root, 'node_modules/.cache', `node${major}`);
  const binary = path.join(prefix, 'node_modules/node/bin/node');
  if (!existsSync(binary)) {
    mkdirSync(prefix, { recursive: true });
    const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `node@${major}`];
    if ((await run('npm', args)) !== 0 || !existsSync(binary)) return undefined;
  }
  return binary;
}

const vitest = (name, projects, env = {}, node = undefined) => {
  const out = path.join(reports, `${name}.json`);
  const args = [
    ...(node ? [path.join(root, 'node_modules/vitest/vitest.mjs')] : ['vitest']),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  // The tests' own child processes (the CLI, a second server) take the same Node from PATH.
  const withNode = node ? { ...env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` } : env;
  return step(name, node ?? 'npx', args, { env: withNode }).finally(() => countVitest(name, out));
};

await step('lint (eslint)', 'npx', ['eslint', '.']);
await step('format (prettier)', 'npx', ['prettier', '--check', '.']);
const typed = ['packages/shared', 'packages/server', 'packages/web', 'e2e', 'bench'].filter((p) =>
  existsSync(path.join(root, p, 'tsconfig.json')),
);
for (const p of typed) await step(`typecheck ${p}`, 'npx', ['tsc', '-p', p]);

const unitProjects = [
  'shared',
  ...(existsSync(path.join(root, 'packages/web/vitest.config.ts')) ? ['web'] : []),
];
await vitest('unit tests', unitProjects);

// The API tests run under two Node.js lines: on PGlite (what `npm install && npm start` runs) under Node 22, the LTS a
// clinic installs today, and on PostgreSQL under this machine's Node. Each rule is then proved on both databases and
// both lines, without a third pass of the suite (docs/operations.md, "Node.js").
const node22 = await nodeOfLine(22);
if (node22) await vitest('API tests on PGlite (Node 22)', ['server'], { TEST_DB: 'pglite' }, node22);
else if (ci) {
  results.push('✗ API tests on PGlite (Node 22): no Node 22 (npm install node@22 failed)');
  failed = true;
} else {
  skip('API tests under Node 22', 'no Node 22 could be installed; running them under this Node');
  await vitest('API tests on PGlite', ['server'], { TEST_DB: 'pglite' });
}

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await postgresReachable(pgUrl))
  await vitest('API tests on PostgreSQL', ['server'], { TEST_DB: 'postgres' });
else if (ci) {
  console.error(`\n✗ PostgreSQL is not reachable at ${pgUrl}; CI must run the PostgreSQL suite.`);
  results.push('✗ API tests on PostgreSQL (PostgreSQL unreachable)');
  failed = true;
} else skip('API tests on PostgreSQL', `no PostgreSQL at ${pgUrl}`);

// One short round of each fault test (PostgreSQL restarted, stopped, killed; the outbox worker killed), on a cluster the script
// makes and removes; `npm run test:faults` alone runs the long loops. It skips (or fails in CI) without initdb.
{
  const name = 'fault tests, one short round';
  const out = path.join(reports, 'faults.json');
  const args = ['run', 'test:faults', '--', '--short', '--reporter=default', '--reporter=json'];
  const passed = await step(name, 'npm', [...args, `--outputFile.json=${out}`]);
  if (passed && !existsSync(out)) results.splice(-1, 1, `! ${name} SKIPPED (no initdb/pg_ctl)`);
  countVitest(out);
}

const playwrightConfig = path.join(root, 'e2e/playwright.config.ts');
if (existsSync(playwrightConfig)) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    if (ci) {
      results.push(`✗ end-to-end tests (no Chromium at ${chromium})`);
      failed = true;
    } else skip('end-to-end tests', `no Chromium at ${chromium} (apt-get install chromium)`);
  } else {
    await build();
    const out = path.join(reports, 'e2e.json');
    await step('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '-c', playwrightConfig], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    countPlaywright(out);
  }
}

console.log(`\n${results.join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);
