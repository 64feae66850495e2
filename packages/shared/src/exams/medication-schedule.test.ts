import { describe, expect, it } from 'vitest';
import {
  DOSE_LIMITS,
  DOSE_RANGE,
  DOSE_UNITS,
  FORM_DOSE_UNIT,
  FREQUENCY_LIMITS,
  MEDICATION_FORMS,
  doseFits,
  doseOfText,
  frequencyText,
  scheduleText,
  totalDays,
  type MedicationInput,
} from './medication-schedule.ts';

/** A medicine with nothing filled in but what the test sets. */
const med = (fields: Partial<MedicationInput>): MedicationInput => ({
  name: null,
  form: null,
  eye: null,
  dose: null,
  doseUnit: null,
  frequency: null,
  durationDays: null,
  longTerm: false,
  taper: [],
  instructionCodes: [],
  instructions: null,
  ...fields,
});

const times = (timesPerDay: number) => ({ timesPerDay });
const every = (everyHours: number) => ({ everyHours });

describe('scheduleText', () => {
  it('reads drops with a one-step taper as the pharmacist does', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'right',
          dose: 1,
          frequency: times(4),
          durationDays: 7,
          taper: [{ frequency: times(2), durationDays: 7 }],
        }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام',
      en: '1 drop in the right eye 4 times a day for 7 days, then twice a day for 7 days',
    });
  });

  it('reads a two-step taper', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'left',
          dose: 1,
          frequency: times(4),
          durationDays: 7,
          taper: [
            { frequency: times(3), durationDays: 7 },
            { frequency: times(2), durationDays: 7 },
          ],
        }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في العين اليسرى ٤ مرات يوميًا لمدة ٧ أيام، ثم ٣ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام',
      en: '1 drop in the left eye 4 times a day for 7 days, then 3 times a day for 7 days, then twice a day for 7 days',
    });
  });

  it('reads a three-step taper after an hourly start', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'right',
          dose: 1,
          doseUnit: 'drop',
          frequency: every(1),
          durationDays: 2,
          taper: [
            { frequency: times(6), durationDays: 5 },
            { frequency: times(4), durationDays: 14 },
            { frequency: times(1), durationDays: 1 },
          ],
        }),
      ),
    ).toEqual({
      ar:
        'قطرة واحدة في العين اليمنى كل ساعة لمدة يومين، ثم ٦ مرات يوميًا لمدة ٥ أيام، ' +
        'ثم ٤ مرات يوميًا لمدة ١٤ يومًا، ثم مرة واحدة يوميًا لمدة يوم واحد',
      en:
        '1 drop in the right eye every hour for 2 days, then 6 times a day for 5 days, ' +
        'then 4 times a day for 14 days, then once a day for 1 day',
    });
  });

  it('reads an ointment at bedtime, a ribbon in centimetres', () => {
    expect(
      scheduleText(
        med({
          form: 'ointment',
          eye: 'left',
          dose: 1,
          doseUnit: 'cm',
          frequency: 'bedtime',
          durationDays: 14,
        }),
      ),
    ).toEqual({
      ar: 'يوضع ١ سم من المرهم في العين اليسرى قبل النوم لمدة ١٤ يومًا',
      en: 'apply 1 cm of ointment to the left eye at bedtime for 14 days',
    });
    // Without its unit (the form has not filled it yet), the ointment's own unit is read: centimetres.
    const bare = scheduleText(med({ form: 'ointment', eye: 'left', dose: 1, frequency: 'bedtime' }));
    expect(bare).toEqual({
      ar: 'يوضع ١ سم من المرهم في العين اليسرى قبل النوم',
      en: 'apply 1 cm of ointment to the left eye at bedtime',
    });
  });

  it('reads a gel in both eyes, in centimetres or in drops, and one without a dose', () => {
    expect(
      scheduleText(
        med({ form: 'gel', eye: 'both', dose: 0.5, doseUnit: 'cm', frequency: times(3), durationDays: 30 }),
      ),
    ).toEqual({
      ar: 'يوضع ٠٫٥ سم من الجل في كلتا العينين ٣ مرات يوميًا لمدة ٣٠ يومًا',
      en: 'apply 0.5 cm of gel to both eyes 3 times a day for 30 days',
    });
    // A gel in drops is dropped in (its usual unit).
    expect(scheduleText(med({ form: 'gel', eye: 'left', dose: 1, frequency: times(4) }))).toEqual({
      ar: 'قطرة واحدة من الجل في العين اليسرى ٤ مرات يوميًا',
      en: '1 drop of gel in the left eye 4 times a day',
    });
    expect(scheduleText(med({ form: 'gel', eye: 'right', frequency: 'bedtime' }))).toEqual({
      ar: 'يوضع الجل في العين اليمنى قبل النوم',
      en: 'apply gel to the right eye at bedtime',
    });
  });

  it('reads drops every 2 hours', () => {
    expect(
      scheduleText(med({ form: 'drops', eye: 'right', dose: 1, frequency: every(2), durationDays: 3 })),
    ).toEqual({
      ar: 'قطرة واحدة في العين اليمنى كل ساعتين لمدة ٣ أيام',
      en: '1 drop in the right eye every 2 hours for 3 days',
    });
  });

  it('reads drops as needed in both eyes', () => {
    expect(scheduleText(med({ form: 'drops', eye: 'both', dose: 1, frequency: 'asNeeded' }))).toEqual({
      ar: 'قطرة واحدة في كلتا العينين عند الحاجة',
      en: '1 drop in both eyes as needed',
    });
  });

  it('reads tablets and capsules by mouth, with no eye', () => {
    expect(scheduleText(med({ form: 'tablet', dose: 1, frequency: times(2), durationDays: 5 }))).toEqual({
      ar: 'حبة واحدة عن طريق الفم مرتين يوميًا لمدة ٥ أيام',
      en: '1 tablet by mouth twice a day for 5 days',
    });
    expect(
      scheduleText(
        med({ form: 'capsule', dose: 2, doseUnit: 'capsule', frequency: times(1), durationDays: 90 }),
      ),
    ).toEqual({
      ar: 'كبسولتان عن طريق الفم مرة واحدة يوميًا لمدة ٩٠ يومًا',
      en: '2 capsules by mouth once a day for 90 days',
    });
    expect(
      scheduleText(
        med({ form: 'tablet', dose: 250, doseUnit: 'mg', frequency: every(12), durationDays: 10 }),
      ),
    ).toEqual({
      ar: '٢٥٠ ملغ عن طريق الفم كل ١٢ ساعة لمدة ١٠ أيام',
      en: '250 mg by mouth every 12 hours for 10 days',
    });
    expect(
      scheduleText(med({ form: 'tablet', dose: 0.5, doseUnit: 'tablet', frequency: 'bedtime' })),
    ).toEqual({
      ar: 'نصف حبة عن طريق الفم قبل النوم',
      en: 'half a tablet by mouth at bedtime',
    });
    expect(scheduleText(med({ form: 'tablet', dose: 1.5, doseUnit: 'tablet', frequency: times(2) }))).toEqual(
      {
        ar: '١٫٥ حبة عن طريق الفم مرتين يوميًا',
        en: '1.5 tablets by mouth twice a day',
      },
    );
    expect(scheduleText(med({ form: 'tablet', dose: 2, doseUnit: 'tablet', frequency: times(3) }))).toEqual({
      ar: 'حبتان عن طريق الفم ٣ مرات يوميًا',
      en: '2 tablets by mouth 3 times a day',
    });
  });

  it('reads an injection into the eye', () => {
    expect(scheduleText(med({ form: 'injection', eye: 'right' }))).toEqual({
      ar: 'حقنة في العين اليمنى',
      en: 'injection into the right eye',
    });
    expect(scheduleText(med({ form: 'injection', eye: 'left', dose: 0.05, doseUnit: 'ml' }))).toEqual({
      ar: 'حقنة ٠٫٠٥ مل في العين اليسرى',
      en: 'injection of 0.05 ml into the left eye',
    });
  });

  it('leaves a missing duration out', () => {
    expect(scheduleText(med({ form: 'drops', eye: 'left', dose: 1, frequency: times(3) }))).toEqual({
      ar: 'قطرة واحدة في العين اليسرى ٣ مرات يوميًا',
      en: '1 drop in the left eye 3 times a day',
    });
  });

  it('appends the instructions, trimmed', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'both',
          dose: 1,
          frequency: times(4),
          durationDays: 7,
          instructions: '  shake well; 5 minutes apart from other drops ',
        }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في كلتا العينين ٤ مرات يوميًا لمدة ٧ أيام؛ shake well; 5 minutes apart from other drops',
      en: '1 drop in both eyes 4 times a day for 7 days; shake well; 5 minutes apart from other drops',
    });
    expect(scheduleText(med({ instructions: ' رج العبوة جيدًا ' }))).toEqual({
      ar: 'رج العبوة جيدًا',
      en: 'رج العبوة جيدًا',
    });
    expect(scheduleText(med({ form: 'drops', eye: 'right', dose: 1, instructions: '   ' }))).toEqual({
      ar: 'قطرة واحدة في العين اليمنى',
      en: '1 drop in the right eye',
    });
  });

  it('counts drops: 1, 2, 3 and 5', () => {
    const drops = (dose: number) =>
      scheduleText(med({ form: 'drops', eye: 'right', dose, doseUnit: 'drop', frequency: times(1) }));
    expect(drops(1)).toEqual({
      ar: 'قطرة واحدة في العين اليمنى مرة واحدة يوميًا',
      en: '1 drop in the right eye once a day',
    });
    expect(drops(2)).toEqual({
      ar: 'قطرتان في العين اليمنى مرة واحدة يوميًا',
      en: '2 drops in the right eye once a day',
    });
    expect(drops(3)).toEqual({
      ar: '٣ قطرات في العين اليمنى مرة واحدة يوميًا',
      en: '3 drops in the right eye once a day',
    });
    expect(drops(5)).toEqual({
      ar: '٥ قطرات في العين اليمنى مرة واحدة يوميًا',
      en: '5 drops in the right eye once a day',
    });
  });

  it('counts times a day: 1, 2, 3, 10 and 11', () => {
    const drops = (n: number) =>
      scheduleText(med({ form: 'drops', eye: 'left', dose: 1, frequency: times(n) }));
    expect(drops(1)).toEqual({
      ar: 'قطرة واحدة في العين اليسرى مرة واحدة يوميًا',
      en: '1 drop in the left eye once a day',
    });
    expect(drops(2)).toEqual({
      ar: 'قطرة واحدة في العين اليسرى مرتين يوميًا',
      en: '1 drop in the left eye twice a day',
    });
    expect(drops(3)).toEqual({
      ar: 'قطرة واحدة في العين اليسرى ٣ مرات يوميًا',
      en: '1 drop in the left eye 3 times a day',
    });
    expect(drops(10)).toEqual({
      ar: 'قطرة واحدة في العين اليسرى ١٠ مرات يوميًا',
      en: '1 drop in the left eye 10 times a day',
    });
    expect(drops(11)).toEqual({
      ar: 'قطرة واحدة في العين اليسرى ١١ مرة يوميًا',
      en: '1 drop in the left eye 11 times a day',
    });
  });

  it('counts hours: 1, 2, 12 and 72', () => {
    const drops = (n: number) =>
      scheduleText(med({ form: 'drops', eye: 'both', dose: 1, frequency: every(n) }));
    expect(drops(1)).toEqual({
      ar: 'قطرة واحدة في كلتا العينين كل ساعة',
      en: '1 drop in both eyes every hour',
    });
    expect(drops(2)).toEqual({
      ar: 'قطرة واحدة في كلتا العينين كل ساعتين',
      en: '1 drop in both eyes every 2 hours',
    });
    expect(drops(12)).toEqual({
      ar: 'قطرة واحدة في كلتا العينين كل ١٢ ساعة',
      en: '1 drop in both eyes every 12 hours',
    });
    expect(drops(72)).toEqual({
      ar: 'قطرة واحدة في كلتا العينين كل ٧٢ ساعة',
      en: '1 drop in both eyes every 72 hours',
    });
  });

  it('leaves every missing piece out cleanly', () => {
    expect(scheduleText(med({}))).toEqual({ ar: '', en: '' });
    expect(scheduleText(med({ form: 'drops', frequency: times(2) }))).toEqual({
      ar: 'قطرة مرتين يوميًا',
      en: 'drops twice a day',
    });
    expect(scheduleText(med({ eye: 'right', durationDays: 7 }))).toEqual({
      ar: 'في العين اليمنى لمدة ٧ أيام',
      en: 'in the right eye for 7 days',
    });
    // A taper step without a frequency (refused with days: it would read "then for 3 days"), and one left empty.
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'right',
          dose: 1,
          frequency: times(4),
          taper: [
            { frequency: null, durationDays: 3 },
            { frequency: null, durationDays: null },
            { frequency: times(1), durationDays: null },
          ],
        }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في العين اليمنى ٤ مرات يوميًا، ثم مرة واحدة يوميًا',
      en: '1 drop in the right eye 4 times a day, then once a day',
    });
    for (const lang of ['ar', 'en'] as const)
      expect(
        scheduleText(med({ form: 'drops', dose: 1, taper: [{ frequency: null, durationDays: 7 }] }))[lang],
      ).not.toMatch(/ثم لمدة|then for/);
    expect(scheduleText(med({ taper: [{ frequency: times(2), durationDays: 7 }] }))).toEqual({
      ar: 'ثم مرتين يوميًا لمدة ٧ أيام',
      en: 'then twice a day for 7 days',
    });
    for (const form of [...MEDICATION_FORMS, null]) {
      for (const eye of ['right', 'left', 'both', null] as const) {
        for (const dose of [null, 1]) {
          for (const longTerm of [false, true]) {
            const { ar, en } = scheduleText(med({ form, eye, dose, longTerm, instructions: '  ' }));
            for (const text of [ar, en]) expect(text).not.toMatch(/\s{2}|^\s|\s$|[,،;؛]\s*$|^[,،;؛]/);
          }
        }
      }
    }
  });

  it('reads an amount of another form, with its unit in each language', () => {
    expect(
      scheduleText(med({ form: 'other', dose: 500, doseUnit: 'mg', frequency: times(2), durationDays: 11 })),
    ).toEqual({
      ar: '٥٠٠ ملغ مرتين يوميًا لمدة ١١ يومًا',
      en: '500 mg twice a day for 11 days',
    });
    expect(scheduleText(med({ form: 'other', eye: 'right', dose: 2, doseUnit: 'g' }))).toEqual({
      ar: '٢ غم في العين اليمنى',
      en: '2 g in the right eye',
    });
    // A form with no usual unit, and no unit chosen yet: the number alone.
    expect(scheduleText(med({ form: 'other', dose: 2, frequency: times(1) }))).toEqual({
      ar: '٢ مرة واحدة يوميًا',
      en: '2 once a day',
    });
  });

  it('reads drops every 2 hours while awake, then tapered', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'left',
          dose: 1,
          doseUnit: 'drop',
          frequency: { everyHours: 2, whileAwake: true },
          durationDays: 3,
          taper: [{ frequency: times(4), durationDays: 7 }],
        }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في العين اليسرى كل ساعتين في ساعات الاستيقاظ لمدة ٣ أيام، ثم ٤ مرات يوميًا لمدة ٧ أيام',
      en: '1 drop in the left eye every 2 hours while awake for 3 days, then 4 times a day for 7 days',
    });
  });

  it('reads a long-term medicine, alone and at the end of a taper', () => {
    expect(
      scheduleText(
        med({ form: 'drops', eye: 'both', dose: 1, doseUnit: 'drop', frequency: 'bedtime', longTerm: true }),
      ),
    ).toEqual({
      ar: 'قطرة واحدة في كلتا العينين قبل النوم بشكل مستمر',
      en: '1 drop in both eyes at bedtime long-term',
    });
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'right',
          dose: 1,
          doseUnit: 'drop',
          frequency: times(4),
          durationDays: 7,
          longTerm: true,
          taper: [
            { frequency: times(2), durationDays: 7 },
            { frequency: times(1), durationDays: null },
          ],
        }),
      ),
    ).toEqual({
      ar:
        'قطرة واحدة في العين اليمنى ٤ مرات يوميًا لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام، ' +
        'ثم مرة واحدة يوميًا بشكل مستمر',
      en: '1 drop in the right eye 4 times a day for 7 days, then twice a day for 7 days, then once a day long-term',
    });
    // Tablets long-term, by mouth.
    expect(
      scheduleText(med({ form: 'tablet', dose: 250, doseUnit: 'mg', frequency: times(2), longTerm: true })),
    ).toEqual({
      ar: '٢٥٠ ملغ عن طريق الفم مرتين يوميًا بشكل مستمر',
      en: '250 mg by mouth twice a day long-term',
    });
  });

  it('prints ticked instructions in each language, in their order, before the typed words', () => {
    expect(
      scheduleText(
        med({
          form: 'drops',
          eye: 'both',
          dose: 1,
          doseUnit: 'drop',
          frequency: times(4),
          durationDays: 7,
          instructionCodes: ['fiveMinutesApart', 'shakeWell'],
          instructions: 'بعد العدسات',
        }),
      ),
    ).toEqual({
      ar:
        'قطرة واحدة في كلتا العينين ٤ مرات يوميًا لمدة ٧ أيام؛ رج العبوة جيدًا قبل الاستعمال؛ ' +
        'اترك ٥ دقائق بينها وبين القطرات الأخرى؛ بعد العدسات',
      en:
        '1 drop in both eyes 4 times a day for 7 days; shake well before use; ' +
        'leave 5 minutes between it and other drops; بعد العدسات',
    });
    expect(
      scheduleText(
        med({
          form: 'tablet',
          dose: 1,
          doseUnit: 'tablet',
          frequency: times(2),
          instructionCodes: ['afterMeals'],
        }),
      ),
    ).toEqual({
      ar: 'حبة واحدة عن طريق الفم مرتين يوميًا؛ بعد الأكل',
      en: '1 tablet by mouth twice a day; after meals',
    });
    expect(scheduleText(med({ instructionCodes: ['keepInFridge'] }))).toEqual({
      ar: 'يُحفظ في الثلاجة',
      en: 'keep in the fridge',
    });
  });

  it('counts days: 1, 2, 3, 10, 11 and 100', () => {
    const days = (n: number) => scheduleText(med({ durationDays: n }));
    expect(days(1)).toEqual({ ar: 'لمدة يوم واحد', en: 'for 1 day' });
    expect(days(2)).toEqual({ ar: 'لمدة يومين', en: 'for 2 days' });
    expect(days(3)).toEqual({ ar: 'لمدة ٣ أيام', en: 'for 3 days' });
    expect(days(10)).toEqual({ ar: 'لمدة ١٠ أيام', en: 'for 10 days' });
    expect(days(11)).toEqual({ ar: 'لمدة ١١ يومًا', en: 'for 11 days' });
    expect(days(100)).toEqual({ ar: 'لمدة ١٠٠ يوم', en: 'for 100 days' });
  });
});

