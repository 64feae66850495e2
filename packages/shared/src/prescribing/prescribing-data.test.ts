import { describe, expect, it } from 'vitest';
import { DRUG_CLASSES } from '../codes/codes.schemas.ts';
import { CONDITIONS, conditionOfCode } from './conditions.ts';
import { DRUG_CLASS_DEFS, withAncestors } from './drug-classes.ts';
import { INGREDIENTS } from './ingredients.ts';
import { PRESCRIBING_RULES } from './prescribing-rules.ts';
import { classesOf } from './substances.ts';

describe('the prescribing data', () => {
  it('names each substance once: ingredient and class ids never meet', () => {
    const ids = [...INGREDIENTS.map((i) => i.id), ...DRUG_CLASS_DEFS.map((c) => c.id)];
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('links only to what exists, with no cycle, and every ingredient has a source', () => {
    const classes = new Set(DRUG_CLASS_DEFS.map((c) => c.id));
    for (const c of DRUG_CLASS_DEFS) {
      for (const parent of c.parents) expect(classes.has(parent), `${c.id} → ${parent}`).toBe(true);
      expect(withAncestors(c.parents).has(c.id), `${c.id} is its own ancestor`).toBe(false);
    }
    for (const i of INGREDIENTS) {
      expect(i.classes.length, i.id).toBeGreaterThan(0);
      for (const c of i.classes) expect(classes.has(c), `${i.id} → ${c}`).toBe(true);
      expect(i.source, i.id).not.toBe('');
      expect(i.ar, i.id).not.toBe('');
    }
  });

  it('speaks the formulary groups’ vocabulary: every group but the catch-alls is a class', () => {
    const classes = new Set(DRUG_CLASS_DEFS.map((c) => c.id));
    for (const group of DRUG_CLASSES.filter((g) => g !== 'combination' && g !== 'other'))
      expect(classes.has(group), group).toBe(true);
  });

  it('puts each ingredient where a clinician expects it (spot checks against the BNF/ATC)', () => {
    expect([...classesOf('moxifloxacin')].sort()).toEqual(['antiInfective', 'antibiotic', 'fluoroquinolone']);
    expect(classesOf('dorzolamide').has('sulfonamide')).toBe(true);
    expect(classesOf('tobramycin').has('antibiotic')).toBe(true);
    expect(classesOf('cyclopentolate').has('pupilDilator')).toBe(true);
    expect(classesOf('phenylephrine').has('pupilDilator')).toBe(true);
    expect(classesOf('timolol').has('sulfonamide')).toBe(false);
  });

  it('reads codes as conditions by their longest prefix, and names every condition a rule uses', () => {
    expect(conditionOfCode('H40.0')).toBe('ocularHypertension');
    expect(conditionOfCode('h40.11')).toBe('glaucoma');
    expect(conditionOfCode('B00.5')).toBe('herpesKeratitis');
    expect(conditionOfCode('H10.0')).toBeNull();
    const known = new Set(CONDITIONS.map((c) => c.id));
    for (const rule of PRESCRIBING_RULES)
      if (rule.when.kind === 'condition')
        for (const id of rule.when.conditions) expect(known.has(id), `${rule.id}: ${id}`).toBe(true);
  });
});
