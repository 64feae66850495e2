import type { PrintPaper } from '@basira/shared/print/printing.schemas';

/** Each paper's size and the page margins printed around the sheet, in millimetres (portrait). */
export const PAPER_MM: Record<PrintPaper, { width: number; height: number; margin: number }> = {
  A5: { width: 148, height: 210, margin: 10 },
  A4: { width: 210, height: 297, margin: 14 },
  // A receipt roll has no height of its own: the page is as long as the ticket (pageRule's `contentMm`).
  '80mm': { width: 80, height: 120, margin: 3 },
};

/** CSS pixels per millimetre (CSS fixes 96 px to the inch). */
export const PX_PER_MM = 96 / 25.4;

/** The `@page` rule of a paper; a roll's page is cut to the content's height. */
export function pageRule(paper: PrintPaper, contentMm?: number): string {
  const { width, height, margin } = PAPER_MM[paper];
  const length = paper === '80mm' && contentMm ? Math.ceil(contentMm + 2 * margin + 2) : height;
  return `@page { size: ${width}mm ${length}mm; margin: ${margin}mm; }`;
}
