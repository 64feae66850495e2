import { defineConfig } from 'vitest/config';

/**
 * The fault tests (`*.fault.test.ts`): PostgreSQL restarted, stopped and killed under running servers. They run
 * through `npm run test:faults` (scripts/test-faults.mjs), which makes the cluster they damage; never in the
 * `server` project. Files run one at a time: they share that cluster.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'faults',
    include: ['src/**/*.fault.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // The harness (test/harness.ts) works there too, on the fault cluster's database.
    provide: { databaseUrl: process.env.FAULT_PG_URL },
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
