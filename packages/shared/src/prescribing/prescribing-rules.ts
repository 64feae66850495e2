/**
 * The prescription's safety rules, as one table of data (docs/prescribing.md). A rule has an id (the
 * warning's `code`, stored with the record), a severity, what it applies to (`when`), its text in Arabic and
 * English, and its source, a reference a clinician can check. Adding a rule is adding a row; the engine
 * (prescription-check.ts) knows the kinds of `when`, not the rules.
 *
 * Severities: `contraindicated` (the doctor proceeds only by giving a reason, stored and audited), `caution`
 * (shown and printed), `reminder` (shown and printed).
 *
 * Placeholders in the texts: {drug}, {first}, {second} (the prescribed names), {allergy} (as recorded),
 * {substance}, {class}, {ofClass} (` (a fluoroquinolone)` when the allergy took the drug in by its class),
 * {condition}, {inEye}, {days}, {age}, {lastIop}.
 */
export const SEVERITIES = ['contraindicated', 'caution', 'reminder'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What a rule looks for in a drug: any of these ingredients or classes (a class counts its subclasses). */
export interface DrugTarget {
  ingredients?: readonly string[];
  classes?: readonly string[];
  /** Only at a strength (in %) of at least this much (unknown strength counts: the check errs toward warning). */
  minPercent?: number;
  /** Only at a strength (in %) above this. */
  abovePercent?: number;
  /** Only a drug given to the eye (drops, ointment, an injection into it): not one taken by mouth. */
  localOnly?: boolean;
}

export type RuleWhen =
  /** A drug containing a substance the patient is allergic to; `via` picks the row for one class of allergy. */
  | { kind: 'allergy'; via?: string }
  /** A drug of `drugClass` for a patient allergic to a substance of `allergyClass` (a related class). */
  | { kind: 'crossAllergy'; allergyClass: string; drugClass: string }
  /** An allergy the checker could not read as any substance. */
  | { kind: 'allergyUnchecked' }
  /** A drug the checker does not know the ingredients of. */
  | { kind: 'drugUnchecked' }
  | { kind: 'condition'; drug: DrugTarget; conditions: readonly string[] }
  | { kind: 'age'; drug: DrugTarget; underMonths: number }
  /** Two drugs whose ingredients share a class marked `duplicate`, in one eye (through combinations too). */
  | { kind: 'sameClass' }
  /** A course of a class of at least `minDays` days and no visit booked within `withinDays` to check the pressure. */
  | { kind: 'course'; drug: DrugTarget; minDays: number; withinDays: number };

export interface PrescribingRule {
  id: string;
  severity: Severity;
  when: RuleWhen;
  text: { en: string; ar: string };
  source: string;
}

const BETA_BLOCKER: DrugTarget = { classes: ['betaBlocker'] };
const BETA_BLOCKER_LABEL =
  'Timoptol (timolol) SmPC 4.3; BNF, timolol maleate (eye): contra-indications (the same for every topical beta-blocker, including in combinations)';
const ACETAZOLAMIDE: DrugTarget = { ingredients: ['acetazolamide', 'methazolamide'] };
const PHENYLEPHRINE_10: DrugTarget = { ingredients: ['phenylephrine'], minPercent: 10 };
const PHENYLEPHRINE_LABEL =
  'BNF, phenylephrine hydrochloride (eye): contra-indications of the 10% strength; Minims Phenylephrine 10% SmPC 4.3';

export const PRESCRIBING_RULES: readonly PrescribingRule[] = [
  // ---- allergies ----------------------------------------------------------------------------------------------------
  {
    id: 'allergy-sulfonamide',
    severity: 'contraindicated',
    when: { kind: 'allergy', via: 'sulfonamide' },
    text: {
      en: 'Sulfonamide allergy: {drug} contains {substance}, a sulfonamide; the patient is allergic to “{allergy}”.',
      ar: 'حساسية السلفا: {drug} يحتوي على {substance} وهو من السلفوناميدات، والمريض لديه حساسية من «{allergy}».',
    },
    source:
      'Azopt (brinzolamide) SmPC 4.3; Trusopt (dorzolamide) SmPC 4.3–4.4; Diamox (acetazolamide) SmPC 4.3',
  },
  {
    id: 'allergy',
    severity: 'contraindicated',
    when: { kind: 'allergy' },
    text: {
      en: 'Allergy: {drug} contains {substance}{ofClass}; the patient is allergic to “{allergy}”.',
      ar: 'حساسية: {drug} يحتوي على {substance}{ofClass}، والمريض لديه حساسية من «{allergy}».',
    },
    source:
      'Every product’s SmPC section 4.3: hypersensitivity to the active substance or to any of the excipients',
  },
  {
    id: 'allergy-cross-cephalosporin',
    severity: 'caution',
    when: { kind: 'crossAllergy', allergyClass: 'penicillin', drugClass: 'cephalosporin' },
    text: {
      en: 'Possible cross-allergy: {drug} is a cephalosporin; the patient is allergic to “{allergy}”, a penicillin.',
      ar: 'حساسية متصالبة محتملة: {drug} من السيفالوسبورينات، والمريض لديه حساسية من «{allergy}» وهو من البنسلينات.',
    },
    source:
      'Aprokam (cefuroxime, intracameral) SmPC 4.4; BNF, cephalosporins: cautions (sensitivity to beta-lactams)',
  },
  {
    id: 'allergy-cross-sulfonamide',
    severity: 'caution',
    when: { kind: 'crossAllergy', allergyClass: 'sulfonamideAntibacterial', drugClass: 'sulfonamide' },
    text: {
      en: 'Possible cross-allergy: {drug} contains a sulfonamide; the patient is allergic to “{allergy}”, a sulfonamide antibacterial.',
      ar: 'حساسية متصالبة محتملة: {drug} يحتوي على سلفوناميد، والمريض لديه حساسية من «{allergy}» وهو مضاد بكتيري سلفوناميدي.',
    },
    source: 'Trusopt (dorzolamide) SmPC 4.4: sulfonamide adverse reactions may occur',
  },
  {
    id: 'allergy-unchecked',
    severity: 'reminder',
    when: { kind: 'allergyUnchecked' },
    text: {
      en: 'The allergy “{allergy}” is not matched to any substance: this prescription was not checked against it.',
      ar: 'الحساسية «{allergy}» غير مطابقة لأي مادة: لم تُفحص هذه الوصفة مقابلها.',
    },
    source: 'Basira: an allergy recorded as free text that names no known substance (issue 49)',
  },
  {
    id: 'drug-unchecked',
    severity: 'reminder',
    when: { kind: 'drugUnchecked' },
    text: {
      en: '{drug} is not in the formulary with its ingredients: allergies and conditions were not checked for it.',
      ar: '{drug} غير موجود في قائمة الأدوية بمكوناته: لم تُفحص الحساسية والحالات المرضية له.',
    },
    source: 'Basira: a drug typed by hand or without ingredients in the formulary (issue 49)',
  },
  // ---- beta-blockers ----------------------------------------------------------------------------------------------
  {
    id: 'beta-blocker-asthma',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['asthma'] },
    text: {
      en: '{drug} is a beta-blocker: contraindicated in asthma (bronchospasm, even as eye drops).',
      ar: '{drug} من حاصرات بيتا: ممنوع في الربو (تشنج القصبات حتى كقطرة عين).',
    },
    source: BETA_BLOCKER_LABEL,
  },
  {
    id: 'beta-blocker-copd',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['copd'] },
    text: {
      en: '{drug} is a beta-blocker: contraindicated in severe chronic obstructive pulmonary disease.',
      ar: '{drug} من حاصرات بيتا: ممنوع في الانسداد الرئوي المزمن الشديد.',
    },
    source: BETA_BLOCKER_LABEL,
  },
  {
    id: 'beta-blocker-bradycardia',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['bradycardia'] },
    text: {
      en: '{drug} is a beta-blocker: contraindicated in sinus bradycardia and sick sinus syndrome.',
      ar: '{drug} من حاصرات بيتا: ممنوع مع بطء القلب الجيبي ومتلازمة العقدة الجيبية المريضة.',
    },
    source: BETA_BLOCKER_LABEL,
  },
  {
    id: 'beta-blocker-heart-block',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['heartBlock'] },
    text: {
      en: '{drug} is a beta-blocker: contraindicated in second- or third-degree heart block.',
      ar: '{drug} من حاصرات بيتا: ممنوع مع إحصار القلب من الدرجة الثانية أو الثالثة.',
    },
    source: BETA_BLOCKER_LABEL,
  },
  {
    id: 'beta-blocker-heart-failure',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['heartFailure'] },
    text: {
      en: '{drug} is a beta-blocker: contraindicated in uncontrolled heart failure.',
      ar: '{drug} من حاصرات بيتا: ممنوع مع قصور القلب غير المسيطر عليه.',
    },
    source: BETA_BLOCKER_LABEL,
  },
  {
    id: 'beta-blocker-myasthenia',
    severity: 'caution',
    when: { kind: 'condition', drug: BETA_BLOCKER, conditions: ['myasthenia'] },
    text: {
      en: '{drug} is a beta-blocker: it may worsen myasthenia gravis.',
      ar: '{drug} من حاصرات بيتا: قد يزيد الوهن العضلي الوبيل سوءًا.',
    },
    source: 'Timoptol (timolol) SmPC 4.4: beta-blockers may aggravate myasthenia gravis',
  },
  // ---- acetazolamide ------------------------------------------------------------------------------------------------
  {
    id: 'acetazolamide-renal-failure',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: ACETAZOLAMIDE, conditions: ['renalFailure'] },
    text: {
      en: '{drug}: acetazolamide is contraindicated in marked renal impairment.',
      ar: '{drug}: الأسيتازولاميد ممنوع في القصور الكلوي الواضح.',
    },
    source: 'Diamox (acetazolamide) SmPC 4.3: marked kidney disease or dysfunction',
  },
  {
    id: 'acetazolamide-hepatic-failure',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: ACETAZOLAMIDE, conditions: ['hepaticFailure'] },
    text: {
      en: '{drug}: acetazolamide is contraindicated in marked hepatic impairment (risk of hepatic encephalopathy).',
      ar: '{drug}: الأسيتازولاميد ممنوع في القصور الكبدي الواضح (خطر الاعتلال الدماغي الكبدي).',
    },
    source: 'Diamox (acetazolamide) SmPC 4.3: marked liver disease or dysfunction, including cirrhosis',
  },
  {
    id: 'acetazolamide-sickle-cell',
    severity: 'caution',
    when: { kind: 'condition', drug: ACETAZOLAMIDE, conditions: ['sickleCell'] },
    text: {
      en: '{drug}: acetazolamide causes an acidosis that increases sickling; avoid it in sickle cell disease, above all with a hyphaema.',
      ar: '{drug}: الأسيتازولاميد يسبب حماضًا يزيد تمنجل الكريات؛ يُتجنب في فقر الدم المنجلي، وخاصة مع نزف الحجرة الأمامية.',
    },
    source:
      'American Academy of Ophthalmology, BCSC section 8 / EyeWiki “Hyphema”: avoid carbonic anhydrase inhibitors in sickle cell disease',
  },
  {
    id: 'acetazolamide-pregnancy',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: ACETAZOLAMIDE, conditions: ['pregnancy'] },
    text: {
      en: '{drug}: acetazolamide should not be used in pregnancy, above all in the first trimester.',
      ar: '{drug}: لا يُستعمل الأسيتازولاميد في الحمل، وخاصة في الأشهر الثلاثة الأولى.',
    },
    source:
      'Diamox (acetazolamide) SmPC 4.6: not to be used in pregnancy, especially during the first trimester',
  },
  // ---- children -----------------------------------------------------------------------------------------------------
  {
    id: 'alpha-agonist-under-2',
    severity: 'contraindicated',
    when: { kind: 'age', drug: { ingredients: ['brimonidine', 'apraclonidine'] }, underMonths: 24 },
    text: {
      en: '{drug}: brimonidine and apraclonidine are contraindicated under 2 years of age (apnoea, CNS depression); the patient is {age} old.',
      ar: '{drug}: البريمونيدين والأبراكلونيدين ممنوعان تحت عمر سنتين (انقطاع النفس وتثبيط الجهاز العصبي)؛ عمر المريض {age}.',
    },
    source:
      'Alphagan (brimonidine) SmPC 4.3: neonates and infants under 2 years; BNF for Children, brimonidine and apraclonidine',
  },
  {
    id: 'phenylephrine-10-child',
    severity: 'contraindicated',
    when: { kind: 'age', drug: PHENYLEPHRINE_10, underMonths: 144 },
    text: {
      en: '{drug}: phenylephrine 10% is contraindicated in children (use 2.5%); the patient is {age} old.',
      ar: '{drug}: الفينيليفرين ١٠٪ ممنوع للأطفال (يُستعمل ٢٫٥٪)؛ عمر المريض {age}.',
    },
    source: PHENYLEPHRINE_LABEL,
  },
  {
    id: 'phenylephrine-10-hypertension',
    severity: 'contraindicated',
    when: { kind: 'condition', drug: PHENYLEPHRINE_10, conditions: ['hypertension'] },
    text: {
      en: '{drug}: phenylephrine 10% is contraindicated in hypertension (use 2.5%).',
      ar: '{drug}: الفينيليفرين ١٠٪ ممنوع مع ارتفاع ضغط الدم (يُستعمل ٢٫٥٪).',
    },
    source: PHENYLEPHRINE_LABEL,
  },
  {
    id: 'phenylephrine-10-heart-disease',
    severity: 'contraindicated',
    when: {
      kind: 'condition',
      drug: PHENYLEPHRINE_10,
      conditions: ['coronaryDisease', 'heartFailure', 'heartBlock', 'bradycardia'],
    },
    text: {
      en: '{drug}: phenylephrine 10% is contraindicated in heart disease ({condition}; use 2.5%).',
      ar: '{drug}: الفينيليفرين ١٠٪ ممنوع في أمراض القلب ({condition}؛ يُستعمل ٢٫٥٪).',
    },
    source: PHENYLEPHRINE_LABEL,
  },
  {
    id: 'cycloplegic-infant-strength',
    severity: 'caution',
    when: {
      kind: 'age',
      drug: { ingredients: ['cyclopentolate', 'atropine'], abovePercent: 0.5 },
      underMonths: 12,
    },
    text: {
      en: '{drug}: under 1 year of age use cyclopentolate or atropine at 0.5% at most (systemic toxicity); the patient is {age} old.',
      ar: '{drug}: تحت عمر سنة يُستعمل السايكلوبنتولات أو الأتروبين بتركيز ٠٫٥٪ على الأكثر (تسمم جهازي)؛ عمر المريض {age}.',
    },
    source:
      'BNF for Children, cyclopentolate hydrochloride and atropine sulfate (eye): the 0.5% strength in infants',
  },
  // ---- corticosteroids ----------------------------------------------------------------------------------------------
  {
    id: 'steroid-herpes-keratitis',
    severity: 'contraindicated',
    when: {
      kind: 'condition',
      drug: { classes: ['steroid'], localOnly: true },
      conditions: ['herpesKeratitis'],
    },
    text: {
      en: '{drug} is a corticosteroid: contraindicated on the eye in herpes simplex keratitis.',
      ar: '{drug} من الكورتيكوستيرويدات: ممنوع على العين في التهاب القرنية الهربسي.',
    },
    source:
      'Pred Forte (prednisolone acetate) SmPC 4.3; Maxidex (dexamethasone) SmPC 4.3: herpes simplex keratitis',
  },
  {
    id: 'steroid-glaucoma',
    severity: 'caution',
    when: {
      kind: 'condition',
      drug: { classes: ['steroid'] },
      conditions: ['glaucoma', 'ocularHypertension'],
    },
    text: {
      en: '{drug} is a corticosteroid for a patient with {condition}: it can raise the eye pressure; watch it closely.',
      ar: '{drug} من الكورتيكوستيرويدات لمريض لديه {condition}: قد يرفع ضغط العين؛ راقبه عن قرب.',
    },
    source:
      'Pred Forte (prednisolone acetate) SmPC 4.4; Maxidex (dexamethasone) SmPC 4.4: raised intraocular pressure',
  },
  {
    id: 'steroid-pressure-check',
    severity: 'reminder',
    when: { kind: 'course', drug: { classes: ['steroid'] }, minDays: 14, withinDays: 28 },
    text: {
      en: '{drug} is a corticosteroid for {days}: check the eye pressure within 4 weeks (last pressure on record: {lastIop}).',
      ar: '{drug} من الكورتيكوستيرويدات لمدة {days}: افحص ضغط العين خلال ٤ أسابيع (آخر قياس مسجل: {lastIop}).',
    },
    source:
      'Pred Forte and FML US labels (Allergan), Warnings: intraocular pressure should be monitored when used 10 days or longer; the clinic’s threshold is 14 days',
  },
  // ---- duplication --------------------------------------------------------------------------------------------------
  {
    id: 'same-class',
    severity: 'caution',
    when: { kind: 'sameClass' },
    text: {
      en: '{first} and {second}: two drugs of one class ({class}) {inEye}.',
      ar: '{first} و{second}: دواءان من فئة واحدة ({class}) {inEye}.',
    },
    source:
      'European Glaucoma Society, Terminology and Guidelines for Glaucoma, 5th ed. (2020): do not combine two drugs of one class; BNF 11.6',
  },
];

const BY_ID = new Map(PRESCRIBING_RULES.map((rule) => [rule.id, rule]));

export function prescribingRule(id: string): PrescribingRule | undefined {
  return BY_ID.get(id);
}
