// A page's captured statements as its request sent them, run again through a `pg` pool: by the SQL replay
// (run.ts) and by the bare server (bare-server.ts), the same way.
import type pg from 'pg';
import { configOf, type CapturedStatement } from './sql-capture.ts';

type Step =
  | { kind: 'wave'; statements: CapturedStatement[] }
  | { kind: 'transaction'; statements: CapturedStatement[] };

/**
 * The request's statements as it sent them: a transaction (BEGIN … COMMIT) on one connection, other statements
 * through the pool, those the request had in flight together (a `Promise.all`) sent together.
 */
function steps(statements: CapturedStatement[]): Step[] {
  const out: Step[] = [];
  for (let i = 0; i < statements.length; i++) {
    const s = statements[i]!;
    if (/^\s*begin\b/i.test(s.text)) {
      const end = statements.findIndex((t, j) => j > i && /^\s*(commit|rollback)\b/i.test(t.text));
      const last = end === -1 ? statements.length - 1 : end;
      out.push({ kind: 'transaction', statements: statements.slice(i, last + 1) });
      i = last;
      continue;
    }
    const previous = out.at(-1);
    if (previous?.kind === 'wave' && previous.statements.every((p) => s.start < p.end))
      previous.statements.push(s);
    else out.push({ kind: 'wave', statements: [s] });
  }
  return out;
}

/** Round trips a request waits for: one per wave, one per statement of a transaction. */
export const roundTrips = (statements: CapturedStatement[]) =>
  steps(statements).reduce((n, step) => n + (step.kind === 'wave' ? 1 : step.statements.length), 0);

/** One round of the statements; resolves with every statement's result, in order. */
export function roundOf(pool: pg.Pool, statements: CapturedStatement[]) {
  const plan = steps(statements);
  return async (): Promise<pg.QueryResult[]> => {
    const results: pg.QueryResult[] = [];
    for (const step of plan) {
      if (step.kind === 'wave') {
        results.push(...(await Promise.all(step.statements.map((s) => pool.query(configOf(s))))));
        continue;
      }
      const client = await pool.connect();
      try {
        for (const s of step.statements) results.push(await client.query(configOf(s)));
      } finally {
        client.release();
      }
    }
    return results;
  };
}
