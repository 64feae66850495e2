/**
 * A CSV file a spreadsheet opens intact: a UTF-8 byte-order mark first (without it Excel reads the file as the
 * machine's ANSI code page and Arabic comes out as mojibake), CRLF between records, and each field quoted as RFC 4180
 * says (a field holding a comma, a quote, CR or LF is wrapped in quotes and its quotes doubled).
 *
 * A text field starting with `=`, `+`, `-`, `@`, a tab or CR would be read by the spreadsheet as a formula (a
 * patient's name typed as `=HYPERLINK(…)` runs when the cashier opens the report): such a field is prefixed with a
 * `'`, which the spreadsheet shows as text. Numbers are written as they are: a negative difference is a number, not
 * a formula, and is never given the prefix; nor is text that is wholly a decimal number (`-12.50`, an amount in
 * dollars written without floating point), which the spreadsheet reads as that number.
 */

export type CsvCell = string | number | null | undefined;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: numbers as digits, null/undefined as empty, text guarded against formulas and quoted when needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`a CSV number must be finite, got ${cell}`);
    return String(cell);
  }
  const text = FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: BOM, then each row's fields joined by commas, rows ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
