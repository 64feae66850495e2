import type { ReactNode } from 'react';
import { formatAxis, formatDiopters, formatSphericalEquivalent } from '@basira/shared/clinical/rounding';

/** How a number is written: dioptres signed `+1.50`/`-2.25`, SE to 0.125 D `-2.375`, axis `090`, or as given. */
export type ClinicalValueKind = 'diopters' | 'se' | 'axis' | 'plain';

/**
 * A clinical value drawn as an isolated left-to-right run (`<bdi dir="ltr">`) so that in Arabic the sign stays
 * left of the digits and the unit stays after them: `-2.50 D`, `21 mmHg`, `×090`.
 *
 *   <ClinicalValue value={-2.5} kind="diopters" unit="D" />   → -2.50 D
 *   <ClinicalValue value={-2.375} kind="se" />                → -2.375 (rounded to 0.125 D, shared rule)
 *   <ClinicalValue value={90} kind="axis" />                  → 090
 *   <ClinicalValue value={21} unit="mmHg" />                  → 21 mmHg (kind "plain": String(value))
 *   <ClinicalValue text="-2.00 -0.75 × 090" />                → an already formatted text, isolated
 *
 * Not a finite number and no text → nothing. Use it wherever a signed or unit-bearing number sits inside text.
 * For plain strings (summaries, notifications, prints) use `ltr()` from `@basira/shared/clinical/ltr-text`.
 */
export function ClinicalValue({
  value,
  text,
  kind = 'plain',
  unit,
  decimals,
  className,
  'data-testid': testId,
}: {
  value?: number | null;
  text?: string;
  kind?: ClinicalValueKind;
  unit?: string;
  /** For kind "plain": fixed decimals (default: the number as is). */
  decimals?: number;
  className?: string;
  'data-testid'?: string;
}) {
  const shown = text ?? formatClinicalValue(value, kind, decimals);
  if (!shown) return null;
  return (
    <bdi dir="ltr" className={className} data-testid={testId}>
      {unit ? `${shown} ${unit}` : shown}
    </bdi>
  );
}

/** Any inline content as an isolated left-to-right run (e.g. `R -2.00 -0.75 × 090` built from several parts). */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** The text `<ClinicalValue>` shows, without the isolation (for aria labels, titles, tests). */
export function formatClinicalValue(
  value: number | null | undefined,
  kind: ClinicalValueKind = 'plain',
  decimals?: number,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  switch (kind) {
    case 'diopters':
      return formatDiopters(value);
    case 'se':
      return formatSphericalEquivalent(value);
    case 'axis':
      return formatAxis(value);
    default:
      return decimals === undefined ? String(value) : value.toFixed(decimals);
  }
}
