// Child process of run.ts: the real app on the list-pages database, as `npm start` runs it (its own pool of 10),
// so that the load generator does not share its event loop. Nothing of the bench is loaded into it (but the heap
// sampler, with BENCH_HEAP).
import { buildApp } from '@basira/server/src/app.ts';
import { benchConfig } from './config.ts';
import { tuneHeapForServing } from '@basira/server/src/lib/serving-heap.ts';

tuneHeapForServing();
const built = await buildApp(benchConfig(process.argv[2]!), { print: () => {} });
const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
const stopHeapSampling = process.env.BENCH_HEAP
  ? await (
      await import('../shared/heap-sampling.ts')
    ).startHeapSampling(`/tmp/prof/heap-server-${process.pid}.heapprofile`)
  : undefined;
process.send?.({ base });
// The server's CPU time so far (user and system, µs), for the bench's CPU a request.
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ cpuMicros: user + system });
});
process.on('disconnect', () => {
  void (async () => {
    await stopHeapSampling?.();
    await built.close();
    process.exit(0);
  })();
});
