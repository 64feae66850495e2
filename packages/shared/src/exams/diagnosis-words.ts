import { normalizeName } from '../search/arabic-normalize.ts';

/** A diagnosis code's two titles, as the code list gives them (`derived.diagnoses[i]` keeps them as saved). */
export interface DiagnosisTitles {
  titleEn: string;
  titleAr: string;
}

/**
 * What a document says of one diagnosis beside its code: the code's title in the document's language, then the
 * doctor's own words, if any. A diagnosis keeps its code and both titles; `text` is only what the doctor typed.
 *
 * The form once copied the chosen code's title, in the form's language, into `text`. A `text` that is
 * either title or whole words of it (compared as search compares: case, marks and punctuation aside, so a title
 * since given its asterisk or a gloss still matches) is that copy, or says nothing the title does not; it is left out: the other language's title never reaches
 * the paper, and stored records need no migration.
 */
export function diagnosisWords(
  titles: DiagnosisTitles | null | undefined,
  text: string | null | undefined,
  language: 'ar' | 'en',
): string[] {
  const title = titles ? (language === 'en' ? titles.titleEn : titles.titleAr).trim() : '';
  const words = text?.trim() ?? '';
  const copied =
    !!titles &&
    words !== '' &&
    [titles.titleEn, titles.titleAr].some((t) =>
      ` ${normalizeName(t)} `.includes(` ${normalizeName(words)} `),
    );
  return [title, copied ? '' : words].filter((part) => part !== '');
}
