/**
 * Clinical numbers inside plain text that may be shown right-to-left (Arabic summaries, notifications, Telegram
 * texts, print sheets). A signed value such as `-2.50` placed in an Arabic sentence is reordered by the Unicode
 * bidi algorithm and drawn `2.50-`; wrapping it in LEFT-TO-RIGHT ISOLATE (U+2066) … POP DIRECTIONAL ISOLATE
 * (U+2069) keeps the sign left of the digits whatever surrounds it. Where React renders the text, prefer the
 * `<ClinicalValue>` / `<Ltr>` components (packages/web/src/components/clinical-value.tsx), which use `<bdi dir="ltr">`.
 */

export const LRI = '\u2066';
/** FIRST STRONG ISOLATE: a run of the user's words, its direction its own, that cannot reorder what surrounds it. */
export const FSI = '\u2068';
export const PDI = '\u2069';

const ISOLATES = /[\u2066\u2067\u2068\u2069]/g;

/** `-2.50` → `⁦-2.50⁩` (an isolated left-to-right run). Empty text stays empty; already isolated text is not re-wrapped. */
export function ltr(text: string): string {
  if (text === '') return '';
  if (text.startsWith(LRI) && text.endsWith(PDI)) return text;
  return `${LRI}${text}${PDI}`;
}

/** A name or words someone typed, isolated in their own direction (`Timolol 0.5%` inside an Arabic sentence). */
export function isolated(text: string): string {
  return text === '' ? '' : `${FSI}${text}${PDI}`;
}

/** The visible text without isolates: for searching, comparing, tests, and sinks that cannot show them. */
export function stripIsolates(text: string): string {
  return text.replace(ISOLATES, '');
}
