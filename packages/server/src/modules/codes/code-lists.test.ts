import { describe, expect, it } from 'vitest';
import {
  DRUG_CLASSES,
  DRUG_FORMS,
  diagnosisCodeSchema,
  drugInputSchema,
  frequencySchema,
  type DrugForm,
} from '@basira/shared/codes/codes.schemas';
import { DOSE_UNITS, FORM_DOSE_UNIT, type DoseUnit } from '@basira/shared/exams/medication-schedule';
import { ingredientDef } from '@basira/shared/prescribing/ingredients';
import { isSubstance } from '@basira/shared/prescribing/substances';
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

/** The first formulary's names: organizations made with it are upgraded by name, so none may change. */
const FIRST_NAMES = [
  'Moxifloxacin 0.5%',
  'Gatifloxacin 0.3%',
  'Gatifloxacin 0.5%',
  'Levofloxacin 0.5%',
  'Ofloxacin 0.3%',
  'Ofloxacin 0.3% ointment',
  'Ciprofloxacin 0.3%',
  'Ciprofloxacin 0.3% ointment',
  'Tobramycin 0.3%',
  'Tobramycin 0.3% ointment',
  'Netilmicin 0.3%',
  'Gentamicin 0.3%',
  'Chloramphenicol 0.5%',
  'Chloramphenicol 1% ointment',
  'Fusidic acid 1% viscous drops',
  'Azithromycin 1.5%',
  'Erythromycin 0.5% ointment',
  'Polymyxin B + trimethoprim',
  'Doxycycline 100 mg',
  'Amoxicillin + clavulanic acid 1 g',
  'Povidone-iodine 5% ophthalmic',
  'Prednisolone acetate 1%',
  'Dexamethasone 0.1%',
  'Fluorometholone 0.1%',
  'Loteprednol 0.5%',
  'Difluprednate 0.05%',
  'Tobramycin 0.3% + dexamethasone 0.1%',
  'Tobramycin 0.3% + dexamethasone 0.1% ointment',
  'Neomycin + polymyxin B + dexamethasone',
  'Neomycin + polymyxin B + dexamethasone ointment',
  'Netilmicin 0.3% + dexamethasone 0.1%',
  'Loteprednol 0.5% + tobramycin 0.3%',
  'Prednisolone 5 mg',
  'Triamcinolone acetonide 40 mg/ml',
  'Dexamethasone 0.7 mg intravitreal implant',
  'Ketorolac 0.5%',
  'Nepafenac 0.1%',
  'Nepafenac 0.3%',
  'Diclofenac 0.1%',
  'Bromfenac 0.09%',
  'Flurbiprofen 0.03%',
  'Latanoprost 0.005%',
  'Travoprost 0.004%',
  'Bimatoprost 0.01%',
  'Tafluprost 0.0015%',
  'Timolol 0.5%',
  'Betaxolol 0.25%',
  'Dorzolamide 2%',
  'Brinzolamide 1%',
  'Brimonidine 0.2%',
  'Dorzolamide 2% + timolol 0.5%',
  'Brinzolamide 1% + timolol 0.5%',
  'Brimonidine 0.2% + timolol 0.5%',
  'Latanoprost 0.005% + timolol 0.5%',
  'Travoprost 0.004% + timolol 0.5%',
  'Bimatoprost 0.03% + timolol 0.5%',
  'Brinzolamide 1% + brimonidine 0.2%',
  'Netarsudil 0.02%',
  'Pilocarpine 2%',
  'Acetazolamide 250 mg',
  'Cyclopentolate 1%',
  'Atropine 1%',
  'Atropine 0.01%',
  'Homatropine 2%',
  'Tropicamide 1%',
  'Phenylephrine 2.5%',
  'Carboxymethylcellulose 0.5%',
  'Polyethylene glycol 0.4% + propylene glycol 0.3%',
  'Sodium hyaluronate 0.1%',
  'Sodium hyaluronate 0.2%',
  'Trehalose 3% + sodium hyaluronate 0.15%',
  'Dextran 70 + hypromellose',
  'Carbomer 0.2% gel',
  'Dexpanthenol 5% gel',
  'Vitamin A palmitate ointment',
  'Paraffin lubricating ointment',
  'Sodium chloride 5%',
  'Ciclosporin 0.05%',
  'Ciclosporin 0.1%',
  'Olopatadine 0.1%',
  'Olopatadine 0.2%',
  'Ketotifen 0.025%',
  'Azelastine 0.05%',
  'Epinastine 0.05%',
  'Naphazoline + pheniramine',
  'Sodium cromoglicate 2%',
  'Lodoxamide 0.1%',
  'Aciclovir 3% ointment',
  'Ganciclovir 0.15% gel',
  'Aciclovir 400 mg',
  'Valaciclovir 500 mg',
  'Natamycin 5%',
  'Voriconazole 1% (prepared)',
  'Bevacizumab 1.25 mg/0.05 ml',
  'Ranibizumab 0.5 mg/0.05 ml',
  'Aflibercept 2 mg/0.05 ml',
  'Faricimab 6 mg/0.05 ml',
  'Brolucizumab 6 mg/0.05 ml',
  'Proxymetacaine 0.5%',
  'Oxybuprocaine 0.4%',
  'Eye vitamins (AREDS 2 formula)',
];

