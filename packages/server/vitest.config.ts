import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Fault tests damage a PostgreSQL cluster of their own: `npm run test:faults` (vitest.faults.config.ts).
    exclude: [...configDefaults.exclude, 'src/**/*.fault.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    // Vitest's default is one file at a time on two cores (cores - 1), but a file here spends much of its time
    // waiting on its database: two at once, where the cores are few.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
