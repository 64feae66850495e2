import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ltr } from '@basira/shared/clinical/ltr-text';
import type { DigitSystem } from '@basira/shared/print/print-settings.schemas';
import { sheetDigits, useSheetDigits } from './print-digits.ts';

describe('sheetDigits', () => {
  it('writes every number in Western digits, the Arabic decimal separator as a point', () => {
    expect(sheetDigits('قطرة واحدة ٤ مرات يوميًا لمدة ١٤ يومًا', 'western')).toBe(
      'قطرة واحدة 4 مرات يوميًا لمدة 14 يومًا',
    );
    expect(sheetDigits('٠٫٥ سم من المرهم', 'western')).toBe('0.5 سم من المرهم');
    expect(sheetDigits('۱۲ (Persian)', 'western')).toBe('12 (Persian)');
  });

  it('writes every number in Arabic-Indic digits, a decimal point between digits as ٫', () => {
    expect(sheetDigits('Medicine 1 0.5%: 1 drop 4 times a day.', 'arabic')).toBe(
      'Medicine ١ ٠٫٥%: ١ drop ٤ times a day.',
    );
    expect(sheetDigits('25/11/2026 10:30', 'arabic')).toBe('٢٥/١١/٢٠٢٦ ١٠:٣٠');
    // A sentence's full stop after a number is no decimal separator.
    expect(sheetDigits('for 7 days.', 'arabic')).toBe('for ٧ days.');
  });

  it('keeps signs and left-to-right isolates where they are', () => {
    const value = ltr('-2.25 -0.50 × 090');
    expect(sheetDigits(`R ${value}`, 'arabic')).toBe(`R ${ltr('-٢٫٢٥ -٠٫٥٠ × ٠٩٠')}`);
    expect(sheetDigits(sheetDigits(`R ${value}`, 'arabic'), 'western')).toBe(`R ${value}`);
  });

  it('keeps a number that is part of a code or a name (it touches a Latin letter)', () => {
    expect(sheetDigits('H40.1 · glaucoma 2', 'arabic')).toBe('H40.1 · glaucoma ٢');
    expect(sheetDigits('SN60WF, A5, 500mg, B12', 'arabic')).toBe('SN60WF, A5, 500mg, B12');
    expect(sheetDigits('H٤٠٫١', 'western')).toBe('H٤٠٫١');
  });

  it('changes nothing already in the system', () => {
    for (const text of ['0.5 mm -2.25', 'no digits at all', ''])
      expect(sheetDigits(text, 'western')).toBe(text);
    expect(sheetDigits('٠٫٥ -٢٫٢٥', 'arabic')).toBe('٠٫٥ -٢٫٢٥');
  });
});

/** A sheet whose values change after render, in the setting's digits. */
function Sheet({ system, html }: { system: DigitSystem; html?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [days, setDays] = useState(7);
  useSheetDigits(ref, system);
  return (
    <div ref={ref} data-testid="sheet">
      <p data-testid="days">لمدة ٧ أيام · {days} days</p>
      <bdi dir="ltr" data-testid="sphere">
        -2.25
      </bdi>
      {html && <div data-testid="header" dangerouslySetInnerHTML={{ __html: html }} />}
      <button type="button" onClick={() => setDays(14)}>
        more
      </button>
    </div>
  );
}

describe('useSheetDigits', () => {
  it('draws the rendered sheet in one system, and what React writes later too', async () => {
    const view = render(<Sheet system="western" html="<p>Tel ٠٧٧٠ ١٢٣</p>" />);
    expect(screen.getByTestId('days').textContent).toBe('لمدة 7 أيام · 7 days');
    expect(screen.getByTestId('header').textContent).toBe('Tel 0770 123');

    view.rerender(<Sheet system="arabic" html="<p>Tel ٠٧٧٠ ١٢٣</p>" />);
    expect(screen.getByTestId('days').textContent).toBe('لمدة ٧ أيام · ٧ days');
    expect(screen.getByTestId('sphere').textContent).toBe('-٢٫٢٥');
    expect(screen.getByTestId('header').textContent).toBe('Tel ٠٧٧٠ ١٢٣');

    // A value React changes after the conversion is converted in its turn (the observer runs as a microtask).
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByTestId('days').textContent).toBe('لمدة ٧ أيام · ١٤ days');
    expect(screen.getByTestId('sheet').textContent).not.toMatch(/[0-9]/);
  });
});
