// Child process of run.ts (PostgreSQL only): the app in-process with the `pg` client's `query` wrapped
// (bench/list-pages/sql-capture.ts), so that the statements one save issues are recorded as the server sends them.
// One save of each type per writer's visit (argv[3], JSON); answers with the statements, then exits. The measured
// server never loads this.
import { startBenchApp } from '../shared/bench-app.ts';
import { EXAM_SAMPLES } from '../shared/exam-samples.ts';
import { captureSql, installSqlCapture, type CapturedStatement } from '../list-pages/sql-capture.ts';

export type SaveType = 'spectacles' | 'biometry';
export interface Visit {
  patientId: number;
  queueId: number;
}
export interface Captured {
  /** Per writer (the order of the visits), per type: the statements of one save. */
  saves: Record<SaveType, CapturedStatement[]>[];
  /** Statements sent after the answer's work, batched between saves (the live event's NOTIFY): not replayed. */
  background: string[];
}

installSqlCapture();
const visits = JSON.parse(process.argv[3]!) as Visit[];
const app = await startBenchApp('postgres', 'exam-save', 'bench-exams');
const headers = {
  authorization: `Bearer ${app.token}`,
  'x-organization': app.org.slug,
  'content-type': 'application/json',
};
const background = new Set<string>();
const saveOf = async (visit: Visit, type: SaveType) => {
  const { result, statements } = await captureSql(async () =>
    // Awaited inside: inject's answer is a lazy thenable that starts the request when awaited.
    app.built.app.inject({
      method: 'POST',
      url: `/api/mo/exam/${type}`,
      headers,
      payload: JSON.stringify({ ...visit, ...EXAM_SAMPLES[type] }),
    }),
  );
  if (result.statusCode !== 201) throw new Error(`${type}: ${result.statusCode} ${result.body}`);
  // Let the batched NOTIFY go out, so that it is seen and told apart from the save's own statements.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const own = statements.filter((s) => !/pg_notify/i.test(s.text));
  for (const s of statements) if (/pg_notify/i.test(s.text)) background.add(s.text);
  return own;
};
const saves: Captured['saves'] = [];
for (const visit of visits)
  saves.push({ spectacles: await saveOf(visit, 'spectacles'), biometry: await saveOf(visit, 'biometry') });
process.send?.({ saves, background: [...background] } satisfies Captured, () => {
  void app.close().then(() => process.exit(0));
});
