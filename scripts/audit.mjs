// CI's dependency audit: `npm audit --omit=dev --audit-level=high`, read as JSON so that two outcomes are told
// apart. A high or critical advisory in a production dependency fails the run. An advisory service that does
// not answer (this workplace's registry mirror refuses the audit call with 405) is not a finding: it is printed
// loudly and the run goes on, since failing there would block every change for a reason no change can fix.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: root,
  encoding: 'utf8',
});
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = { error: { summary: result.stderr || 'no JSON answer' } };
}

if (report.metadata?.vulnerabilities) {
  const { high = 0, critical = 0, ...rest } = report.metadata.vulnerabilities;
  console.log(`npm audit: ${critical} critical, ${high} high (others: ${JSON.stringify(rest)})`);
  if (high + critical > 0) {
    spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { cwd: root, stdio: 'inherit' });
    process.exit(1);
  }
} else {
  const why = report.message ?? report.error?.summary;
  console.log(`\n!!!!!!!! npm audit could not reach the advisory service (${why}): NOT AUDITED !!!!!!!!\n`);
}
