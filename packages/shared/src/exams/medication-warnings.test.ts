import { describe, expect, it } from 'vitest';
import { medicationWarnings, type WarningDrug } from './medication-warnings.ts';

/** Drugs as the formulary seeds name and class them. */
const drug = (
  name: string,
  drugClass: string | null,
  eye: WarningDrug['eye'] = 'right',
  totalDays: number | null = 7,
) => ({ name, class: drugClass, eye, totalDays }) satisfies WarningDrug;

const moxifloxacin = drug('Moxifloxacin 0.5%', 'antibiotic');
const prednisolone = drug('Prednisolone acetate 1%', 'steroid');
const ketorolac = drug('Ketorolac 0.5%', 'nsaid');
const timolol = drug('Timolol 0.5%', 'betaBlocker');
const latanoprost = drug('Latanoprost 0.005%', 'prostaglandinAnalogue');

const warn = (drugs: WarningDrug[], allergies: string[] = [], visitHasIop = true) =>
  medicationWarnings({ drugs, allergies, visitHasIop });

describe('allergy warnings', () => {
  it('match the drug by name, in either direction, whatever the case', () => {
    expect(warn([moxifloxacin, ketorolac], ['MOXIFLOXACIN'])).toEqual([
      { code: 'allergy', medication: 0, allergy: 'MOXIFLOXACIN' },
    ]);
    expect(warn([ketorolac, moxifloxacin], ['Allergic to moxifloxacin 0.5% eye drops (rash)'])).toEqual([
      { code: 'allergy', medication: 1, allergy: 'Allergic to moxifloxacin 0.5% eye drops (rash)' },
    ]);
    // One ingredient of a combination.
    expect(warn([drug('Neomycin + polymyxin B + dexamethasone', 'steroid')], ['neomycin'])).toEqual([
      { code: 'allergy', medication: 0, allergy: 'neomycin' },
    ]);
  });

  it('match the class, and its synonyms in English and Arabic', () => {
    const steroidWords = [
      'steroids',
      'Corticosteroid',
      'cortisone',
      'ستيرويد',
      'الستيرويدات',
      'كورتيزون',
      'الكُورتيزون',
    ];
    for (const allergy of steroidWords) {
      expect(warn([moxifloxacin, prednisolone], [allergy])).toEqual([
        { code: 'allergy', medication: 1, allergy },
      ]);
    }
    for (const allergy of ['antibiotics', 'مضاد حيوي', 'المضادات الحيوية']) {
      expect(warn([prednisolone, moxifloxacin], [allergy])).toEqual([
        { code: 'allergy', medication: 1, allergy },
      ]);
    }
    for (const allergy of [
      'NSAIDs',
      'non-steroidal anti-inflammatory drugs',
      'مسكنات',
      'مضادات الالتهاب غير الستيرويدية',
    ]) {
      expect(warn([prednisolone, ketorolac], [allergy])).toEqual([
        { code: 'allergy', medication: 1, allergy },
      ]);
    }
    for (const allergy of ['beta blockers', 'Prostaglandin analogue']) {
      expect(warn([timolol, latanoprost], [allergy])).toHaveLength(1);
    }
  });

  it('normalise Arabic spelling: tashkeel, hamza forms, taa marbuta, alef maqsura', () => {
    const drugs = [drug('ستيرويد', null), drug('مضاد حيوي', null)];
    expect(warn(drugs, ['سْتِيرُويد'])).toEqual([{ code: 'allergy', medication: 0, allergy: 'سْتِيرُويد' }]);
    expect(warn([drug('أموكسيسيلين', null)], ['اموكسيسيلين'])).toHaveLength(1);
    expect(warn([drug('إريثرومايسين', null)], ['آريثرومايسين'])).toHaveLength(1);
    expect(warn([drug('إريثرومايسين', null)], ['اريثرومايسين'])).toHaveLength(1);
    expect(warn([drug('مضادات حيوية', null)], ['مضادات حيويه'])).toHaveLength(1);
    expect(warn([moxifloxacin], ['مضاد حيوى'])).toHaveLength(1);
  });

  it('match sulfa to sulfonamides, and penicillin to the -cillins by name', () => {
    const sulfacetamide = drug('Sulfacetamide 10%', 'antibiotic');
    expect(warn([sulfacetamide], ['Sulfa'])).toEqual([{ code: 'allergy', medication: 0, allergy: 'Sulfa' }]);
    expect(warn([drug('Sulfamethoxazole', 'sulfonamide', null)], ['حساسية سلفا'])).toHaveLength(1);
    const augmentin = drug('Amoxicillin + clavulanic acid 1 g', 'antibiotic', null);
    expect(warn([augmentin], ['penicillin'])).toEqual([
      { code: 'allergy', medication: 0, allergy: 'penicillin' },
    ]);
    expect(warn([augmentin], ['البنسلين'])).toHaveLength(1);
    // Penicillin is not a class: other antibiotics are no match.
    expect(warn([moxifloxacin], ['penicillin'])).toEqual([]);
  });

  it('warn once per drug and allergy, for every match', () => {
    const tobradex = drug('Tobramycin 0.3% + dexamethasone 0.1%', 'steroid');
    expect(warn([tobradex, moxifloxacin], ['tobramycin', 'steroid', ' tobramycin ', ''])).toEqual([
      { code: 'allergy', medication: 0, allergy: 'tobramycin' },
      { code: 'allergy', medication: 0, allergy: 'steroid' },
    ]);
  });

  it('do not match unrelated drugs or partial words', () => {
    expect(warn([moxifloxacin, prednisolone, ketorolac, timolol], ['dust', 'latex', 'pollen'])).toEqual([]);
    // Non-steroidal is no steroid; "anti" is no antibiotic; "gel" is no drug's name.
    expect(
      warn(
        [prednisolone],
        ['non-steroidal anti-inflammatory', 'non steroid anti-inflammatory', 'مضاد التهاب غير ستيرويدي'],
      ),
    ).toEqual([]);
    expect(warn([moxifloxacin], ['anti', 'flox', 'eye drops'])).toEqual([]);
    expect(warn([drug('Carbomer 0.2% gel', 'lubricant')], ['gel'])).toEqual([]);
    // The catch-all classes are never an allergy.
    expect(warn([drug('Povidone-iodine 5% ophthalmic', 'other')], ['other'])).toEqual([]);
    expect(warn([moxifloxacin], [])).toEqual([]);
  });
});

