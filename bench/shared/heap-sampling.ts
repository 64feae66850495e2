// BENCH_HEAP=1: a sampling heap profile of this process that keeps the objects already collected, so that it shows
// where the garbage is made (what a CPU profile's "(garbage collector)" line is paying for), not only what
// survives. `node --heap-prof` keeps only what is still alive when the process ends. Read it with heap-top.ts.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Starts sampling (one sample per 4 KB allocated); the returned function writes the profile to `file`. */
export async function startHeapSampling(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  // The two include… flags are V8's (Node 20's types do not list them yet).
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as { samplingInterval: number });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
