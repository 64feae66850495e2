import { like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientNameWords } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import { runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg, sameOrg } from '../../lib/tenant.ts';

/** Words shorter than this are not worth correcting (and would match too much). */
export const MIN_LEXICON_WORD = 2;

export function wordsOf(nameNorm: string): string[] {
  return [...new Set(nameNorm.split(' ').filter((w) => w.length >= MIN_LEXICON_WORD))];
}

/** Adds a name's words to the organization's lexicon (words of deleted names stay: harmless). */
export async function addNameWords(db: Db, orgId: number, nameNorm: string): Promise<void> {
  const words = wordsOf(nameNorm);
  if (words.length === 0) return;
  await db
    .insert(patientNameWords)
    .values(words.map((word) => ({ orgId, word })))
    .onConflictDoNothing();
}

/** A search word as the lexicon knows it: in the organization's names, or else its closest word there. */
export interface LexiconMatch {
  known: boolean;
  /** The closest lexicon word by trigram distance, for a word not known (none when the lexicon is empty). */
  closest?: { word: string; similarity: number };
}

/**
 * Each word looked up in the lexicon, in one statement: whether the organization's names contain it, and for
 * one they do not, the closest lexicon word (a KNN scan of the GiST index on a small table) with its similarity.
 */
export async function lookUpWords(
  db: Db,
  orgId: number,
  words: string[],
): Promise<Map<string, LexiconMatch>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const result = await db.execute(sql`
      WITH w AS (
        SELECT v.word, EXISTS (SELECT 1 FROM ${patientNameWords} k
                               WHERE ${sameOrg('k', sql`${orgId}::int`)} AND k.word = v.word) AS known
        FROM (VALUES ${sql.join(
          unique.map((word) => sql`(${word}::text)`),
          sql`, `,
        )}) AS v(word))
      SELECT w.word, w.known, best.word AS closest, best.similarity
      FROM w LEFT JOIN LATERAL (
        SELECT n.word, similarity(n.word, w.word) AS similarity FROM ${patientNameWords} n
        WHERE ${sameOrg('n', sql`${orgId}::int`)} AND NOT w.known
        ORDER BY n.word <-> w.word LIMIT 1) best ON true`);
  const { rows } = result as unknown as {
    rows: { word: string; known: boolean; closest: string | null; similarity: number | null }[];
  };
  return new Map(
    rows.map((r) => [
      r.word,
      {
        known: r.known,
        ...(r.closest !== null ? { closest: { word: r.closest, similarity: Number(r.similarity) } } : {}),
      },
    ]),
  );
}

/** At most this many lexicon words stand for a search's words (`expandWords`); past it, the trigram index. */
export const EXPANSION_LIMIT = 500;

/**
 * The lexicon's words that contain each search word, in one statement: a name contains the search word (`LIKE
 * '%word%'`) exactly when one of its words is among them, since the lexicon holds every name's words (each write of
 * a name adds them; migration 0018 filled any gap). Undefined when together they pass `EXPANSION_LIMIT`.
 */
export async function expandWords(
  db: Db,
  orgId: number,
  words: string[],
): Promise<Map<string, string[]> | undefined> {
  if (words.length === 0) return new Map();
  const found = await runPrepared(
    db,
    statementName('name_words_expand', { words: words.length }),
    (bind) => {
      const patterns = words.map((w, i) => bind(`word${i}`, `%${escapeLike(w)}%`));
      const [org, limit] = [bind('orgId', orgId), bind('limit', EXPANSION_LIMIT + 1)];
      return () =>
        db
          .select({ word: patientNameWords.word })
          .from(patientNameWords)
          .where(inOrg(patientNameWords, org, or(...patterns.map((p) => like(patientNameWords.word, p)))))
          .limit(limit);
    },
    // Planned with each call's text, so that the lexicon's trigram index serves it.
    { plan: 'per-call' },
  );
  if (found.length > EXPANSION_LIMIT) return undefined;
  return new Map(words.map((word) => [word, found.map((r) => r.word).filter((w) => w.includes(word))]));
}
