// bench/api-throughput: req/s of an authenticated GET /api/me against a bare Fastify route, same run.
// Target: /api/me ≥ 40 % of the bare route. Run: npx tsx bench/api-throughput/run.ts  (DATABASE_URL for PostgreSQL)
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

interface Ready {
  appAddress: string;
  bareAddress: string;
  database: string;
}

const child = fork(new URL('./server.ts', import.meta.url), {
  execArgv: [
    '--import',
    'tsx',
    '--conditions=source',
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
  ],
  env: { ...process.env },
});
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m) => resolve(m as Ready));
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const login = await fetch(`${ready.appAddress}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin', password: 'bench-password-1' }),
});
const { data } = (await login.json()) as { data: { token: string } };

async function measure(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

// Alternating rounds, median ratio: other work on a 2-core machine moves single runs by ±10 points.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const rounds: { bare: number; me: number; meP99: number; ratio: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const bare = await measure(`${ready.bareAddress}/bare`);
  const me = await measure(`${ready.appAddress}/api/me`, { authorization: `Bearer ${data.token}` });
  rounds.push({
    bare: bare.requests.average,
    me: me.requests.average,
    meP99: me.latency.p99,
    ratio: me.requests.average / bare.requests.average,
  });
}
child.disconnect();

const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
const ratio = median.ratio;
console.log(
  `api-throughput (${ready.database}, ${CONNECTIONS} connections, ${DURATION} s a run, ${ROUNDS} rounds)`,
);
for (const [i, r] of rounds.entries())
  console.log(
    `  round ${i + 1}: bare ${r.bare.toFixed(0)} req/s, GET /api/me ${r.me.toFixed(0)} req/s (p99 ${r.meP99} ms), ${(r.ratio * 100).toFixed(1)} %`,
  );
console.log(
  `  median ratio: ${(ratio * 100).toFixed(1)} % (target ≥ 40 %) ${ratio >= 0.4 ? 'PASS' : 'FAIL'}`,
);
process.exitCode = ratio >= 0.4 ? 0 : 1;