describe('frequencyText', () => {
  it('reads every kind of frequency', () => {
    expect(frequencyText('bedtime', 'en')).toBe('at bedtime');
    expect(frequencyText('bedtime', 'ar')).toBe('قبل النوم');
    expect(frequencyText('asNeeded', 'en')).toBe('as needed');
    expect(frequencyText('asNeeded', 'ar')).toBe('عند الحاجة');
    expect(frequencyText(times(24), 'ar')).toBe('٢٤ مرة يوميًا');
    expect(frequencyText(every(6), 'ar')).toBe('كل ٦ ساعات');
    expect(frequencyText(every(24), 'en')).toBe('every 24 hours');
    expect(frequencyText({ everyHours: 1, whileAwake: true }, 'en')).toBe('every hour while awake');
    expect(frequencyText({ everyHours: 1, whileAwake: true }, 'ar')).toBe('كل ساعة في ساعات الاستيقاظ');
    expect(frequencyText({ everyHours: 4, whileAwake: true }, 'ar')).toBe('كل ٤ ساعات في ساعات الاستيقاظ');
  });

  it('has whole-number bounds for the validator', () => {
    expect(FREQUENCY_LIMITS).toEqual({ timesPerDay: { min: 1, max: 24 }, everyHours: { min: 1, max: 72 } });
  });
});

