import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientNameWords } from '../../db/schema.ts';
import { escapeLike } from '../../lib/like.ts';
import { sameOrg } from '../../lib/tenant.ts';

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

/** At most this many lexicon words stand for one search word (`expandWords`); past it, the trigram index. */
export const EXPANSION_LIMIT = 500;
/**
 * For a word of two letters, at most this many: "طه" is a word of its own, found through the index with the other
 * words; "al" is inside dozens of Latin words, whose postings together cover most Latin names, and is better read
 * as `LIKE '%al%'` on the rows the other words find.
 */
export const SHORT_EXPANSION_LIMIT = 3;
/** A word shorter than this is short (`SHORT_EXPANSION_LIMIT`): the lexicon's trigram index cannot serve it. */
const SHORT_WORD = 3;

/**
 * The lexicon's words that contain each search word, in one statement (one `LIMIT`ed branch a word, each planned
 * with its text: the lexicon's trigram index serves a word of three letters or more, the organization's range of the
 * primary key a shorter one): a name contains the search word (`LIKE '%word%'`) exactly when one of its words is
 * among them, since the lexicon holds every name's words of two letters or more (each write of a name adds them;
 * migration 0018 filled any gap), and a one-letter word contains no longer one. A word maps to undefined when more
 * than `EXPANSION_LIMIT` words contain it (`SHORT_EXPANSION_LIMIT` for two letters: "ال"), and to `[]` when none does.
 */
export async function expandWords(
  db: Db,
  orgId: number,
  words: string[],
): Promise<Map<string, string[] | undefined>> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return new Map();
  const limits = unique.map((word) => (word.length < SHORT_WORD ? SHORT_EXPANSION_LIMIT : EXPANSION_LIMIT));
  const branches = unique.map(
    (word, i) => sql`(SELECT ${i}::int AS i, k.word FROM ${patientNameWords} k
                      WHERE ${sameOrg('k', sql`${orgId}::int`)} AND k.word LIKE ${`%${escapeLike(word)}%`}
                      LIMIT ${limits[i]! + 1})`,
  );
  const result = await db.execute(sql.join(branches, sql` UNION ALL `));
  const { rows } = result as unknown as { rows: { i: number; word: string }[] };
  const found = unique.map((): string[] => []);
  for (const row of rows) found[Number(row.i)]!.push(row.word);
  return new Map(unique.map((word, i) => [word, found[i]!.length > limits[i]! ? undefined : found[i]]));
}