/** The units a form's dose may be counted in: its usual one, an injection in mg or ml, anything for `other`. */
const doseUnitsOf = (form: DrugForm): readonly (DoseUnit | null)[] =>
  form === 'other' ? [...DOSE_UNITS, null] : form === 'injection' ? ['mg', 'ml'] : [FORM_DOSE_UNIT[form]];

describe('the seeded formulary', () => {
  it('has valid forms, classes and frequencies, and no name twice', () => {
    const names = DRUG_SEEDS.map((drug) => drug.name.toLowerCase());
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    const arabic = DRUG_SEEDS.map((drug) => drug.nameAr);
    expect(arabic.filter((name, i) => arabic.indexOf(name) !== i)).toEqual([]);
    for (const drug of DRUG_SEEDS) {
      expect(DRUG_FORMS, drug.name).toContain(drug.form);
      expect(DRUG_CLASSES, drug.name).toContain(drug.class);
      if (drug.frequency !== null)
        expect(frequencySchema.safeParse(drug.frequency).success, drug.name).toBe(true);
    }
    expect(DRUG_SEEDS.length).toBeGreaterThanOrEqual(120);
    expect(DRUG_SEEDS.length).toBeLessThanOrEqual(160);
  });

  it('keeps every name of the first formulary, which upgrades match by', () => {
    const names = new Set(DRUG_SEEDS.map((drug) => drug.name));
    expect(FIRST_NAMES.filter((name) => !names.has(name))).toEqual([]);
  });

  it('says what is in each bottle: known ingredients with positive strengths, each once', () => {
    for (const drug of DRUG_SEEDS) {
      expect(drug.ingredients.length, drug.name).toBeGreaterThan(0);
      const ids = drug.ingredients.map((i) => i.substance);
      expect(new Set(ids).size, drug.name).toBe(ids.length);
      for (const ingredient of drug.ingredients) {
        expect(isSubstance(ingredient.substance), `${drug.name}: ${ingredient.substance}`).toBe(true);
        // An active substance, never a class or an excipient.
        expect(ingredientDef(ingredient.substance)?.excipient, ingredient.substance).toBeUndefined();
        expect(ingredient.strength === null, `${drug.name}: ${ingredient.substance}`).toBe(
          ingredient.unit === null,
        );
        if (ingredient.strength !== null) expect(ingredient.strength, drug.name).toBeGreaterThan(0);
        if (ingredient.unit === '%') expect(ingredient.strength, drug.name).toBeLessThanOrEqual(100);
      }
      // What the API's own schema accepts, so a seed is a drug a clinic could have typed.
      const input = drugInputSchema.safeParse({
        name: drug.name,
        nameAr: drug.nameAr,
        brands: drug.brands,
        layNames: drug.layNames,
        form: drug.form,
        class: drug.class,
        ingredients: drug.ingredients,
        preservative: drug.preservative,
        defaultDose: drug.dose,
        defaultDoseUnit: drug.doseUnit,
        defaultFrequency: drug.frequency,
      });
      expect(input.success, `${drug.name}: ${JSON.stringify(input.error?.issues)}`).toBe(true);
    }
  });

  it('names the preservative as an excipient, none, or not known', () => {
    for (const drug of DRUG_SEEDS) {
      if (drug.preservative === null || drug.preservative === 'none') continue;
      expect(ingredientDef(drug.preservative)?.excipient, `${drug.name}: ${drug.preservative}`).toBe(true);
    }
    // What is swallowed or injected has no eye-drop preservative to speak of.
    for (const drug of DRUG_SEEDS.filter((d) => ['tablet', 'capsule', 'injection'].includes(d.form)))
      expect(drug.preservative, drug.name).toBeNull();
  });

  it('counts each dose in its form’s unit, and writes the Arabic name with Arabic-Indic digits', () => {
    for (const drug of DRUG_SEEDS) {
      expect(drug.dose === null, drug.name).toBe(drug.doseUnit === null);
      if (drug.dose !== null) expect(drug.dose, drug.name).toBeGreaterThan(0);
      expect(doseUnitsOf(drug.form), drug.name).toContain(drug.doseUnit);
      expect(drug.nameAr, drug.name).toMatch(ARABIC);
      // `AREDS 2` is a name, not a number.
      expect(drug.nameAr.replace('AREDS 2', ''), drug.name).not.toMatch(/[0-9%]/);
    }
  });
});