describe('same-class warnings', () => {
  it('warn of two drugs of one class in one eye', () => {
    const gatifloxacin = drug('Gatifloxacin 0.3%', 'antibiotic');
    expect(warn([moxifloxacin, timolol, gatifloxacin])).toEqual([
      { code: 'sameClass', medications: [0, 2], class: 'antibiotic', eye: 'right' },
    ]);
  });

  it('count both eyes as the right and the left', () => {
    const both = drug('Timolol 0.5%', 'betaBlocker', 'both');
    const left = drug('Dorzolamide 2% + timolol 0.5%', 'betaBlocker', 'left');
    const right = drug('Betaxolol 0.25%', 'betaBlocker', 'right');
    expect(warn([both, left, right])).toEqual([
      { code: 'sameClass', medications: [0, 1], class: 'betaBlocker', eye: 'left' },
      { code: 'sameClass', medications: [0, 2], class: 'betaBlocker', eye: 'right' },
    ]);
    expect(warn([both, { ...both, name: 'Betaxolol 0.25%' }])).toEqual([
      { code: 'sameClass', medications: [0, 1], class: 'betaBlocker', eye: 'both' },
    ]);
  });

  it('do not warn for different eyes, different classes, no class, lubricants or drugs by mouth', () => {
    expect(
      warn([drug('Timolol 0.5%', 'betaBlocker', 'right'), drug('Betaxolol 0.25%', 'betaBlocker', 'left')]),
    ).toEqual([]);
    expect(warn([timolol, latanoprost, prednisolone, ketorolac, moxifloxacin])).toEqual([]);
    expect(warn([drug('Drops A', null), drug('Drops B', null)])).toEqual([]);
    expect(
      warn([
        drug('Carboxymethylcellulose 0.5%', 'lubricant', 'both'),
        drug('Sodium hyaluronate 0.1%', 'lubricant', 'both'),
      ]),
    ).toEqual([]);
    expect(
      warn([drug('Doxycycline 100 mg', 'antibiotic', null), drug('Amoxicillin', 'antibiotic', null)]),
    ).toEqual([]);
    expect(warn([drug('Doxycycline 100 mg', 'antibiotic', null), moxifloxacin])).toEqual([]);
  });
});

describe('steroid without eye pressure', () => {
  it('warns of a steroid past 4 weeks when the visit has no pressure', () => {
    const long = drug('Prednisolone acetate 1%', 'steroid', 'right', 35);
    expect(warn([moxifloxacin, long], [], false)).toEqual([
      { code: 'steroidWithoutIop', medication: 1, totalDays: 35 },
    ]);
    // Taken by mouth too: systemic steroids raise the pressure as well.
    expect(warn([drug('Prednisolone 5 mg', 'steroid', null, 29)], [], false)).toEqual([
      { code: 'steroidWithoutIop', medication: 0, totalDays: 29 },
    ]);
  });

  it('does not warn at 4 weeks or less, with a pressure, with no duration, or for other classes', () => {
    expect(warn([drug('Prednisolone acetate 1%', 'steroid', 'right', 28)], [], false)).toEqual([]);
    expect(warn([drug('Prednisolone acetate 1%', 'steroid', 'right', 60)], [], true)).toEqual([]);
    expect(warn([drug('Prednisolone acetate 1%', 'steroid', 'right', null)], [], false)).toEqual([]);
    expect(warn([drug('Ketorolac 0.5%', 'nsaid', 'right', 60)], [], false)).toEqual([]);
  });
});

describe('all rules together', () => {
  it('list allergies, then duplicates, then long steroids', () => {
    const drugs = [
      drug('Prednisolone acetate 1%', 'steroid', 'both', 42),
      drug('Dexamethasone 0.1%', 'steroid', 'left', 7),
      moxifloxacin,
    ];
    expect(warn(drugs, ['كورتيزون'], false)).toEqual([
      { code: 'allergy', medication: 0, allergy: 'كورتيزون' },
      { code: 'allergy', medication: 1, allergy: 'كورتيزون' },
      { code: 'sameClass', medications: [0, 1], class: 'steroid', eye: 'left' },
      { code: 'steroidWithoutIop', medication: 0, totalDays: 42 },
    ]);
  });
});
