import type { PatientAllergyInput } from '@basira/shared/prescribing/prescribing.schemas';
import type { PatientCreateInput } from '@basira/shared/patients/patients.schemas';
import type { Random } from './demo-random.ts';

// Iraqi names, commonest first (Random.pickSkewed draws early ones more often).
const MALE = `محمد علي أحمد حسين حسن عباس مصطفى عبدالله كرار حيدر مرتضى سجاد يوسف عمر إبراهيم جعفر كاظم صادق
باقر مهدي زيد منتظر أمير محمود خالد سعد ياسر طه عادل سلام ماجد فاضل جاسم قاسم هادي ناصر رائد وليد نبيل فراس غيث
أنس حمزة عبدالرحمن عبدالكريم عبدالحسين مؤمل مؤيد لؤي أيمن نزار رعد ضياء صباح نوري فلاح حازم عقيل ثامر شاكر جبار
ستار هاشم موسى كامل جواد رحيم`.split(/\s+/);
const FEMALE =
  `فاطمة زهراء زينب مريم نور سارة رقية حوراء آية ملاك دعاء هدى إسراء شهد رسل بنين تبارك غدير أسماء
سجى هبة رنا لمياء سعاد نادية وفاء أمل خديجة كوثر منى سلمى ريم دينا ضحى نبأ فرح إيمان شيماء بتول أزهار
سهى ليلى انتصار سميرة جميلة حنان عذراء`.split(/\s+/);
const FAMILY = `الموسوي الحسيني الجبوري التميمي الساعدي العبيدي الدليمي الكعبي الربيعي الخفاجي الشمري الزبيدي
العامري الأسدي المالكي البياتي الجنابي اللامي الكناني الطائي السوداني الحلي النجفي البغدادي الفتلاوي العزاوي
الحمداني الخزرجي الشويلي المياحي`.split(/\s+/);

// Some records are typed in Latin letters: Iraqis registered so, and a few foreign residents.
const LATIN_MALE = 'Ali Mohammed Ahmed Hussein Hassan Mustafa Omar Yousif Haider Zaid Karrar Abbas'.split(
  ' ',
);
const LATIN_FEMALE = 'Zahraa Fatima Maryam Noor Sara Zainab Hiba Rusul Duaa Aya'.split(' ');
const LATIN_FAMILY =
  'Al-Saadi Al-Jubouri Al-Tamimi Al-Rubaie Al-Obaidi Al-Musawi Al-Khafaji Al-Shammari'.split(' ');
const FOREIGN_MALE = 'James John David Michael Daniel Thomas Ahmet Rajesh'.split(' ');
const FOREIGN_FEMALE = 'Emily Sarah Anna Laura Maria Elif Priya'.split(' ');
const FOREIGN_FAMILY = 'Smith Wilson Brown Taylor Walker Yilmaz Demir Kumar Fernandes'.split(' ');

const PLACES = [
  ...`الكرادة المنصور الأعظمية الكاظمية زيونة اليرموك البياع الدورة حي_الجامعة الغزالية الشعلة مدينة_الصدر
بغداد_الجديدة الحارثية العامرية السيدية الشعب الحرية`
    .split(/\s+/)
    .map((district) => `بغداد - ${district.replace(/_/g, ' ')}`),
  ...'البصرة النجف كربلاء الحلة بعقوبة الكوت الديوانية الرمادي الفلوجة'.split(' '),
];
const JOBS = {
  male: 'موظف معلم كاسب مهندس سائق عسكري تاجر محامي صيدلاني عامل'.split(' '),
  female: 'موظفة معلمة ربة_بيت طبيبة مهندسة ممرضة'.split(' ').map((j) => j.replace('_', ' ')),
};
const REFERRALS = ['self', 'self', 'self', 'relative', 'doctor', 'optician', 'hospital', 'online'];
/** Allergies as a reception desk records them: picked from the formulary, or the patient's own words. */
const ALLERGIES: PatientAllergyInput[] = [
  { substance: 'penicillin', reaction: 'rash', severity: 'moderate' },
  { text: 'قطرة الأتروبين', reaction: 'redEye', severity: 'mild' },
  { substance: 'sulfonamide', reaction: 'swelling', severity: 'severe' },
  { text: 'Latex' },
  { text: 'Iodine contrast', reaction: 'breathing', severity: 'severe' },
];
const NOTES = [
  'يفضل التواصل عبر الواتساب',
  'يراجع مع مرافق (كبير في السن)',
  'حساسية من الضوء الشديد',
  'Prefers English',
];

