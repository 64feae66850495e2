import { describe, expect, it } from 'vitest';
import type { PrescribingContext } from '../prescribing/prescription-facts.ts';
import { consultation } from './consultation.ts';
import { medicationWarnings } from './consultation-warnings.ts';

/** A patient recorded with asthma, on the visit's day, with no allergy and no pressure on record. */
const asthmatic: PrescribingContext = {
  allergies: [],
  conditions: [{ id: 'asthma', from: 'recorded' }],
  ageMonths: 600,
  visitDay: '2026-12-05',
  lastIopDay: null,
  drugs: {},
};
const timolol = { name: 'Timolol 0.5%', form: 'drops' as const, eye: 'both' as const };
const latanoprost = { name: 'Latanoprost 0.005%', form: 'drops' as const, eye: 'both' as const };

/** What the server and the form both run: the definition's derivation, then what it asks to confirm. */
function checked(data: Parameters<NonNullable<typeof consultation.derive>['compute']>[0]) {
  const derive = consultation.derive!;
  const derived = derive.compute(data, undefined, { prescribing: asthmatic });
  return { derived, confirmations: derive.confirm!(data, derived) };
}

describe('a consultation’s warnings, per medication (one reading for the server and the form)', () => {
  it('holds a beta-blocker for an asthmatic until the doctor gives a reason', () => {
    const { derived, confirmations } = checked({ medications: [latanoprost, timolol] });
    expect(medicationWarnings(derived.warnings, 1).warnings.map((w) => w.code)).toContain(
      'beta-blocker-asthma',
    );
    expect(medicationWarnings(derived.warnings, 1).answers).toEqual(['beta-blocker-asthma']);
    expect(medicationWarnings(derived.warnings, 0)).toEqual({ warnings: [], answers: [] });
    expect(confirmations).toEqual([
      { path: ['medications', 1, 'overrideReason'], given: null, answers: ['beta-blocker-asthma'] },
    ]);
    // Answered, the same confirmation carries the doctor's words (the server audits them).
    const answered = checked({
      medications: [latanoprost, { ...timolol, overrideReason: ' asked by chest ' }],
    });
    expect(answered.confirmations[0]?.given).toBe('asked by chest');
  });

  it('has no warning and asks nothing for a drug the patient may take', () => {
    const { derived, confirmations } = checked({ medications: [latanoprost] });
    expect(derived.warnings).toEqual([]);
    expect(medicationWarnings(derived.warnings, 0)).toEqual({ warnings: [], answers: [] });
    expect(confirmations).toEqual([]);
  });

  it('lists a pair’s warning on both of its medications, and a contraindicated pair holds both', () => {
    const pair = { code: 'same-class', severity: 'caution', medications: [0, 2] };
    expect(medicationWarnings([pair], 2)).toEqual({ warnings: [pair], answers: [] });
    expect(medicationWarnings([pair], 1)).toEqual({ warnings: [], answers: [] });
    const contraindicated = { ...pair, code: 'pair-x', severity: 'contraindicated' };
    expect(medicationWarnings([contraindicated], 0).answers).toEqual(['pair-x']);
    expect(medicationWarnings([contraindicated], 2).answers).toEqual(['pair-x']);
  });
});
