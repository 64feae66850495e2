import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with the UTF-8 byte order mark and ends every record in CRLF (RFC 4180 §2.1, §2.2)', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(`${BOM}a,b\r\nc,d\r\n`);
    expect(toCsv([])).toBe(BOM);
    // The mark is one code point, three bytes in UTF-8.
    expect([...new TextEncoder().encode(toCsv([]))]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('quotes fields with a comma, a double quote, CR or LF, doubling the quotes inside (RFC 4180 §2.5–2.7)', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\r\nlines', 'line\nfeed', 'cr\rhere', 'plain']])).toBe(
      `${BOM}"a,b","say ""hi""","two\r\nlines","line\nfeed","cr\rhere",plain\r\n`,
    );
  });

  it('keeps Arabic text as it is', () => {
    expect(toCsv([['كشفية', 'مراجعة، خصم']])).toBe(`${BOM}كشفية,مراجعة، خصم\r\n`);
  });

  it('writes numbers as numbers, negative ones too, and null as an empty field', () => {
    expect(toCsv([[25000, -10000, 0, null, 'x']])).toBe(`${BOM}25000,-10000,0,,x\r\n`);
    expect(() => toCsv([[Number.NaN]])).toThrow(RangeError);
    expect(() => toCsv([[Infinity]])).toThrow(RangeError);
  });

  // OWASP, CSV Injection: cells starting with = + - @ TAB or CR are read as formulas by spreadsheets.
  it.each(['=1+1', '+1', '-1+1', '@SUM(A1)', '\tx', '=HYPERLINK("http://x","y")'])(
    'defuses the formula-looking text %j with a leading apostrophe',
    (text) => {
      const out = toCsv([[text]]).slice(1, -2);
      expect(out.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('defuses, then quotes, a text that needs both', () => {
    expect(toCsv([['=A1,B1', '\rx', '-"q"']])).toBe(`${BOM}"'=A1,B1","'\rx","'-""q"""\r\n`);
    // Only the first character counts: an equals sign further in is ordinary text.
    expect(toCsv([['a=b', 'x-1']])).toBe(`${BOM}a=b,x-1\r\n`);
    // A decimal given as text (dollars made without floats) is a value the sheet can add, not a formula.
    expect(toCsv([['-12.50', '12.50', '-3']])).toBe(`${BOM}-12.50,12.50,-3\r\n`);
  });
});
