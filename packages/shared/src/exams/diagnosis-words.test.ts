import { describe, expect, it } from 'vitest';
import { diagnosisWords } from './diagnosis-words.ts';

const POAG = { titleEn: 'Primary open-angle glaucoma', titleAr: 'الزرق مفتوح الزاوية الأولي (الماء الأزرق)' };

describe('a diagnosis in words', () => {
  it('is the title in the document’s language, then the doctor’s own words', () => {
    expect(diagnosisWords(POAG, null, 'en')).toEqual(['Primary open-angle glaucoma']);
    expect(diagnosisWords(POAG, '', 'ar')).toEqual(['الزرق مفتوح الزاوية الأولي (الماء الأزرق)']);
    expect(diagnosisWords(POAG, ' advanced, IOP 32 ', 'en')).toEqual([
      'Primary open-angle glaucoma',
      'advanced, IOP 32',
    ]);
    // Words without a code, or a code whose titles are not known.
    expect(diagnosisWords(null, 'dry eye', 'ar')).toEqual(['dry eye']);
    expect(diagnosisWords(undefined, null, 'en')).toEqual([]);
  });

  it('leaves out a title the form once copied into the words, in either language', () => {
    expect(diagnosisWords(POAG, 'الزرق مفتوح الزاوية الأولي (الماء الأزرق)', 'en')).toEqual([
      'Primary open-angle glaucoma',
    ]);
    expect(diagnosisWords(POAG, 'primary open-angle glaucoma', 'ar')).toEqual([POAG.titleAr]);
    // Copied before the title had its asterisk.
    const dr = { titleEn: 'Diabetic retinopathy*', titleAr: 'اعتلال الشبكية السكري*' };
    expect(diagnosisWords(dr, 'اعتلال الشبكية السكري', 'en')).toEqual(['Diabetic retinopathy*']);
  });
});
