import { describe, expect, it } from 'vitest';
import { checkPrescription, type CheckedDrug, type PrescriptionFacts } from './prescription-check.ts';
import { ingredientsOfName } from './prescription-facts.ts';
import { PRESCRIBING_RULES } from './prescribing-rules.ts';
import { conditionsIn, lexiconWithProducts, substancesIn } from './substances.ts';
import { FSI, PDI, stripIsolates } from '../clinical/ltr-text.ts';
import { warningText } from './warning-text.ts';

/**
 * The engine against five cases an ophthalmologist would try (docs/prescribing.md) and each kind of
 * rule with a patient it applies to and one it does not. The API tests (consultation-prescribing.test.ts) run
 * every rule of the table through a saved consultation on both databases.
 */

type Ing = { substance: string; strength?: number; unit?: '%' | 'mg' };
const drug = (
  name: string,
  ingredients: Ing[] | null,
  eye: CheckedDrug['eye'] = 'right',
  extra: Partial<CheckedDrug> = {},
): CheckedDrug => ({
  name,
  ingredients:
    ingredients?.map((i) => ({
      substance: i.substance,
      strength: i.strength ?? null,
      unit: i.unit ?? null,
    })) ?? null,
  names: [name],
  eye,
  systemic: false,
  totalDays: 7,
  ...extra,
});
const oral = (name: string, ingredients: Ing[], totalDays = 7): CheckedDrug =>
  drug(name, ingredients, null, { systemic: true, totalDays });

const acetazolamide = oral('Acetazolamide 250 mg', [
  { substance: 'acetazolamide', strength: 250, unit: 'mg' },
]);
const dorzolamide = drug('Dorzolamide 2%', [{ substance: 'dorzolamide', strength: 2, unit: '%' }]);
const brinzolamide = drug('Brinzolamide 1%', [{ substance: 'brinzolamide', strength: 1, unit: '%' }]);
const cosopt = drug('Dorzolamide 2% + timolol 0.5%', [
  { substance: 'dorzolamide' },
  { substance: 'timolol' },
]);
const azarga = drug('Brinzolamide 1% + timolol 0.5%', [
  { substance: 'brinzolamide' },
  { substance: 'timolol' },
]);
const simbrinza = drug('Brinzolamide 1% + brimonidine 0.2%', [
  { substance: 'brinzolamide' },
  { substance: 'brimonidine' },
]);
const timolol = drug('Timolol 0.5%', [{ substance: 'timolol', strength: 0.5, unit: '%' }]);
const latanoprost = drug('Latanoprost 0.005%', [{ substance: 'latanoprost' }]);
const xalacom = drug('Latanoprost 0.005% + timolol 0.5%', [
  { substance: 'latanoprost' },
  { substance: 'timolol' },
]);
const tobradex = drug('Tobramycin 0.3% + dexamethasone 0.1%', [
  { substance: 'tobramycin' },
  { substance: 'dexamethasone' },
]);
const moxifloxacin = drug('Moxifloxacin 0.5%', [{ substance: 'moxifloxacin' }]);
const predForte = drug('Prednisolone acetate 1%', [
  { substance: 'prednisolone', strength: 1, unit: '%' },
  { substance: 'benzalkonium' },
]);
const atropine = drug('Atropine 1%', [{ substance: 'atropine', strength: 1, unit: '%' }]);

const facts = (over: Partial<PrescriptionFacts>): PrescriptionFacts => ({
  drugs: [],
  allergies: [],
  conditions: [],
  ageMonths: 40 * 12,
  visitDay: '2026-12-04',
  lastIopDay: null,
  nextVisit: null,
  ...over,
});
const allergy = (text: string, substances: string[] = []) => ({ text, substances });
const codes = (warnings: { code: string; medication?: number; medications?: number[] }[]) =>
  warnings.map(
    (w) =>
      `${w.code}${w.medication !== undefined ? `@${w.medication}` : ''}${w.medications ? `@${w.medications.join('+')}` : ''}`,
  );