describe('totalDays', () => {
  it('adds the taper steps to the first duration', () => {
    expect(totalDays(med({ durationDays: 7 }))).toBe(7);
    expect(
      totalDays(
        med({
          durationDays: 7,
          taper: [
            { frequency: times(3), durationDays: 7 },
            { frequency: times(2), durationDays: 7 },
            { frequency: times(1), durationDays: 14 },
          ],
        }),
      ),
    ).toBe(35);
  });

  it('ignores a taper step left wholly empty', () => {
    expect(
      totalDays(
        med({
          durationDays: 7,
          taper: [
            { frequency: times(2), durationDays: 7 },
            { frequency: null, durationDays: null },
          ],
        }),
      ),
    ).toBe(14);
  });

  it('is null for a long-term medicine', () => {
    expect(totalDays(med({ durationDays: 7, longTerm: true }))).toBeNull();
    expect(
      totalDays(
        med({ durationDays: 7, longTerm: true, taper: [{ frequency: times(1), durationDays: null }] }),
      ),
    ).toBeNull();
  });

  it('is null when a needed duration is missing', () => {
    expect(totalDays(med({}))).toBeNull();
    expect(
      totalDays(med({ frequency: times(4), taper: [{ frequency: times(2), durationDays: 7 }] })),
    ).toBeNull();
    expect(
      totalDays(med({ durationDays: 7, taper: [{ frequency: times(2), durationDays: null }] })),
    ).toBeNull();
  });
});

