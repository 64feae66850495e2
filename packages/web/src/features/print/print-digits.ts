import { useLayoutEffect, type RefObject } from 'react';
import { arabicDigits } from '@basira/shared/common/arabic-count';
import type { DigitSystem } from '@basira/shared/print/print-settings.schemas';
import { asciiDigits } from '@basira/shared/search/arabic-normalize';

/**
 * A number as written on a sheet: digits of any system (Western, Arabic-Indic, Persian), with a decimal separator
 * (`.` or `٫`) only between digits. The letter just before or after it is checked by the caller.
 */
const NUMBER = /[0-9\u0660-\u0669\u06f0-\u06f9]+(?:[.\u066b][0-9\u0660-\u0669\u06f0-\u06f9]+)*/g;
const LATIN_LETTER = /[A-Za-z]/;

/**
 * Text with every number in one digit system: `٢٫٥` → `2.5` (western), `2.5` → `٢٫٥` (arabic). Nothing else changes:
 * signs, spaces and the bidi isolates around a clinical value stay where they are, so a sign stays on its left.
 * A number touching a Latin letter is part of a code or a name, not a quantity (`H40.1`, `SN60WF`, `A5`, `B12`), and
 * is kept as written: an ICD code or a lens model in Arabic-Indic digits is no longer the code.
 */
export function sheetDigits(text: string, system: DigitSystem): string {
  return text.replace(NUMBER, (number, at: number) => {
    const before = text[at - 1] ?? '';
    const after = text[at + number.length] ?? '';
    if (LATIN_LETTER.test(before) || LATIN_LETTER.test(after)) return number;
    return system === 'arabic'
      ? arabicDigits(asciiDigits(number.replace(/\u066b/g, '.')))
      : asciiDigits(number).replace(/\u066b/g, '.');
  });
}

/** A text node converted where it differs (one left as it is is not written: no mutation to observe). */
function convertText(node: Node, system: DigitSystem): void {
  const text = node.nodeValue ?? '';
  const converted = sheetDigits(text, system);
  if (converted !== text) node.nodeValue = converted;
}

/** A text node, or every text node under an element. */
function convertTree(root: Node, system: DigitSystem): void {
  if (root.nodeType === Node.TEXT_NODE) return convertText(root, system);
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) convertText(node, system);
}

/**
 * Draws every digit of the sheet under `ref` in `system`, once, at the frame, whatever part wrote it (the record's
 * values, the stored schedule texts, the header's HTML, a date). It runs on the rendered DOM before the browser
 * paints (a layout effect), then on every change React or the header makes (a MutationObserver): React writes a text
 * node only when its own value changes, so the converted text stays until the value does, and is converted again.
 * Converting again what is converted changes nothing, so the observer's own writes end there.
 */
export function useSheetDigits(ref: RefObject<HTMLElement | null>, system: DigitSystem): void {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    convertTree(root, system);
    const observer = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'characterData') convertTree(change.target, system);
        else change.addedNodes.forEach((node) => convertTree(node, system));
      }
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [ref, system]);
}
