import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { patientNameWords } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';

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

/**
 * The closest lexicon words to a (misspelt) word by trigram distance, best first, with their similarity.
 * A KNN scan of the GiST index on a small table: a few milliseconds even for a large clinic.
 */
export async function closestWords(
  db: Db,
  orgId: number,
  word: string,
  limit: number,
): Promise<{ word: string; similarity: number }[]> {
  const rows = await db
    .select({
      word: patientNameWords.word,
      similarity: sql<number>`similarity(${patientNameWords.word}, ${word})`,
    })
    .from(patientNameWords)
    .where(inOrg(patientNameWords, orgId))
    .orderBy(sql`${patientNameWords.word} <-> ${word}`)
    .limit(limit);
  return rows.map((r) => ({ word: r.word, similarity: Number(r.similarity) }));
}

/** Which of these words the organization's names contain. */
export async function knownWords(db: Db, orgId: number, words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const rows = await db
    .select({ word: patientNameWords.word })
    .from(patientNameWords)
    .where(inOrg(patientNameWords, orgId, inArray(patientNameWords.word, words)));
  return new Set(rows.map((r) => r.word));
}
