import { describe, expect, it } from 'vitest';
import {
  DRUG_CLASSES,
  DRUG_FORMS,
  diagnosisCodeSchema,
  frequencySchema,
} from '@basira/shared/codes/codes.schemas';
import { DIAGNOSIS_CODES, eyeTier } from './diagnosis-codes.ts';
import { DRUG_SEEDS } from './drug-seeds.ts';

const ARABIC = /[\u0600-\u06ff]/;

describe('the shipped diagnosis list', () => {
  it('has each code once, written as ICD-10 writes it, with both titles', () => {
    const codes = DIAGNOSIS_CODES.map(([code]) => code);
    const duplicates = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(duplicates).toEqual([]);
    for (const [code, en, ar] of DIAGNOSIS_CODES) {
      expect(code, code).toMatch(/^[A-Z]\d\d(\.\d)?$/);
      expect(diagnosisCodeSchema.safeParse(code).success, code).toBe(true);
      expect(en.trim(), code).toBe(en);
      expect(en.length, code).toBeGreaterThan(3);
      expect(ar, code).toMatch(ARABIC);
    }
  });

  it('covers chapter VII: every category H00–H59 that ICD-10 has, and every subcategory below a listed one', () => {
    const codes = new Set(DIAGNOSIS_CODES.map(([code]) => code));
    const categories = [
      'H00',
      'H01',
      'H02',
      'H03',
      'H04',
      'H05',
      'H06',
      'H10',
      'H11',
      'H13',
      'H15',
      'H16',
      'H17',
    ]
      .concat([
        'H18',
        'H19',
        'H20',
        'H21',
        'H22',
        'H25',
        'H26',
        'H27',
        'H28',
        'H30',
        'H31',
        'H32',
        'H33',
        'H34',
      ])
      .concat([
        'H35',
        'H36',
        'H40',
        'H42',
        'H43',
        'H44',
        'H45',
        'H46',
        'H47',
        'H48',
        'H49',
        'H50',
        'H51',
        'H52',
      ])
      .concat(['H53', 'H54', 'H55', 'H57', 'H58', 'H59']);
    expect(categories.filter((code) => !codes.has(code))).toEqual([]);
    // A subcategory's category is listed too (the outside-chapter singles such as E11.3 excepted).
    const orphans = [...codes].filter(
      (code) => code.startsWith('H') && code.includes('.') && !codes.has(code.slice(0, 3)),
    );
    expect(orphans).toEqual([]);
    for (const code of [
      'E10.3',
      'E11.3',
      'E14.3',
      'Q15.0',
      'S05.1',
      'T15.0',
      'T26.6',
      'B00.5',
      'A71',
      'Z01.0',
      'Z96.1',
      'Z97.3',
    ])
      expect(codes.has(code), code).toBe(true);
    expect(DIAGNOSIS_CODES.length).toBeGreaterThan(300);
  });

  it('has the neoplasms of the eye and adnexa, Behçet disease and the H19/H22 asterisk codes', () => {
    const codes = new Set(DIAGNOSIS_CODES.map(([code]) => code));
    // WHO has no C69.7, D31.7 or D31.8.
    const wanted = ['C43.1', 'C44.1', 'D22.1', 'D23.1', 'M35.2']
      .concat(['C69', 'C69.0', 'C69.1', 'C69.2', 'C69.3', 'C69.4', 'C69.5', 'C69.6', 'C69.8', 'C69.9'])
      .concat(['D31', 'D31.0', 'D31.1', 'D31.2', 'D31.3', 'D31.4', 'D31.5', 'D31.6', 'D31.9'])
      .concat(['H19.0', 'H19.1', 'H19.2', 'H19.3', 'H19.8', 'H22.0', 'H22.1', 'H22.8']);
    expect(wanted.filter((code) => !codes.has(code))).toEqual([]);
    for (const code of ['C69.7', 'D31.7', 'D31.8']) expect(codes.has(code), code).toBe(false);
  });

  it('writes the asterisk of a manifestation code at the end of both titles, and nowhere else', () => {
    // WHO's asterisk categories of chapter VII: each of them and their subcategories.
    const asterisk = /^H(03|06|13|19|22|28|32|36|42|45|48|58)(\.|$)/;
    for (const [code, en, ar] of DIAGNOSIS_CODES) {
      expect(en.endsWith('*'), `${code} ${en}`).toBe(asterisk.test(code));
      expect(ar.endsWith('*'), `${code} ${ar}`).toBe(asterisk.test(code));
      expect(en.slice(0, -1).includes('*'), code).toBe(false);
    }
  });

  it('tells chapter VII, the other eye codes and the rest apart', () => {
    for (const code of ['H00', 'H40.1', 'H59.9', 'h22.1']) expect(eyeTier(code), code).toBe(0);
    for (const code of [
      'A71.1',
      'B30.0',
      'C44.1',
      'C69.2',
      'D31.9',
      'E11.3',
      'Q15.0',
      'S05.1',
      'T26.6',
      'Z96.1',
    ])
      expect(eyeTier(code), code).toBe(1);
    // Systemic diseases beside an eye code, and codes of a clinic's own making.
    for (const code of ['M35.2', 'E05.0', 'G70.0', 'E11.9', 'H60', 'X-01'])
      expect(eyeTier(code), code).toBe(2);
  });
});

describe('the seeded formulary', () => {
  it('has valid forms, classes and frequencies, and no name twice', () => {
    const names = DRUG_SEEDS.map((drug) => drug.name.toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    for (const drug of DRUG_SEEDS) {
      expect(DRUG_FORMS, drug.name).toContain(drug.form);
      expect(DRUG_CLASSES, drug.name).toContain(drug.class);
      expect(drug.dose, drug.name).not.toBe('');
      if (drug.frequency !== null)
        expect(frequencySchema.safeParse(drug.frequency).success, drug.name).toBe(true);
    }
    expect(DRUG_SEEDS.length).toBeGreaterThanOrEqual(60);
    expect(DRUG_SEEDS.length).toBeLessThanOrEqual(110);
  });
});