describe('the five cases of issue 49', () => {
  it('1. "sulfa, penicillin": acetazolamide, dorzolamide, brinzolamide, Cosopt, Azarga and Simbrinza are sulfonamides', () => {
    const drugs = [acetazolamide, dorzolamide, brinzolamide, cosopt, azarga, simbrinza].map((d) => ({
      ...d,
      eye: d.systemic ? null : ('right' as const),
    }));
    const warnings = checkPrescription(
      facts({
        drugs: drugs.map((d, i) => (i === 0 ? d : { ...d, eye: i % 2 ? 'right' : 'left' })),
        allergies: [allergy('sulfa'), allergy('penicillin')],
      }),
    );
    const sulfa = warnings.filter((w) => w.code === 'allergy-sulfonamide');
    expect(sulfa.map((w) => w.medication)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sulfa.every((w) => w.severity === 'contraindicated' && w.allergy === 'sulfa')).toBe(true);
    // A patient with no allergy: none of these.
    expect(
      checkPrescription(facts({ drugs: [acetazolamide, dorzolamide] })).filter((w) =>
        w.code.startsWith('allergy'),
      ),
    ).toEqual([]);
  });

  it('2. timolol and dorzolamide/timolol for a patient whose alerts say "asthma ربو"', () => {
    const conditions = conditionsIn('asthma ربو').map((id) => ({ id, from: 'alerts' as const }));
    expect(conditions.map((c) => c.id)).toEqual(['asthma']);
    const warnings = checkPrescription(facts({ drugs: [timolol, { ...cosopt, eye: 'left' }], conditions }));
    expect(codes(warnings.filter((w) => w.code === 'beta-blocker-asthma'))).toEqual([
      'beta-blocker-asthma@0',
      'beta-blocker-asthma@1',
    ]);
    expect(checkPrescription(facts({ drugs: [timolol] }))).toEqual([]);
  });

  it('3. a combination carries each of its classes: two prostaglandin analogues, two CAIs, an antibiotic allergy and Tobradex', () => {
    expect(codes(checkPrescription(facts({ drugs: [latanoprost, xalacom] })))).toEqual(['same-class@0+1']);
    expect(checkPrescription(facts({ drugs: [latanoprost, xalacom] }))[0]).toMatchObject({
      class: 'prostaglandinAnalogue',
      eye: 'right',
    });
    expect(checkPrescription(facts({ drugs: [cosopt, brinzolamide] }))[0]).toMatchObject({
      code: 'same-class',
      class: 'carbonicAnhydraseInhibitor',
    });
    // In two eyes: no duplication.
    expect(checkPrescription(facts({ drugs: [latanoprost, { ...xalacom, eye: 'left' }] }))).toEqual([]);
    expect(checkPrescription(facts({ drugs: [tobradex], allergies: [allergy('antibiotic')] }))).toMatchObject(
      [{ code: 'allergy', medication: 0, substance: 'tobramycin', class: 'antibiotic' }],
    );
  });

  it('4. allergies written as a brand, an Arabic name or a class', () => {
    const brands = lexiconWithProducts([
      { names: ['Diamox'], ingredients: ['acetazolamide'] },
      { names: ['Xalatan'], ingredients: ['latanoprost'] },
      { names: ['Pred Forte'], ingredients: ['prednisolone'] },
    ]);
    // [allergy as written, drug, the drug's ingredient it is through, the allergy's class that took it in]
    const cases: [string, CheckedDrug, string, string?][] = [
      ['Diamox', acetazolamide, 'acetazolamide'],
      ['Xalatan', latanoprost, 'latanoprost'],
      ['Pred Forte', predForte, 'prednisolone'],
      ['أتروبين', atropine, 'atropine'],
      ['fluoroquinolones', moxifloxacin, 'moxifloxacin', 'fluoroquinolone'],
      ['aminoglycosides', tobradex, 'tobramycin', 'aminoglycoside'],
      ['benzalkonium/preservatives', predForte, 'benzalkonium'],
    ];
    for (const [text, prescribed, substance, viaClass] of cases) {
      const substances = substancesIn(text, brands);
      const warnings = checkPrescription(
        facts({
          drugs: [
            prescribed,
            latanoprost.name === prescribed.name ? timolol : { ...latanoprost, eye: 'left' },
          ],
          allergies: [allergy(text, substances)],
        }),
      );
      expect(
        warnings.filter((w) => w.code === 'allergy'),
        text,
      ).toMatchObject([{ medication: 0, substance, ...(viaClass ? { class: viaClass } : {}) }]);
    }
  });

  it('5. a 4-3-2-1 weekly prednisolone taper (28 days) reminds of the pressure; glaucoma coded in the record warns', () => {
    const taper = { ...predForte, totalDays: 28 };
    expect(checkPrescription(facts({ drugs: [taper], lastIopDay: '2026-11-01' }))).toMatchObject([
      { code: 'steroid-pressure-check', severity: 'reminder', totalDays: 28, lastIopDay: '2026-11-01' },
    ]);
    // Booked back within 4 weeks: the check is planned.
    expect(checkPrescription(facts({ drugs: [taper], nextVisit: '2026-12-30' }))).toEqual([]);
    expect(checkPrescription(facts({ drugs: [{ ...taper, totalDays: 13 }] }))).toEqual([]);
    expect(
      checkPrescription(
        facts({ drugs: [predForte], conditions: [{ id: 'glaucoma', from: 'diagnosis', code: 'H40.1' }] }),
      ),
    ).toMatchObject([{ code: 'steroid-glaucoma', condition: 'glaucoma', severity: 'caution' }]);
  });
});

