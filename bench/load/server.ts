// Child process of run.ts: the real app on the benchmark database, as `npm start` runs it (its own pool of 10),
// so that the load generator does not share its event loop. Nothing of the bench runs in it but the answer to
// two IPC questions: its memory after a forced GC (started with --expose-gc) and its CPU time so far.
import { buildApp } from '@basira/server/src/app.ts';
import { serverConfig } from './config.ts';
import { tuneHeapForServing } from '@basira/server/src/lib/serving-heap.ts';

export type ServerQuestion = { ask: 'memory' } | { ask: 'cpu' };
export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
}

tuneHeapForServing();
const built = await buildApp(serverConfig(), { print: () => {} });
const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ base });

process.on('message', (message: ServerQuestion) => {
  if (message.ask === 'memory') {
    // Twice: the first pass may leave finalizable objects for the second.
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed, external } satisfies ServerMemory });
  } else process.send?.({ cpu: process.cpuUsage() });
});
process.on('disconnect', () => void built.close().then(() => process.exit(0)));
