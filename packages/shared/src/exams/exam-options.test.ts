import { describe, expect, it } from 'vitest';
import { OPTION_CATEGORIES, OPTION_SEEDS, optionCategory } from './exam-options.ts';

const ARABIC_LETTER = /[\u0621-\u064A]/;
/** Snellen fractions and other purely numeric text that both languages write the same way. */
const SHARED_NUMERIC = /^[0-9]+(?:\.[0-9]+)?(?:\/[0-9]+(?:\.[0-9]+)?)?$/;

const languages = ['ar', 'en'] as const;

describe('option categories', () => {
  it('are the spec’s 25, numbered 1 to 25 in order', () => {
    expect(OPTION_CATEGORIES.map((category) => category.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('have unique ids and keys', () => {
    expect(new Set(OPTION_CATEGORIES.map((category) => category.id)).size).toBe(OPTION_CATEGORIES.length);
    expect(new Set(OPTION_CATEGORIES.map((category) => category.key)).size).toBe(OPTION_CATEGORIES.length);
  });

  it('are found by key, and unknown keys are not', () => {
    expect(optionCategory('spectaclesRight')).toEqual({ id: 1, key: 'spectaclesRight', exam: 'spectacles' });
    expect(optionCategory('prismNote')?.id).toBe(25);
    expect(optionCategory('SquintTypeOfExaminations')?.exam).toBe('prism');
    expect(optionCategory('spectaclesright')).toBeUndefined();
    expect(optionCategory('')).toBeUndefined();
  });
});

describe('option seeds', () => {
  it('exist for every category and no other key', () => {
    expect(Object.keys(OPTION_SEEDS).sort()).toEqual(
      OPTION_CATEGORIES.map((category) => category.key).sort(),
    );
    for (const { key } of OPTION_CATEGORIES) {
      expect(OPTION_SEEDS[key].length, key).toBeGreaterThanOrEqual(6);
      expect(OPTION_SEEDS[key].length, key).toBeLessThanOrEqual(15);
    }
  });

  it('have labels that are neither empty, padded nor longer than 200 characters', () => {
    for (const { key } of OPTION_CATEGORIES) {
      for (const seed of OPTION_SEEDS[key]) {
        for (const language of languages) {
          const label = seed[language];
          expect(label.trim(), `${key} ${language}`).not.toBe('');
          expect(label.trim(), `${key} ${language}`).toBe(label);
          expect(label.length, `${key} ${language}: ${label}`).toBeLessThanOrEqual(200);
        }
      }
    }
  });

  it('have no duplicate label within a list, in either language', () => {
    for (const { key } of OPTION_CATEGORIES) {
      for (const language of languages) {
        const labels = OPTION_SEEDS[key].map((seed) => seed[language].toLowerCase());
        const duplicates = labels.filter((label, i) => labels.indexOf(label) !== i);
        expect(duplicates, `${key} ${language}`).toEqual([]);
      }
    }
  });

  it('write Arabic labels in Arabic, unless both languages share numeric text', () => {
    for (const { key } of OPTION_CATEGORIES) {
      for (const { ar, en } of OPTION_SEEDS[key]) {
        const shared = ar === en && SHARED_NUMERIC.test(ar);
        expect(ARABIC_LETTER.test(ar) || shared, `${key}: ${ar}`).toBe(true);
        expect(ARABIC_LETTER.test(en), `${key}: ${en}`).toBe(false);
      }
    }
  });

  it('keep the paired right and left lists identical', () => {
    const pairs = [
      ['spectaclesRight', 'spectaclesLeft'],
      ['keratoconusRightLensTypes', 'keratoconusLeftLensTypes'],
      ['sagRight', 'sagLeft'],
      ['limzRight', 'limzLeft'],
      ['szRight', 'szLeft'],
      ['prismRight', 'prismLeft'],
    ] as const;
    for (const [right, left] of pairs) expect(OPTION_SEEDS[left], left).toEqual(OPTION_SEEDS[right]);
  });

  it('offer Snellen acuities as shared text and scleral sags from 3700 to 5500 µm', () => {
    expect(OPTION_SEEDS.LasikBestCorrection).toContainEqual({ ar: '6/6', en: '6/6' });
    expect(OPTION_SEEDS.SquintBestCorrections).toContainEqual({ ar: '6/60', en: '6/60' });
    expect(OPTION_SEEDS.sagRight.map((seed) => seed.en)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${3700 + 200 * i} µm`),
    );
  });
});
