/**
 * Clinical numbers inside plain text that may be shown right-to-left (Arabic summaries, notifications, Telegram
 * texts, print sheets). A signed value such as `-2.50` placed in an Arabic sentence is reordered by the Unicode
 * bidi algorithm and drawn `2.50-`; wrapping it in LEFT-TO-RIGHT ISOLATE (U+2066) … POP DIRECTIONAL ISOLATE
 * (U+2069) keeps the sign left of the digits whatever surrounds it. Where React renders the text, prefer the
 * `<ClinicalValue>` / `<Ltr>` components (packages/web/src/components/clinical-value.tsx), which use `<bdi dir="ltr">`.
 */

export const LRI = '\u2066';
/** RIGHT-TO-LEFT ISOLATE. */
export const RLI = '\u2067';
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

/**
 * A name or words someone typed, isolated in their own direction (`Timolol 0.5%` inside an Arabic sentence). The
 * words are contained first (`containedBidi`): a stray PDI in them would otherwise end this isolate early.
 */
export function isolated(text: string): string {
  return text === '' ? '' : `${FSI}${containedBidi(text)}${PDI}`;
}

/** Any bidirectional embedding, override or isolate control: the quick test before `containedBidi` walks a text. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** The bidi algorithm's paragraph separators (class B): an isolate never reaches past one. */
const PARAGRAPH_END = new Set(['\n', '\r', '\u001c', '\u001d', '\u001e', '\u0085', '\u2029']);

/**
 * Text someone typed, made unable to reorder anything outside itself (run on every body and query string by the
 * server's validator, so on every stored text):
 * - the embedding and override controls (LRE, RLE, PDF, LRO, RLO: U+202A–U+202E) are removed. An RLO in a diagnosis
 *   note reversed the rest of its line on paper, the product's own `Left eye (OS)` drawn `(SO) eye tfeL`; nothing
 *   typed in a clinic needs them (the isolates and the marks, U+200E/U+200F, do what they did, contained).
 * - the isolates are balanced within each paragraph: a PDI with no isolate open is removed (it would close an
 *   isolate the product opened around the text), and one left open is closed at the paragraph's end, where the
 *   bidi algorithm closed it anyway, so the text itself looks as it did.
 * A text without any such control is returned as it is, unallocated.
 */
export function containedBidi(text: string): string {
  if (!BIDI_CONTROL.test(text)) return text;
  let out = '';
  let open = 0;
  for (const ch of text) {
    if (ch >= '\u202a' && ch <= '\u202e') continue;
    if (ch === LRI || ch === RLI || ch === FSI) open++;
    else if (ch === PDI) {
      if (open === 0) continue;
      open--;
    } else if (PARAGRAPH_END.has(ch)) {
      out += PDI.repeat(open);
      open = 0;
    }
    out += ch;
  }
  return out + PDI.repeat(open);
}

/** The visible text without isolates: for searching, comparing, tests, and sinks that cannot show them. */
export function stripIsolates(text: string): string {
  return text.replace(ISOLATES, '');
}
