import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

export type Paper = 'A5' | 'A4' | '80mm';

/** What poppler reads back from a PDF: its page count, the first page's size and the text in layout order. */
export interface PdfReading {
  pages: number;
  /** Width and height of the first page in millimetres. */
  sizeMm: [number, number];
  text: string;
}

const MM_PER_POINT = 25.4 / 72;

/** `pdfinfo` and `pdftotext -layout` (poppler-utils) on a PDF file. */
export function readPdf(file: string): PdfReading {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return {
    pages,
    sizeMm: [Number(size?.[1]) * MM_PER_POINT, Number(size?.[2]) * MM_PER_POINT],
    text,
  };
}

/**
 * Text as compared with what pdftotext reads: no bidi controls (it wraps Arabic runs in embeddings) and no
 * white space (it splits Arabic words where the font's joined glyphs meet).
 */
export function squash(text: string): string {
  return text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, '');
}

/** Whether the PDF's text holds `text` (see `squash`). */
export function pdfHas(pdf: PdfReading, text: string): boolean {
  return squash(pdf.text).includes(squash(text));
}

/** The PDF's first page as a PNG at 60 dpi (`pdftoppm`), to look at. */
export function pdfToPng(file: string, pngWithoutExtension: string): void {
  execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, pngWithoutExtension]);
}

/** A print view (`/print/<kind>/:id`): the toolbar above the sheet, and the sheet. */
export class PrintView {
  readonly sheet: Locator;
  readonly printButton: Locator;
  readonly close: Locator;
  readonly logged: Locator;
  readonly stale: Locator;
  readonly reprint: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.sheet = page.getByTestId('print-sheet');
    this.printButton = page.getByTestId('print-button');
    this.close = page.getByTestId('print-close');
    this.logged = page.getByTestId('print-logged');
    this.stale = page.getByTestId('print-stale');
    this.reprint = page.getByTestId('print-reprint');
  }

  /** window.print() as a browser without a dialog: the page sees beforeprint and afterprint, as with Ctrl+P. */
  static async fakePrintDialog(page: Page): Promise<void> {
    await page.addInitScript(() => {
      window.print = () => {
        window.dispatchEvent(new Event('beforeprint'));
        window.dispatchEvent(new Event('afterprint'));
      };
    });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.sheet).toBeVisible();
    await this.page.evaluate(() => document.fonts.ready);
  }

  part(testId: string): Locator {
    return this.sheet.getByTestId(testId);
  }

  /** One cell of the prescription table: `rx-right-sphere` in the distance or near row. */
  rxCell(row: 'distance' | 'near', side: 'right' | 'left', column: string): Locator {
    return this.sheet.getByTestId(`rx-row-${row}`).getByTestId(`rx-${side}-${column}`);
  }

  async choosePaper(paper: Paper): Promise<void> {
    await this.page
      .getByTestId('print-paper')
      .getByText(this.t(`print.papers.${paper}`), { exact: true })
      .click();
    await expect(this.sheet).toHaveAttribute('data-paper', paper);
  }

  /** The sheet as Chromium prints it (print media, the page's own `@page` size) into `file`. */
  async savePdf(file: string): Promise<PdfReading> {
    await this.page.emulateMedia({ media: 'print' });
    try {
      await this.page.pdf({ path: file, preferCSSPageSize: true });
    } finally {
      await this.page.emulateMedia({ media: 'screen' });
    }
    return readPdf(file);
  }
}
