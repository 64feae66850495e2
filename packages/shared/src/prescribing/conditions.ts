/**
 * The conditions a prescription is checked against (docs/prescribing.md): the systemic ones recorded on the patient's
 * alerts (asthma, heart block, pregnancy, …) and the eye ones read from the coded diagnoses of the patient's
 * consultations (glaucoma, ocular hypertension, herpes simplex keratitis). Each names the ICD-10 codes that stand for
 * it (a code matches a prefix: `H40.1` covers `H40.11`), and the words a free-text alert may use for it in English
 * and Arabic, matched as whole words after the Arabic normalisation of patient search.
 */
export interface ConditionDef {
  id: string;
  en: string;
  ar: string;
  /** Recorded on the patient (the alerts' conditions); the others come from coded diagnoses only. */
  recordable: boolean;
  /** ICD-10 codes, as prefixes. */
  codes: readonly string[];
  /** How a free-text alert names it (the names above count too). */
  words: readonly string[];
}

export const CONDITIONS: readonly ConditionDef[] = [
  {
    id: 'asthma',
    en: 'Asthma',
    ar: 'الربو',
    recordable: true,
    codes: ['J45', 'J46'],
    words: ['asthma', 'asthmatic', 'bronchial asthma', 'ربو', 'الربو', 'ربو قصبي', 'حساسية صدر', 'ازمة ربو'],
  },
  {
    id: 'copd',
    en: 'COPD',
    ar: 'الانسداد الرئوي المزمن',
    recordable: true,
    codes: ['J44', 'J43', 'J41', 'J42'],
    words: ['copd', 'emphysema', 'chronic bronchitis', 'انسداد رئوي', 'نفاخ رئوي', 'التهاب القصبات المزمن'],
  },
  {
    id: 'bradycardia',
    en: 'Bradycardia',
    ar: 'بطء القلب',
    recordable: true,
    codes: ['R00.1', 'I49.5'],
    words: ['bradycardia', 'slow heart', 'sick sinus', 'بطء القلب', 'بطء ضربات القلب', 'بطء النبض'],
  },
  {
    id: 'heartBlock',
    en: 'Heart block',
    ar: 'إحصار القلب',
    recordable: true,
    codes: ['I44.1', 'I44.2', 'I44.3', 'I45.9'],
    words: ['heart block', 'av block', 'atrioventricular block', 'احصار قلبي', 'احصار القلب', 'احصار'],
  },
  {
    id: 'heartFailure',
    en: 'Heart failure',
    ar: 'قصور القلب',
    recordable: true,
    codes: ['I50'],
    words: [
      'heart failure',
      'cardiac failure',
      'ccf',
      'chf',
      'قصور القلب',
      'فشل القلب',
      'عجز القلب',
      'قصور قلبي',
    ],
  },
  {
    id: 'coronaryDisease',
    en: 'Ischaemic heart disease',
    ar: 'مرض القلب الإقفاري',
    recordable: true,
    codes: ['I20', 'I21', 'I22', 'I23', 'I24', 'I25'],
    words: [
      'ischaemic heart disease',
      'ischemic heart disease',
      'ihd',
      'angina',
      'coronary',
      'myocardial infarction',
      'ذبحة',
      'ذبحة صدرية',
      'جلطة قلبية',
      'احتشاء',
      'قسطرة',
    ],
  },
  {
    id: 'hypertension',
    en: 'Hypertension',
    ar: 'ارتفاع ضغط الدم',
    recordable: true,
    codes: ['I10', 'I11', 'I12', 'I13', 'I15'],
    words: [
      'hypertension',
      'hypertensive',
      'high blood pressure',
      'htn',
      'ضغط الدم',
      'ارتفاع ضغط الدم',
      'ضغط دم',
    ],
  },
  {
    id: 'diabetes',
    en: 'Diabetes',
    ar: 'السكري',
    recordable: true,
    codes: ['E10', 'E11', 'E12', 'E13', 'E14', 'H36.0', 'O24'],
    words: ['diabetes', 'diabetic', 'dm', 'سكري', 'السكري', 'السكر', 'داء السكري'],
  },
  {
    id: 'pregnancy',
    en: 'Pregnancy',
    ar: 'الحمل',
    recordable: true,
    codes: ['Z33', 'Z34', 'Z35'],
    words: ['pregnant', 'pregnancy', 'حامل', 'حمل', 'الحمل'],
  },
  {
    id: 'breastfeeding',
    en: 'Breastfeeding',
    ar: 'الرضاعة الطبيعية',
    recordable: true,
    codes: ['Z39.1'],
    words: ['breastfeeding', 'breast feeding', 'lactating', 'lactation', 'مرضع', 'مرضعة', 'رضاعة', 'ترضع'],
  },
  {
    id: 'renalFailure',
    en: 'Renal failure',
    ar: 'الفشل الكلوي',
    recordable: true,
    codes: ['N17', 'N18', 'N19'],
    words: [
      'renal failure',
      'kidney failure',
      'renal impairment',
      'ckd',
      'dialysis',
      'فشل كلوي',
      'الفشل الكلوي',
      'قصور كلوي',
      'عجز كلوي',
      'غسيل كلى',
      'غسل الكلى',
    ],
  },
  {
    id: 'hepaticFailure',
    en: 'Hepatic failure',
    ar: 'الفشل الكبدي',
    recordable: true,
    codes: ['K72', 'K70.4', 'K74', 'K76.7'],
    words: [
      'liver failure',
      'hepatic failure',
      'hepatic impairment',
      'cirrhosis',
      'فشل كبدي',
      'الفشل الكبدي',
      'تليف الكبد',
      'تشمع الكبد',
      'قصور كبدي',
    ],
  },
  {
    id: 'sickleCell',
    en: 'Sickle cell disease',
    ar: 'فقر الدم المنجلي',
    recordable: true,
    codes: ['D57'],
    words: [
      'sickle',
      'sickle cell',
      'sickle cell disease',
      'sickle cell trait',
      'منجلي',
      'فقر الدم المنجلي',
      'انيميا منجلية',
    ],
  },
  {
    id: 'myasthenia',
    en: 'Myasthenia gravis',
    ar: 'الوهن العضلي الوبيل',
    recordable: true,
    codes: ['G70.0'],
    words: ['myasthenia', 'myasthenia gravis', 'الوهن العضلي', 'وهن عضلي'],
  },
  {
    id: 'glaucoma',
    en: 'Glaucoma',
    ar: 'الزرق (الماء الأزرق)',
    recordable: false,
    codes: ['H40.1', 'H40.2', 'H40.3', 'H40.4', 'H40.5', 'H40.6', 'H40.8', 'H40.9', 'H42', 'Q15.0'],
    words: ['glaucoma', 'زرق', 'جلوكوما', 'ماء ازرق', 'الماء الازرق'],
  },
  {
    id: 'ocularHypertension',
    en: 'Ocular hypertension',
    ar: 'ارتفاع ضغط العين',
    recordable: false,
    codes: ['H40.0'],
    words: ['ocular hypertension', 'oht', 'ارتفاع ضغط العين'],
  },
  {
    id: 'herpesKeratitis',
    en: 'Herpes simplex keratitis',
    ar: 'التهاب القرنية الهربسي',
    recordable: false,
    codes: ['B00.5', 'H19.1'],
    words: [
      'herpes simplex keratitis',
      'hsk',
      'herpetic keratitis',
      'dendritic ulcer',
      'هربس القرنية',
      'قرحة شجرية',
    ],
  },
];

export const RECORDABLE_CONDITIONS = CONDITIONS.filter((c) => c.recordable).map((c) => c.id);

const BY_ID = new Map(CONDITIONS.map((c) => [c.id, c]));

export function conditionDef(id: string): ConditionDef | undefined {
  return BY_ID.get(id);
}

/** The condition an ICD-10 code stands for (the longest prefix wins: `H40.0` is ocular hypertension). */
export function conditionOfCode(code: string): string | null {
  const key = code.trim().toUpperCase();
  let best: { id: string; length: number } | null = null;
  for (const condition of CONDITIONS)
    for (const prefix of condition.codes)
      if (key.startsWith(prefix) && (!best || prefix.length > best.length))
        best = { id: condition.id, length: prefix.length };
  return best?.id ?? null;
}
