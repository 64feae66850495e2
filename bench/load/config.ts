// The clinic day's settings, read once from the environment.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@basira/server/src/config.ts';

/** The 1,000,000-patient database of bench/patient-search, and its organization: the searches run over its patients. */
export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/basira_bench';
export const ORG_SLUG = 'bench-search';
export const ADMIN_EMAIL = `admin@${ORG_SLUG}.bench`;
export const PASSWORD = 'bench-password-1';
export const PATIENTS = 1_000_000;

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const SECONDS = num('BENCH_SECONDS', 60);
export const USERS = num('BENCH_USERS', 50);
/** Every user runs the scenario this long before the "before" memory sample (sessions, caches, JIT warm). */
export const WARMUP_SECONDS = num('BENCH_WARMUP_SECONDS', 10);
/** A clinic's pace: each user waits 0.5–2 s (uniform) between two actions. */
export const THINK_MS: [number, number] = [500, 2000];
/** 1, 2, or both (unset) server processes for the clinic day. */
export const PROCESSES: number[] = process.env.BENCH_PROCESSES
  ? [Number(process.env.BENCH_PROCESSES)]
  : [1, 2];
/** The saturation variant (no think time, 1 then 2 processes behind the proxy): BENCH_SATURATION=0 skips it. */
export const SATURATION = process.env.BENCH_SATURATION !== '0';
export const SATURATION_SECONDS = num('BENCH_SATURATION_SECONDS', 20);
export const PROFILE = Boolean(process.env.BENCH_PROFILE);

/** Who the users are: a share of the 50 per desk (the rest are doctors). */
export const ROLE_SHARES = { reception: 0.2, optometrist: 0.24, admin: 0.12 } as const;
/**
 * Reception's first users are the cashiers: each opens a shift and pays the charges of the visits the others
 * queue. Two rather than one so that the 60 s carry enough payments for a p95 (one pays every 2–3 s).
 */
export const CASHIERS = num('BENCH_CASHIERS', 2);

export const TARGETS = {
  readP95Ms: 100,
  writeP95Ms: 200,
  /** `POST /api/mo/billing/payments` (issue 52): a payment's p95 under the clinic day. */
  paymentP95Ms: 50,
  /** Memory after the run (after a GC) at most this much above before. */
  memoryGrowth: 0.2,
  throughputRatio: 1.6,
};

/** The server's configuration, as `npm start` would read it, on the benchmark database. */
export function serverConfig() {
  const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data/load-files');
  mkdirSync(dataDir, { recursive: true });
  return loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    DATABASE_URL,
    LOGIN_RATE_PER_ADDRESS_PER_MINUTE: '100000',
    // One user calls far faster than a person: the per-user limit would measure itself.
    REQUESTS_PER_USER_PER_MINUTE: '100000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
    SESSION_IDLE_MINUTES: '600',
    TELEGRAM_WORKER: 'false',
  });
}