describe('each kind of rule', () => {
  it('age: brimonidine under 2 years, phenylephrine 10% in a child, cyclopentolate 1% in an infant', () => {
    const brimonidine = drug('Brimonidine 0.2%', [{ substance: 'brimonidine' }]);
    expect(codes(checkPrescription(facts({ drugs: [brimonidine], ageMonths: 18 })))).toEqual([
      'alpha-agonist-under-2@0',
    ]);
    expect(checkPrescription(facts({ drugs: [brimonidine], ageMonths: 24 }))).toEqual([]);
    const phenyl10 = drug('Phenylephrine 10%', [{ substance: 'phenylephrine', strength: 10, unit: '%' }]);
    const phenyl25 = drug('Phenylephrine 2.5%', [{ substance: 'phenylephrine', strength: 2.5, unit: '%' }]);
    expect(codes(checkPrescription(facts({ drugs: [phenyl10], ageMonths: 8 })))).toEqual([
      'phenylephrine-10-child@0',
    ]);
    expect(checkPrescription(facts({ drugs: [phenyl25], ageMonths: 8 }))).toEqual([]);
    const cyclo1 = drug('Cyclopentolate 1%', [{ substance: 'cyclopentolate', strength: 1, unit: '%' }]);
    const cyclo05 = drug('Cyclopentolate 0.5%', [{ substance: 'cyclopentolate', strength: 0.5, unit: '%' }]);
    expect(codes(checkPrescription(facts({ drugs: [cyclo1], ageMonths: 6 })))).toEqual([
      'cycloplegic-infant-strength@0',
    ]);
    expect(checkPrescription(facts({ drugs: [cyclo05], ageMonths: 6 }))).toEqual([]);
    expect(checkPrescription(facts({ drugs: [cyclo1], ageMonths: 30 }))).toEqual([]);
    // No birth date: the age rules cannot fire, and nothing pretends they did.
    expect(checkPrescription(facts({ drugs: [brimonidine], ageMonths: null }))).toEqual([]);
  });

  it('a topical steroid in herpes keratitis; a steroid by mouth is not "on the eye"', () => {
    const hsk = [{ id: 'herpesKeratitis', from: 'diagnosis' as const, code: 'B00.5' }];
    expect(codes(checkPrescription(facts({ drugs: [predForte], conditions: hsk })))).toEqual([
      'steroid-herpes-keratitis@0',
    ]);
    expect(
      checkPrescription(
        facts({ drugs: [oral('Prednisolone 5 mg', [{ substance: 'prednisolone' }])], conditions: hsk }),
      ),
    ).toEqual([]);
  });

  it('an oral and a topical carbonic anhydrase inhibitor duplicate; two oral drugs of one class too', () => {
    expect(checkPrescription(facts({ drugs: [acetazolamide, dorzolamide] }))).toMatchObject([
      { code: 'same-class', class: 'carbonicAnhydraseInhibitor', eye: 'right' },
    ]);
    // A fluoroquinolone by mouth beside one in the eye is no eye duplication (their class does not say so).
    expect(
      checkPrescription(
        facts({ drugs: [oral('Ciprofloxacin 500 mg', [{ substance: 'ciprofloxacin' }]), moxifloxacin] }),
      ),
    ).toEqual([]);
  });

  it('a penicillin allergy cautions a cephalosporin; a drug typed by hand is checked by its name, or said unchecked', () => {
    const cefuroxime = drug('Cefuroxime 1 mg/0.1 ml', [{ substance: 'cefuroxime' }]);
    expect(
      checkPrescription(facts({ drugs: [cefuroxime], allergies: [allergy('penicillin')] })),
    ).toMatchObject([{ code: 'allergy-cross-cephalosporin', severity: 'caution' }]);
    expect(ingredientsOfName('Timolol 0.25% gel')).toEqual([
      { substance: 'timolol', strength: 0.25, unit: '%' },
    ]);
    expect(ingredientsOfName('تيمولول')).toEqual([{ substance: 'timolol', strength: null, unit: null }]);
    expect(ingredientsOfName('Grandma’s herbal drops')).toBeNull();
    expect(codes(checkPrescription(facts({ drugs: [drug('Herbal drops', null)] })))).toEqual([
      'drug-unchecked@0',
    ]);
  });

  it('an allergy no substance matches is said to be unchecked, unless it names a prescribed drug', () => {
    expect(
      codes(checkPrescription(facts({ drugs: [timolol], allergies: [allergy('the blue drops')] }))),
    ).toEqual(['allergy-unchecked']);
    expect(
      codes(
        checkPrescription(facts({ drugs: [drug('Blue drops', null)], allergies: [allergy('blue drops')] })),
      ),
    ).toEqual(['allergy@0', 'drug-unchecked@0']);
  });

  it('every rule of the table has a source, both texts, and a kind the engine knows', () => {
    for (const rule of PRESCRIBING_RULES) {
      expect(rule.source.length, rule.id).toBeGreaterThan(10);
      expect(rule.text.en).not.toBe('');
      expect(rule.text.ar).not.toBe('');
    }
    expect(new Set(PRESCRIBING_RULES.map((r) => r.id)).size).toBe(PRESCRIBING_RULES.length);
  });
});

