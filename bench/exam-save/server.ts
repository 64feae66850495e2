// Child process of run.ts: the real app on the benchmark database, so that the writers' own work (HTTP client,
// JSON) does not share the server's event loop.
import { tuneHeapForServing } from '@basira/server/src/lib/serving-heap.ts';
import { startBenchApp, type BenchDb } from '../shared/bench-app.ts';

tuneHeapForServing();
const app = await startBenchApp(process.argv[2] as BenchDb, 'exam-save', 'bench-exams');
process.send?.({ base: app.base, token: app.token, slug: app.org.slug });
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
