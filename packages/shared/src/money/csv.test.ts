import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('starts with a UTF-8 BOM and ends every record with CRLF', () => {
    const csv = toCsv([
      ['code', 'name'],
      ['CONS', 'كشفية'],
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('code,name\r\nCONS,كشفية\r\n');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField('plain')).toBe('plain');
  });

  it('writes numbers as digits (negative ones too) and nothing for null', () => {
    expect(toCsv([[25000, -1250, 0, null, undefined]]).slice(1)).toBe('25000,-1250,0,,\r\n');
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });

  it('guards text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('-1+1')).toBe("'-1+1");
  });

  it('leaves text that is wholly a number as it is (an amount in dollars, negative or not)', () => {
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('12.50')).toBe('12.50');
    expect(csvField('-5000')).toBe('-5000');
  });

  it('gives an empty file nothing but the BOM', () => {
    expect(toCsv([])).toBe('\uFEFF');
  });
});