/** Iraqi mobile prefixes (Asiacell, Zain, Korek), after the trunk 0. */
const MOBILE = ['770', '771', '772', '773', '780', '781', '782', '783', '790', '750', '751'];

/** A mobile number as reception types it: "0770 123 4567", sometimes with the country code. */
export function iraqiMobile(rng: Random): string {
  const digits = String(rng.int(0, 9_999_999)).padStart(7, '0');
  const rest = `${rng.pick(MOBILE)} ${digits.slice(0, 3)} ${digits.slice(3)}`;
  return rng.chance(0.15) ? `+964 ${rest}` : `0${rest}`;
}

/** A calendar day `years` and `days` before `day` (YYYY-MM-DD). */
function before(day: string, years: number, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10);
}

export interface PersonOptions {
  age: number;
  isMale: boolean;
  /** Known chronic conditions (the board shows alerts in red). */
  diabetes?: boolean;
}

/**
 * A patient as reception registers one: an Iraqi name (first, father's, grandfather's, often the family name),
 * a mobile, a birth date (or only an age, for some elderly), and for a child the guardian (the father).
 */
export function demoPerson(rng: Random, today: string, { age, isMale, diabetes }: PersonOptions) {
  /** A name part other than the one before it (no "محمد محمد"). */
  const another = (names: readonly string[], not: string, skewed = true) => {
    for (;;) {
      const name = skewed ? rng.pickSkewed(names) : rng.pick(names);
      if (name !== not) return name;
    }
  };
  const first = rng.pickSkewed(isMale ? MALE : FEMALE);
  const father = another(MALE, first);
  const grandfather = another(MALE, father);
  const family = rng.chance(0.75) ? ` ${rng.pick(FAMILY)}` : '';
  let name = `${first} ${father} ${grandfather}${family}`;
  const latin = rng.next();
  if (latin < 0.07) {
    const given = rng.pick(isMale ? LATIN_MALE : LATIN_FEMALE);
    name = `${given} ${another(LATIN_MALE, given, false)} ${rng.pick(LATIN_FAMILY)}`;
  } else if (latin < 0.1)
    name = `${rng.pick(isMale ? FOREIGN_MALE : FOREIGN_FEMALE)} ${rng.pick(FOREIGN_FAMILY)}`;
  const child = age < 16;
  const approximate = age >= 60 && rng.chance(0.3);
  const hypertension = age >= 45 && rng.chance(0.08);
  const allergies = rng.chance(0.03) ? rng.pick(ALLERGIES) : null;
  const person: PatientCreateInput = {
    name,
    phone: iraqiMobile(rng),
    isMale: isMale ? 1 : 0,
    ...(approximate ? { age } : { birthDate: before(today, age, rng.int(0, 364)) }),
    address: rng.pick(PLACES),
    referralSource: rng.pick(REFERRALS),
    alerts: {
      allergies: allergies ? [allergies] : [],
      conditions: [...(diabetes ? ['diabetes'] : []), ...(hypertension ? ['hypertension'] : [])],
      other: null,
    },
  };
  if (child) {
    person.guardianName = `${father} ${grandfather} ${another(MALE, grandfather)}${family}`;
    person.guardianPhone = iraqiMobile(rng);
    person.occupation = age >= 6 ? (isMale ? 'طالب' : 'طالبة') : null;
  } else {
    person.occupation =
      age < 23
        ? isMale
          ? 'طالب'
          : 'طالبة'
        : age >= 62
          ? isMale
            ? 'متقاعد'
            : rng.pick(['متقاعدة', 'ربة بيت'])
          : rng.pick(isMale ? JOBS.male : JOBS.female);
    if (rng.chance(0.35)) person.nationalId = String(rng.int(100_000_000, 999_999_999)) + rng.int(100, 999);
    if (rng.chance(0.12)) person.phone2 = iraqiMobile(rng);
  }
  if (rng.chance(0.04)) person.notes = rng.pick(NOTES);
  return person;
}