describe('warning texts', () => {
  it('read as sentences in both languages, with the eye, the class and the counted days', () => {
    const names = ['Latanoprost 0.005%', 'Latanoprost 0.005% + timolol 0.5%'];
    const [dup] = checkPrescription(facts({ drugs: [latanoprost, xalacom] }));
    expect(stripIsolates(warningText(dup!, 'en', (i) => names[i]!))).toBe(
      'Latanoprost 0.005% and Latanoprost 0.005% + timolol 0.5%: two drugs of one class (prostaglandin analogue) in the right eye.',
    );
    // A name typed in Latin letters is isolated: first in an Arabic sentence, it would make the sentence read LTR.
    expect(warningText(dup!, 'ar', (i) => names[i]!)).toContain(`${FSI}Latanoprost 0.005%${PDI}`);
    expect(stripIsolates(warningText(dup!, 'ar', (i) => names[i]!))).toBe(
      'Latanoprost 0.005% وLatanoprost 0.005% + timolol 0.5%: دواءان من فئة واحدة (نظير البروستاغلاندين) في العين اليمنى.',
    );
    const [reminder] = checkPrescription(facts({ drugs: [{ ...predForte, totalDays: 28 }] }));
    expect(stripIsolates(warningText(reminder!, 'ar', () => 'بريدنيزولون'))).toBe(
      'بريدنيزولون من الكورتيكوستيرويدات لمدة ٢٨ يومًا: افحص ضغط العين خلال ٤ أسابيع (آخر قياس مسجل: لا يوجد).',
    );
    // A record saved before the rules table keeps its words.
    expect(
      stripIsolates(
        warningText({ code: 'steroidWithoutIop', medication: 0, totalDays: 35 }, 'en', () => 'Pred Forte'),
      ),
    ).toBe('Pred Forte is a corticosteroid for 35 days with no eye pressure recorded at this visit.');
  });
});
