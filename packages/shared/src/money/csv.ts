/**
 * A table as CSV for the clinic's spreadsheets (the financial reports' "export"), made in the browser from the
 * report's JSON.
 *
 * - RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180, section 2): records end in CRLF; a field holding a comma, a
 *   double quote, CR or LF is enclosed in double quotes, and a double quote inside it is doubled.
 * - A UTF-8 byte order mark first: without it Excel reads the file in the machine's ANSI code page and Arabic names
 *   come out as mojibake.
 * - CSV (formula) injection (OWASP, https://owasp.org/www-community/attacks/CSV_Injection): a spreadsheet runs a
 *   cell that starts with `=`, `+`, `-`, `@`, TAB or CR as a formula, so a patient named `=HYPERLINK(…)` could act
 *   when the file is opened. Such a text cell gets a leading apostrophe, which spreadsheets show as text. Numbers
 *   are written as numbers (a refund's −10000 stays a number the sheet can add).
 */
export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** A decimal written as text (a dollar amount made without floating point, `-12.50`): a value, not a formula. */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`toCsv: ${value} is not a number a sheet can hold`);
    return String(value);
  }
  const text = FORMULA_START.test(value) && !PLAIN_DECIMAL.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as one CSV text: BOM, fields quoted as RFC 4180 says, formula-looking text defused, CRLF after each. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