describe('doses', () => {
  it('have a range and step per unit, and the field holds them all', () => {
    expect(Object.keys(DOSE_LIMITS)).toEqual([...DOSE_UNITS]);
    expect(doseFits(1, 'drop')).toBe(true);
    expect(doseFits(5, 'drop')).toBe(true);
    expect(doseFits(6, 'drop')).toBe(false);
    expect(doseFits(1.5, 'drop')).toBe(false);
    expect(doseFits(0.5, 'cm')).toBe(true);
    expect(doseFits(0.75, 'cm')).toBe(false);
    expect(doseFits(2.5, 'cm')).toBe(false);
    expect(doseFits(0.5, 'tablet')).toBe(true);
    expect(doseFits(0.25, 'tablet')).toBe(false);
    expect(doseFits(0.5, 'capsule')).toBe(false);
    expect(doseFits(1.25, 'mg')).toBe(true);
    expect(doseFits(0.05, 'ml')).toBe(true);
    expect(doseFits(0.3, 'g')).toBe(true);
    for (const { min, max, step } of Object.values(DOSE_LIMITS)) {
      expect(min).toBeGreaterThanOrEqual(DOSE_RANGE.min);
      expect(max).toBeLessThanOrEqual(DOSE_RANGE.max);
      expect(Number.isInteger(Math.round((step / DOSE_RANGE.step) * 1e6) / 1e6)).toBe(true);
    }
    // Every form's usual unit is a unit.
    for (const form of MEDICATION_FORMS) {
      const unit = FORM_DOSE_UNIT[form];
      if (unit !== null) expect(DOSE_UNITS).toContain(unit);
    }
  });

  it('stored as text are read as the schedule read them', () => {
    expect(doseOfText('1 drop', 'drops')).toEqual({ dose: 1, doseUnit: 'drop' });
    expect(doseOfText('2', 'drops')).toEqual({ dose: 2, doseUnit: 'drop' });
    expect(doseOfText('٢', 'drops')).toEqual({ dose: 2, doseUnit: 'drop' });
    expect(doseOfText('٢ قطرة', 'drops')).toEqual({ dose: 2, doseUnit: 'drop' });
    expect(doseOfText('١ حبة', 'tablet')).toEqual({ dose: 1, doseUnit: 'tablet' });
    expect(doseOfText('half a tablet', 'tablet')).toEqual({ dose: 0.5, doseUnit: 'tablet' });
    expect(doseOfText('½', 'tablet')).toEqual({ dose: 0.5, doseUnit: 'tablet' });
    expect(doseOfText('نصف حبة', null)).toEqual({ dose: 0.5, doseUnit: 'tablet' });
    expect(doseOfText('2 capsules', 'capsule')).toEqual({ dose: 2, doseUnit: 'capsule' });
    expect(doseOfText('250 mg', 'tablet')).toEqual({ dose: 250, doseUnit: 'mg' });
    expect(doseOfText('1 cm', 'ointment')).toEqual({ dose: 1, doseUnit: 'cm' });
    expect(doseOfText('1 cm ribbon', 'ointment')).toEqual({ dose: 1, doseUnit: 'cm' });
    expect(doseOfText('0,5 سم', 'gel')).toEqual({ dose: 0.5, doseUnit: 'cm' });
    // A bare number of an ointment or a gel was a ribbon in centimetres.
    expect(doseOfText('1', 'ointment')).toEqual({ dose: 1, doseUnit: 'cm' });
    expect(doseOfText('1', 'gel')).toEqual({ dose: 1, doseUnit: 'cm' });
    expect(doseOfText('0.05 ml', 'injection')).toEqual({ dose: 0.05, doseUnit: 'ml' });
    // Nothing, and one injection of an injection (the schedule said "injection" either way): no dose.
    expect(doseOfText('  ', 'drops')).toEqual({ dose: null, doseUnit: null });
    expect(doseOfText('1', 'injection')).toEqual({ dose: null, doseUnit: null });
    expect(doseOfText('1 injection', 'injection')).toEqual({ dose: null, doseUnit: null });
  });

  it('stored as text that is not one number of a unit within its range are not read', () => {
    for (const [typed, form] of [
      ['a thin film', 'other'],
      ['1-2', 'drops'],
      ['1-2 drops', 'drops'],
      ['11', 'drops'],
      ['2', 'other'],
      ['2', null],
      ['500 mcg', 'tablet'],
      ['0.5%', 'drops'],
      ['2 injections', 'injection'],
      ['0.5 capsule', 'capsule'],
      ['قطرتان', 'drops'],
    ] as const)
      expect(doseOfText(typed, form), typed).toBeNull();
  });
});
