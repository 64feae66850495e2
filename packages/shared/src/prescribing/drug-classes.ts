/**
 * The classes a prescription is checked by: a small hierarchy in which an ingredient belongs to one or
 * more classes and a class to its parents (moxifloxacin → fluoroquinolone → antibiotic; dorzolamide → carbonic
 * anhydrase inhibitor and the sulfonamide moiety). An allergy recorded against a class covers every class below it;
 * two ingredients of one class marked `duplicate` in one eye are a duplication.
 *
 * Ids are the formulary's groups where the two coincide (`DRUG_CLASSES` of codes.schemas: `steroid`, `betaBlocker`),
 * so a drug's group and its ingredients' classes speak one vocabulary. Each class names its source: a WHO ATC group
 * (https://atcddd.fhi.no/atc_ddd_index/) or the BNF chapter a clinician can look up. `words` are how an allergy or
 * a note may name the class in English and Arabic (matched after the Arabic normalisation of patient search).
 */
export interface DrugClassDef {
  id: string;
  parents: readonly string[];
  en: string;
  ar: string;
  /** Other ways the class is written in an allergy (the names above are matched too). */
  words: readonly string[];
  /** Two ingredients of this class in one eye duplicate each other (EGS guideline; BNF). */
  duplicate: boolean;
  /** A systemic ingredient of this class duplicates a topical one in either eye (an oral and a topical CAI). */
  systemicDuplicates?: boolean;
  source: string;
}

