// bench/patient-search's 200 searches: common names, first two names, full names in another spelling, family names,
// words out of order, misspellings, phones in five forms, file numbers, nothing-matches. Deterministic for a given
// database (a fixed sample of its names and a seeded sequence). Shared by run.ts and explain.ts --set.
import { sql } from 'drizzle-orm';
import { rowsOf, type BenchApp } from '../shared/bench-app.ts';

export interface Term {
  kind: string;
  text: string;
}

/** A deterministic pseudo-random sequence, so reruns search the same terms. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function misspell(word: string, random: () => number): string {
  const letters = [...word];
  if (letters.length < 4) return `${word}${word.at(-1)}`;
  const at = 1 + Math.floor(random() * (letters.length - 2));
  const pool = /[a-z]/i.test(word) ? 'aeioukmnrst' : 'ابتثجحخدرزسشصعفقكلمنهوي';
  letters[at] = pool[Math.floor(random() * pool.length)]!;
  return letters.join('');
}

const toArabicDigits = (digits: string) =>
  digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

export async function buildTerms(app: BenchApp): Promise<Term[]> {
  const random = rng(42);
  const sample = rowsOf<{ name: string; phone: string; file_number: number }>(
    await app.db.execute(sql`
      SELECT name, phone, file_number FROM patients TABLESAMPLE SYSTEM (1) REPEATABLE (7)
      WHERE org_id = ${app.org.id} AND deleted_at IS NULL LIMIT 200`),
  );
  const pick = () => sample[Math.floor(random() * sample.length)]!;
  const terms: Term[] = [];
  const add = (kind: string, text: string) => terms.push({ kind, text });

  const common = [
    'محمد',
    'علي',
    'أحمد',
    'احمد',
    'حسين',
    'فاطمة',
    'فاطمه',
    'زينب',
    'مُحَمَّد',
    'حسن',
    'عباس',
    'مح',
    'عل',
    'Mohammed',
    'ali',
    'AHMED',
    'fatima',
    'Hussein',
    'zainab',
    'ali al',
  ];
  for (const t of [...common, ...common]) add('common name', t);
  for (let i = 0; i < 20; i++) add('first two names', pick().name.split(' ').slice(0, 2).join(' '));
  for (let i = 0; i < 20; i++) add('full name', pick().name.replace('ة', 'ه').replace('أ', 'ا'));
  for (const t of [
    'الساعدي',
    'الشمري',
    'التميمي',
    'الدوري',
    'التكريتي',
    'الآلوسي',
    'Al-Saadi',
    'al-tamimi',
    'Kowalski',
    'Rossi',
    'johansson',
    'الموسوي',
    'الكبيسي',
    'العاني',
    'الراوي',
    'الهيتي',
    'Özdemir',
    'garcia',
    'اللامي',
    'الحچامي',
  ])
    add('family name', t);
  for (let i = 0; i < 10; i++) {
    const [first, , family] = pick().name.split(' ');
    add('words out of order', `${family} ${first}`);
  }
  for (let i = 0; i < 30; i++) {
    const words = pick().name.split(' ');
    const w = Math.floor(random() * words.length);
    words[w] = misspell(words[w]!, random);
    add('misspelt', words.slice(0, 2 + Math.floor(random() * 2)).join(' '));
  }
  for (let i = 0; i < 40; i++) {
    const national = pick().phone.slice(4); // +964 7701234567
    const formats = [
      `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      `+964 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
      `0${national}`,
      `0${national.slice(0, 6)}`,
      toArabicDigits(`0${national}`),
    ];
    add('phone', formats[i % formats.length]!);
  }
  for (let i = 0; i < 10; i++) add('file number', String(pick().file_number));
  for (const t of [
    'زززززز',
    'qwxzvk',
    'ظظظ ضضض',
    'xylophone',
    'بببببب',
    'zzzq',
    'كككك لللل',
    'jjjjj',
    'ثثثثث',
    'vvvvv',
  ])
    add('no match', t);
  return terms;
}
