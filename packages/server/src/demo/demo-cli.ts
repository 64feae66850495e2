import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { keepFilesPrivate } from '../lib/private-files.ts';
import { DEMO_SLUG, loadDemo, type DemoResult } from './demo.ts';

const HELP = `Basira demo data
  npm run demo              loads the organization "${DEMO_SLUG}" (about 300 patients, two weeks of visits, exam
                            records of every type, recalls, staff accounts) into the server's database
  npm run demo -- --reset   deletes the organization "${DEMO_SLUG}" and everything in it, then loads it again
Uses DATABASE_URL / DATA_DIR like the server; with the embedded database, stop the server first.`;

function report(result: Extract<DemoResult, { loaded: true }>, config: Config): string[] {
  const { counts: c, accounts } = result;
  const width = Math.max(...accounts.map((a) => a.username.length));
  const exams = Object.entries(c.exams).map(([type, n]) => `${type} ${n}`);
  return [
    '',
    `  Demo organization "${result.slug}" loaded in ${result.seconds.toFixed(1)} s:`,
    `    ${c.patients} patients; ${c.visits} visits, ${c.today} of them today (${c.statuses.Waiting} waiting, ` +
      `${c.statuses.WithDoctor} with a doctor, ${c.statuses.Finished} finished, ${c.statuses.Canceled} canceled)`,
    `    recalls: ${c.recalls.due} due, ${c.recalls.upcoming} upcoming`,
    `    exam records: ${exams.join(', ')}`,
    `    money: a price list, ${c.money.charges} charges, ${c.money.entries} entries, ${c.money.receipts} receipts, ` +
      `${c.money.shifts} closed shifts`,
    '    a print setting with the clinic logo',
    '',
    `  To try it: start the server (npm start), open http://localhost:${config.PORT}/config, set the organization`,
    `  to "${result.slug}" and save ("Connection settings" on the sign-in page), then sign in as one of:`,
    '',
    ...accounts.map(
      (a) => `    ${a.role.padEnd(14)} ${a.username.padEnd(width)}  ${a.password}   (${a.email})`,
    ),
    '',
    '  These passwords are shown only this once. To start over: npm run demo -- --reset',
    '',
  ];
}

// The demo's database and documents are written like the server's: its user's alone.
keepFilesPrivate();

let values: { reset?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { reset: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  (error: unknown) => {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
try {
  console.log(`Loading the demo organization "${DEMO_SLUG}"…`);
  const result = await loadDemo(database, config, { reset: values.reset ?? false, print: console.log });
  if (result.loaded) console.log(report(result, config).join('\n'));
  else
    console.log(
      `The demo organization "${result.slug}" is already loaded: nothing was added.\n` +
        `Its passwords were shown when it was loaded; a new one: npm run cli -- reset-password --org ${result.slug} --username <user>\n` +
        'To load it afresh: npm run demo -- --reset',
    );
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