export const DRUG_CLASS_DEFS: readonly DrugClassDef[] = [
  // ---- anti-infectives ------------------------------------------------------------------------------------------
  {
    id: 'antibiotic',
    parents: ['antiInfective'],
    en: 'antibiotic',
    ar: 'مضاد حيوي',
    words: [
      'antibiotics',
      'antibacterial',
      'antibacterials',
      'anti biotic',
      'مضادات حيوية',
      'مضادات حيويه',
      'مضاد بكتيري',
    ],
    duplicate: false,
    source: 'WHO ATC S01A / J01 (antibacterials)',
  },
  {
    id: 'antiInfective',
    parents: [],
    en: 'anti-infective',
    ar: 'مضاد للعدوى',
    words: ['anti infective', 'anti infectives', 'antiinfective', 'antimicrobial', 'antimicrobials'],
    duplicate: false,
    source: 'WHO ATC S01A (anti-infectives)',
  },
  {
    id: 'fluoroquinolone',
    parents: ['antibiotic'],
    en: 'fluoroquinolone',
    ar: 'فلوروكينولون',
    words: ['fluoroquinolones', 'quinolone', 'quinolones', 'كينولون', 'كينولونات', 'فلوروكينولونات'],
    duplicate: true,
    source: 'WHO ATC S01AE (fluoroquinolones), J01MA',
  },
  {
    id: 'aminoglycoside',
    parents: ['antibiotic'],
    en: 'aminoglycoside',
    ar: 'أمينوغليكوزيد',
    words: ['aminoglycosides', 'امينوغليكوزيدات', 'امينوجليكوزيد', 'امينوغليكوسيد'],
    duplicate: true,
    source: 'WHO ATC J01G (aminoglycoside antibacterials); BNF 5.1.4',
  },
  {
    id: 'macrolide',
    parents: ['antibiotic'],
    en: 'macrolide',
    ar: 'ماكروليد',
    words: ['macrolides', 'ماكروليدات'],
    duplicate: true,
    source: 'WHO ATC J01FA (macrolides)',
  },
  {
    id: 'tetracyclines',
    parents: ['antibiotic'],
    en: 'tetracycline class',
    ar: 'التتراسيكلينات',
    words: ['tetracyclines', 'تتراسيكلينات'],
    duplicate: true,
    source: 'WHO ATC J01AA (tetracyclines)',
  },
  {
    id: 'betaLactam',
    parents: ['antibiotic'],
    en: 'beta-lactam',
    ar: 'بيتا لاكتام',
    words: ['beta lactam', 'beta lactams', 'betalactam', 'b lactam'],
    duplicate: true,
    source: 'WHO ATC J01C, J01D (beta-lactam antibacterials)',
  },
  {
    id: 'penicillin',
    parents: ['betaLactam'],
    en: 'penicillin',
    ar: 'بنسلين',
    words: ['penicillins', 'بنسيلين', 'بنسلينات', 'البنسلين'],
    duplicate: true,
    source: 'WHO ATC J01C (beta-lactam antibacterials, penicillins)',
  },
  {
    id: 'cephalosporin',
    parents: ['betaLactam'],
    en: 'cephalosporin',
    ar: 'سيفالوسبورين',
    words: ['cephalosporins', 'سيفالوسبورينات', 'سيفالوسبورنات'],
    duplicate: true,
    source: 'WHO ATC J01D (other beta-lactam antibacterials: cephalosporins)',
  },
  {
    id: 'glycopeptide',
    parents: ['antibiotic'],
    en: 'glycopeptide',
    ar: 'غليكوببتيد',
    words: ['glycopeptides'],
    duplicate: true,
    source: 'WHO ATC J01XA (glycopeptide antibacterials)',
  },
  {
    id: 'amphenicol',
    parents: ['antibiotic'],
    en: 'amphenicol',
    ar: 'أمفينيكول',
    words: ['amphenicols'],
    duplicate: true,
    source: 'WHO ATC J01BA (amphenicols)',
  },
  {
    id: 'polymyxin',
    parents: ['antibiotic'],
    en: 'polymyxin',
    ar: 'بوليمكسين',
    words: ['polymyxins'],
    duplicate: true,
    source: 'WHO ATC J01XB (polymyxins)',
  },
  {
    id: 'fusidane',
    parents: ['antibiotic'],
    en: 'fusidane',
    ar: 'فيوسيدان',
    words: [],
    duplicate: true,
    source: 'WHO ATC J01XC (steroid antibacterials: fusidic acid)',
  },
  {
    id: 'diaminopyrimidine',
    parents: ['antibiotic'],
    en: 'trimethoprim class',
    ar: 'تريميثوبريم',
    words: [],
    duplicate: true,
    source: 'WHO ATC J01EA (trimethoprim and derivatives)',
  },
  {
    id: 'sulfonamideAntibacterial',
    parents: ['antibiotic', 'sulfonamide'],
    en: 'sulfonamide antibacterial',
    ar: 'سلفوناميد مضاد للبكتيريا',
    words: ['sulfa antibiotic', 'sulfa antibiotics', 'sulpha antibiotic'],
    duplicate: true,
    source: 'WHO ATC S01AB (sulfonamides)',
  },
  {
    id: 'sulfonamide',
    parents: [],
    en: 'sulfonamide',
    ar: 'سلفوناميد',
    words: [
      'sulfa',
      'sulpha',
      'sulfas',
      'sulfonamides',
      'sulphonamide',
      'sulphonamides',
      'sulfa drugs',
      'سلفا',
      'سولفا',
      'السلفا',
      'سلفوناميدات',
    ],
    duplicate: false,
    source:
      'The sulfonamide moiety: Trusopt (dorzolamide) SmPC 4.4, Azopt (brinzolamide) SmPC 4.3, Diamox (acetazolamide) SmPC 4.3',
  },
  {
    id: 'antiviral',
    parents: ['antiInfective'],
    en: 'antiviral',
    ar: 'مضاد فيروسي',
    words: ['antivirals', 'مضادات الفيروسات', 'مضاد للفيروسات'],
    duplicate: true,
    source: 'WHO ATC S01AD (antivirals), J05AB',
  },
  {
    id: 'antifungal',
    parents: ['antiInfective'],
    en: 'antifungal',
    ar: 'مضاد فطري',
    words: ['antifungals', 'مضادات الفطريات', 'مضاد للفطريات'],
    duplicate: true,
    source: 'WHO ATC J02 (antimycotics for systemic use); natamycin S01AA10',
  },
  {
    id: 'azole',
    parents: ['antifungal'],
    en: 'azole antifungal',
    ar: 'مضاد فطري آزولي',
    words: ['azoles', 'triazole', 'triazoles'],
    duplicate: true,
    source: 'WHO ATC J02AC (triazole derivatives)',
  },
  {
    id: 'antiseptic',
    parents: ['antiInfective'],
    en: 'antiseptic',
    ar: 'مطهر',
    words: ['antiseptics', 'iodine', 'يود', 'اليود'],
    duplicate: false,
    source: 'WHO ATC S01AX (other anti-infectives: povidone-iodine S01AX18)',
  },
  // ---- anti-inflammatories ----------------------------------------------------------------------------------------
  {
    id: 'steroid',
    parents: [],
    en: 'corticosteroid',
    ar: 'كورتيكوستيرويد',
    words: [
      'steroid',
      'steroids',
      'corticosteroids',
      'cortisone',
      'cortico',
      'ستيرويد',
      'ستيرويدات',
      'ستروئيد',
      'كورتيزون',
      'كورتزون',
      'كورتيكو',
    ],
    duplicate: true,
    source: 'WHO ATC S01BA (corticosteroids, plain), H02AB (glucocorticoids)',
  },
  {
    id: 'nsaid',
    parents: [],
    en: 'NSAID',
    ar: 'مضاد التهاب غير ستيرويدي',
    words: [
      'nsaids',
      'non steroidal',
      'nonsteroidal',
      'non steroid',
      'anti inflammatory painkillers',
      'مضادات الالتهاب غير الستيرويدية',
      'غير ستيرويدي',
      'غير الستيرويدية',
    ],
    duplicate: true,
    source: 'WHO ATC S01BC (anti-inflammatory agents, non-steroids), M01A',
  },
  // ---- glaucoma -----------------------------------------------------------------------------------------------------
  {
    id: 'prostaglandinAnalogue',
    parents: [],
    en: 'prostaglandin analogue',
    ar: 'نظير البروستاغلاندين',
    words: [
      'prostaglandin',
      'prostaglandins',
      'prostaglandin analog',
      'pga',
      'بروستاغلاندين',
      'بروستاجلاندين',
    ],
    duplicate: true,
    source: 'WHO ATC S01EE (prostaglandin analogues)',
  },
  {
    id: 'betaBlocker',
    parents: [],
    en: 'beta-blocker',
    ar: 'حاصر بيتا',
    words: ['beta blocker', 'beta blockers', 'b blocker', 'حاصرات بيتا', 'حاصرات البيتا'],
    duplicate: true,
    source: 'WHO ATC S01ED (beta blocking agents), C07',
  },
  {
    id: 'alphaAgonist',
    parents: [],
    en: 'alpha-2 agonist',
    ar: 'ناهض ألفا ٢',
    words: ['alpha agonist', 'alpha agonists', 'alpha 2 agonist', 'ناهضات الفا'],
    duplicate: true,
    source: 'WHO ATC S01EA (sympathomimetics in glaucoma therapy)',
  },
  {
    id: 'carbonicAnhydraseInhibitor',
    parents: [],
    en: 'carbonic anhydrase inhibitor',
    ar: 'مثبط الأنهيدراز الكربوني',
    words: ['carbonic anhydrase inhibitors', 'cai', 'cais', 'مثبطات الانهيدراز الكربونية'],
    duplicate: true,
    systemicDuplicates: true,
    source:
      'WHO ATC S01EC (carbonic anhydrase inhibitors); an oral with a topical one: Trusopt SmPC 4.5, Azopt SmPC 4.4',
  },
  {
    id: 'rhoKinaseInhibitor',
    parents: [],
    en: 'Rho kinase inhibitor',
    ar: 'مثبط Rho كيناز',
    words: ['rho kinase', 'rock inhibitor'],
    duplicate: true,
    source: 'WHO ATC S01EX (other antiglaucoma preparations: netarsudil S01EX05)',
  },
  {
    id: 'miotic',
    parents: [],
    en: 'miotic (parasympathomimetic)',
    ar: 'مقبض للحدقة',
    words: ['miotics', 'parasympathomimetic', 'parasympathomimetics', 'cholinergic'],
    duplicate: true,
    source: 'WHO ATC S01EB (parasympathomimetics)',
  },
  {
    id: 'osmotic',
    parents: [],
    en: 'osmotic agent',
    ar: 'عامل تناضحي',
    words: ['osmotics', 'osmotic diuretic', 'hyperosmotic'],
    duplicate: false,
    source: 'WHO ATC B05BC (solutions producing osmotic diuresis); BNF 11.6 (glycerol, mannitol)',
  },
  // ---- pupil ----------------------------------------------------------------------------------------------------------
  {
    id: 'pupilDilator',
    parents: [],
    en: 'dilating drop',
    ar: 'قطرة توسيع الحدقة',
    words: [
      'dilating drops',
      'dilating drop',
      'mydriatic',
      'mydriatics',
      'dilation drops',
      'قطرة توسيع',
      'قطرات توسيع',
      'قطره توسيع',
      'موسع حدقة',
      'موسعات الحدقة',
      'توسيع الحدقة',
    ],
    duplicate: false,
    source: 'WHO ATC S01F (mydriatics and cycloplegics)',
  },
  {
    id: 'antimuscarinic',
    parents: ['pupilDilator'],
    en: 'antimuscarinic',
    ar: 'مضاد للمسكارين',
    words: ['antimuscarinics', 'anticholinergic', 'anticholinergics', 'atropinic'],
    duplicate: false,
    source: 'WHO ATC S01FA (anticholinergics)',
  },
  {
    id: 'cycloplegic',
    parents: ['antimuscarinic'],
    en: 'cycloplegic',
    ar: 'شال للجسم الهدبي',
    words: ['cycloplegics', 'cycloplegic drops'],
    duplicate: true,
    source: 'WHO ATC S01FA (anticholinergics); BNF 11.5 (mydriatics and cycloplegics)',
  },
  {
    id: 'mydriatic',
    parents: ['pupilDilator'],
    en: 'sympathomimetic mydriatic',
    ar: 'موسع حدقة ودي',
    words: ['sympathomimetic', 'sympathomimetics', 'sympathomimetic mydriatic'],
    duplicate: false,
    source: 'WHO ATC S01FB (sympathomimetics excluding antiglaucoma preparations)',
  },
  // ---- allergy and surface ----------------------------------------------------------------------------------------
  {
    id: 'antihistamine',
    parents: [],
    en: 'antihistamine',
    ar: 'مضاد هستامين',
    words: ['antihistamines', 'مضادات الهستامين', 'مضاد الهستامين', 'مضادات هستامين'],
    duplicate: true,
    source: 'WHO ATC S01GX (other antiallergics), R06',
  },
  {
    id: 'mastCellStabiliser',
    parents: [],
    en: 'mast cell stabiliser',
    ar: 'مثبت الخلايا البدينة',
    words: ['mast cell stabilizer', 'mast cell stabilisers', 'mast cell stabilizers', 'cromones'],
    duplicate: true,
    source: 'WHO ATC S01GX (other antiallergics: cromoglicic acid S01GX01)',
  },
  {
    id: 'decongestant',
    parents: [],
    en: 'ocular decongestant',
    ar: 'مزيل احتقان',
    words: ['decongestants', 'vasoconstrictor', 'vasoconstrictors', 'مزيلات الاحتقان'],
    duplicate: true,
    source: 'WHO ATC S01GA (sympathomimetics used as decongestants)',
  },
  {
    id: 'immunomodulator',
    parents: [],
    en: 'immunomodulator',
    ar: 'معدل مناعي',
    words: ['immunomodulators', 'immunosuppressant', 'calcineurin inhibitor'],
    duplicate: true,
    source: 'WHO ATC S01XA18 (ciclosporin), L04AD (calcineurin inhibitors)',
  },
  {
    id: 'lubricant',
    parents: [],
    en: 'tear substitute',
    ar: 'بديل الدموع',
    words: ['lubricants', 'artificial tears', 'tear substitutes', 'دموع صناعية', 'مرطب'],
    duplicate: false,
    source: 'WHO ATC S01XA20 (artificial tears and other indifferent preparations); BNF 11.8.1',
  },
  {
    id: 'supplement',
    parents: [],
    en: 'supplement',
    ar: 'مكمل غذائي',
    words: ['supplements', 'vitamins', 'فيتامينات', 'مكملات'],
    duplicate: false,
    source: 'AREDS2 formulation (Age-Related Eye Disease Study 2, JAMA 2013;309:2005–2015)',
  },
  // ---- retina, anaesthesia, diagnosis -----------------------------------------------------------------------------
  {
    id: 'antiVegf',
    parents: [],
    en: 'anti-VEGF',
    ar: 'مضاد عامل نمو بطانة الأوعية',
    words: ['anti vegf', 'antivegf', 'vegf inhibitor'],
    duplicate: true,
    source: 'WHO ATC S01LA (antineovascularisation agents)',
  },
  {
    id: 'anaesthetic',
    parents: [],
    en: 'local anaesthetic',
    ar: 'مخدر موضعي',
    words: ['anaesthetics', 'anesthetic', 'anesthetics', 'local anesthetic', 'مخدر', 'بنج', 'مخدرات موضعية'],
    duplicate: false,
    source: 'WHO ATC S01HA (local anaesthetics)',
  },
  {
    id: 'diagnosticDye',
    parents: [],
    en: 'diagnostic dye',
    ar: 'صبغة تشخيصية',
    words: ['dye', 'dyes', 'صبغة'],
    duplicate: false,
    source: 'WHO ATC S01JA (colouring agents)',
  },
  // ---- excipients -------------------------------------------------------------------------------------------------
  {
    id: 'preservative',
    parents: [],
    en: 'preservative',
    ar: 'مادة حافظة',
    words: ['preservatives', 'مواد حافظة', 'المواد الحافظة', 'حافظة'],
    duplicate: false,
    source: 'The product’s SmPC section 6.1 (list of excipients)',
  },
];

const BY_ID = new Map(DRUG_CLASS_DEFS.map((c) => [c.id, c]));

export function drugClassDef(id: string): DrugClassDef | undefined {
  return BY_ID.get(id);
}

/** The class and every class above it (`fluoroquinolone` → fluoroquinolone, antibiotic, antiInfective). */
export function withAncestors(ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const visit = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const parent of BY_ID.get(id)?.parents ?? []) visit(parent);
  };
  for (const id of ids) visit(id);
  return out;
}
