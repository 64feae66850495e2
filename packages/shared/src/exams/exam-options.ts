/**
 * The clinic's editable pick lists for the examination forms: the spec's numbered option/note categories
 * 1 to 25 (section 3, "Examination records").
 *
 * - The ids are stable: they are stored with every option row, so never renumber or reuse one.
 * - The list is exactly the spec's 25 categories, in the spec's order.
 * - A seed's labels are what the pick lists show (Arabic or English, by the user's locale).
 * - When a value is picked, the exam record stores the label text itself, not an id, so later edits of a
 *   list never change what an earlier exam says.
 */
export const OPTION_CATEGORIES = [
  { id: 1, key: 'spectaclesRight', exam: 'spectacles' },
  { id: 2, key: 'spectaclesLeft', exam: 'spectacles' },
  { id: 3, key: 'spectaclesNote', exam: 'spectacles' },
  { id: 4, key: 'LasikBestCorrection', exam: 'lasik' },
  { id: 5, key: 'LasikOldGlasses', exam: 'lasik' },
  { id: 6, key: 'LasikNote', exam: 'lasik' },
  { id: 7, key: 'SquintTitles', exam: 'prism' },
  { id: 8, key: 'SquintTypeOfExaminations', exam: 'prism' },
  { id: 9, key: 'SquintNote', exam: 'prism' },
  { id: 10, key: 'SquintBestCorrections', exam: 'prism' },
  { id: 11, key: 'BiometryNote', exam: 'biometry' },
  { id: 12, key: 'BiometryDown', exam: 'biometry' },
  { id: 13, key: 'OuterTitle', exam: 'outer' },
  { id: 14, key: 'keratoconusRightLensTypes', exam: 'keratoconus' },
  { id: 15, key: 'keratoconusLeftLensTypes', exam: 'keratoconus' },
  { id: 16, key: 'sagRight', exam: 'keratoconus' },
  { id: 17, key: 'sagLeft', exam: 'keratoconus' },
  { id: 18, key: 'limzRight', exam: 'keratoconus' },
  { id: 19, key: 'limzLeft', exam: 'keratoconus' },
  { id: 20, key: 'szRight', exam: 'keratoconus' },
  { id: 21, key: 'szLeft', exam: 'keratoconus' },
  { id: 22, key: 'KeratoconusNotes', exam: 'keratoconus' },
  { id: 23, key: 'prismRight', exam: 'prism' },
  { id: 24, key: 'prismLeft', exam: 'prism' },
  { id: 25, key: 'prismNote', exam: 'prism' },
] as const;

export type OptionCategoryKey = (typeof OPTION_CATEGORIES)[number]['key'];

export interface OptionSeed {
  ar: string;
  en: string;
}

/** Per-eye quick notes on a spectacle prescription (used for both eyes). */
const SPECTACLES_EYE_NOTES: readonly OptionSeed[] = [
  { ar: 'قصر النظر', en: 'Myopia' },
  { ar: 'طول النظر', en: 'Hypermetropia' },
  { ar: 'استجماتيزم مع قصر النظر', en: 'Myopic astigmatism' },
  { ar: 'استجماتيزم مع طول النظر', en: 'Hypermetropic astigmatism' },
  { ar: 'استجماتيزم مركب', en: 'Compound astigmatism' },
  { ar: 'استجماتيزم مختلط', en: 'Mixed astigmatism' },
  { ar: 'تفاوت الانكسار بين العينين', en: 'Anisometropia' },
  { ar: 'كسل العين (الغمش)', en: 'Amblyopia' },
  { ar: 'طول النظر الشيخوخي', en: 'Presbyopia' },
  { ar: 'لا يوجد خطأ انكساري', en: 'No refractive error' },
  { ar: 'تحسن بالثقب الإبري', en: 'Improves with pinhole' },
  { ar: 'لا تحسن بالنظارة', en: 'No improvement with glasses' },
  { ar: 'الاستمرار على النظارة الحالية', en: 'Keep current glasses' },
  { ar: 'بعد زرع عدسة (Pseudophakia)', en: 'Pseudophakic' },
];

/** Snellen metre values shared by the best-corrected acuity lists. */
const SNELLEN_BCVA: readonly OptionSeed[] = [
  { ar: '6/6', en: '6/6' },
  { ar: '6/7.5', en: '6/7.5' },
  { ar: '6/9', en: '6/9' },
  { ar: '6/12', en: '6/12' },
  { ar: '6/18', en: '6/18' },
  { ar: '6/24', en: '6/24' },
  { ar: '6/36', en: '6/36' },
  { ar: '6/60', en: '6/60' },
  { ar: 'عد الأصابع (CF)', en: 'Counting fingers (CF)' },
  { ar: 'حركة اليد (HM)', en: 'Hand movements (HM)' },
];

/** Contact lens types for a keratoconic eye (used for both eyes). */
const KERATOCONUS_LENS_TYPES: readonly OptionSeed[] = [
  { ar: 'عدسة لينة توريك (Soft toric)', en: 'Soft toric' },
  { ar: 'عدسة لينة خاصة بالقرنية المخروطية (KeraSoft)', en: 'Soft keratoconus lens (KeraSoft)' },
  { ar: 'عدسة صلبة نفاذة للغاز (RGP)', en: 'Rigid gas permeable (RGP)' },
  { ar: 'عدسة Rose K2', en: 'Rose K2' },
  { ar: 'عدسة Rose K2 IC', en: 'Rose K2 IC' },
  { ar: 'عدسة Rose K2 XL', en: 'Rose K2 XL' },
  { ar: 'عدسة صلبية صغيرة (Mini-scleral)', en: 'Mini-scleral' },
  { ar: 'عدسة صلبية (Scleral)', en: 'Scleral' },
  { ar: 'عدسة هجينة (Hybrid)', en: 'Hybrid' },
  { ar: 'عدسة صلبة فوق عدسة لينة (Piggyback)', en: 'Piggyback' },
];

/** Scleral lens sagittal depths, 3700 to 5500 µm in 200 µm steps (used for both eyes). */
const SCLERAL_SAGS: readonly OptionSeed[] = Array.from({ length: 10 }, (_, i) => {
  const microns = 3700 + 200 * i;
  return { ar: `${microns} ميكرون`, en: `${microns} µm` };
});

/** Flat/standard/steep steps, as scleral lens designs name limbal and landing-zone changes. */
const ZONE_STEPS: readonly OptionSeed[] = [
  { ar: 'تسطيح درجة 3 (Flat 3)', en: 'Flat 3' },
  { ar: 'تسطيح درجة 2 (Flat 2)', en: 'Flat 2' },
  { ar: 'تسطيح درجة 1 (Flat 1)', en: 'Flat 1' },
  { ar: 'قياسي (Standard)', en: 'Standard' },
  { ar: 'تحديب درجة 1 (Steep 1)', en: 'Steep 1' },
  { ar: 'تحديب درجة 2 (Steep 2)', en: 'Steep 2' },
  { ar: 'تحديب درجة 3 (Steep 3)', en: 'Steep 3' },
];

/** Scleral landing zone: the steps plus non-rotationally-symmetric designs (used for both eyes). */
const LANDING_ZONES: readonly OptionSeed[] = [
  ...ZONE_STEPS,
  { ar: 'منطقة ارتكاز توريك (Toric)', en: 'Toric' },
  { ar: 'تصميم خاص لكل ربع (Quadrant-specific)', en: 'Quadrant-specific' },
];

/** Prisms to prescribe in glasses (used for both eyes). */
const PRISMS: readonly OptionSeed[] = [
  { ar: '1Δ قاعدة للداخل (BI)', en: '1Δ BI' },
  { ar: '2Δ قاعدة للداخل (BI)', en: '2Δ BI' },
  { ar: '3Δ قاعدة للداخل (BI)', en: '3Δ BI' },
  { ar: '4Δ قاعدة للداخل (BI)', en: '4Δ BI' },
  { ar: '1Δ قاعدة للخارج (BO)', en: '1Δ BO' },
  { ar: '2Δ قاعدة للخارج (BO)', en: '2Δ BO' },
  { ar: '3Δ قاعدة للخارج (BO)', en: '3Δ BO' },
  { ar: '4Δ قاعدة للخارج (BO)', en: '4Δ BO' },
  { ar: '0.5Δ قاعدة للأعلى (BU)', en: '0.5Δ BU' },
  { ar: '1Δ قاعدة للأعلى (BU)', en: '1Δ BU' },
  { ar: '2Δ قاعدة للأعلى (BU)', en: '2Δ BU' },
  { ar: '0.5Δ قاعدة للأسفل (BD)', en: '0.5Δ BD' },
  { ar: '1Δ قاعدة للأسفل (BD)', en: '1Δ BD' },
  { ar: '2Δ قاعدة للأسفل (BD)', en: '2Δ BD' },
];

/** The values a new organization starts with, per category, in display order. */
export const OPTION_SEEDS: Record<OptionCategoryKey, readonly OptionSeed[]> = {
  spectaclesRight: SPECTACLES_EYE_NOTES,
  spectaclesLeft: SPECTACLES_EYE_NOTES,
  spectaclesNote: [
    { ar: 'نظارة أحادية البؤرة للبعيد', en: 'Single vision for distance' },
    { ar: 'للقراءة فقط (للقريب)', en: 'For near only (reading)' },
    { ar: 'نظارة للحاسوب (المسافة المتوسطة)', en: 'Computer glasses (intermediate)' },
    { ar: 'نظارتان منفصلتان للبعيد وللقريب', en: 'Two pairs: distance and near' },
    { ar: 'عدسات متعددة البؤر متدرجة (Progressive)', en: 'Progressive' },
    { ar: 'نظارة ثنائية البؤرة (Bifocal)', en: 'Bifocal' },
    { ar: 'طلاء مضاد للانعكاس', en: 'Anti-reflective coating' },
    { ar: 'فلتر الضوء الأزرق', en: 'Blue-light filter' },
    { ar: 'عدسات متغيرة اللون (فوتوكروميك)', en: 'Photochromic' },
    { ar: 'نظارة شمسية طبية', en: 'Prescription sunglasses' },
    { ar: 'عدسات بولي كاربونيت للأطفال', en: 'Polycarbonate lenses for children' },
    { ar: 'ارتداء النظارة بشكل دائم', en: 'Full-time wear' },
    { ar: 'القياس بعد قطرة الشلل الهدبي (Cycloplegic)', en: 'Cycloplegic refraction' },
    { ar: 'مراجعة بعد 6 أشهر', en: 'Review in 6 months' },
    { ar: 'مراجعة بعد سنة', en: 'Review in 1 year' },
  ],
  LasikBestCorrection: [{ ar: '6/5', en: '6/5' }, ...SNELLEN_BCVA],
  LasikOldGlasses: [
    { ar: 'لا يستخدم نظارة', en: 'No glasses' },
    { ar: 'يستخدم النظارة أحياناً', en: 'Wears glasses occasionally' },
    { ar: 'نظارة أحادية البؤرة للبعيد', en: 'Single vision for distance' },
    { ar: 'نظارة للقراءة فقط', en: 'Reading glasses only' },
    { ar: 'نظارة ثنائية البؤرة (Bifocal)', en: 'Bifocal' },
    { ar: 'نظارة متعددة البؤر متدرجة (Progressive)', en: 'Progressive' },
    { ar: 'عدسات لاصقة لينة', en: 'Soft contact lenses' },
    { ar: 'عدسات لاصقة لينة توريك', en: 'Soft toric contact lenses' },
    { ar: 'عدسات لاصقة صلبة (RGP)', en: 'Rigid gas permeable lenses (RGP)' },
    { ar: 'عمر النظارة أكثر من سنتين', en: 'Glasses older than 2 years' },
    { ar: 'قياس النظارة القديمة مطابق للقياس الحالي', en: 'Old glasses match current refraction' },
    { ar: 'تغير القياس خلال السنة الأخيرة', en: 'Prescription changed in the last year' },
    { ar: 'النظارة مفقودة أو مكسورة', en: 'Glasses lost or broken' },
  ],
  LasikNote: [
    { ar: 'مرشح مناسب لعملية الليزك', en: 'Good candidate for LASIK' },
    { ar: 'الأنسب الليزر السطحي (PRK)', en: 'Better suited for PRK' },
    { ar: 'مرشح لعملية سمايل (SMILE)', en: 'SMILE candidate' },
    { ar: 'مرشح لزرع عدسة ICL (قصر نظر شديد)', en: 'ICL candidate (high myopia)' },
    { ar: 'غير مرشح: قرنية رقيقة', en: 'Not a candidate: thin cornea' },
    { ar: 'غير مرشح: اشتباه قرنية مخروطية', en: 'Not a candidate: suspect keratoconus' },
    { ar: 'غير مرشح: القياس غير مستقر', en: 'Not a candidate: unstable refraction' },
    { ar: 'جفاف العين: يعالج أولاً', en: 'Dry eye: treat first' },
    { ar: 'إيقاف العدسات اللاصقة اللينة قبل أسبوع من الفحص', en: 'Stop soft contact lenses 1 week before' },
    { ar: 'إيقاف العدسات الصلبة (RGP) قبل 3 أسابيع من الفحص', en: 'Stop RGP lenses 3 weeks before' },
    { ar: 'إعادة فحص طبوغرافيا القرنية', en: 'Repeat corneal topography' },
    { ar: 'حمل أو رضاعة: تأجيل العملية', en: 'Pregnancy or breastfeeding: postpone' },
    { ar: 'العمر أقل من 18 سنة: تأجيل العملية', en: 'Under 18 years: postpone' },
    { ar: 'تمت مناقشة المخاطر والنتائج المتوقعة', en: 'Risks and expectations discussed' },
  ],
  SquintTitles: [
    { ar: 'حول إنسي (Esotropia)', en: 'Esotropia' },
    { ar: 'حول وحشي (Exotropia)', en: 'Exotropia' },
    { ar: 'حول رأسي للأعلى (Hypertropia)', en: 'Hypertropia' },
    { ar: 'حول كامن (Heterophoria)', en: 'Heterophoria' },
    { ar: 'حول وحشي متقطع', en: 'Intermittent exotropia' },
    { ar: 'حول إنسي تكيفي', en: 'Accommodative esotropia' },
    { ar: 'حول إنسي طفولي', en: 'Infantile esotropia' },
    { ar: 'قصور التقارب', en: 'Convergence insufficiency' },
    { ar: 'رأرأة (Nystagmus)', en: 'Nystagmus' },
    { ar: 'متلازمة دوان (Duane)', en: 'Duane syndrome' },
    { ar: 'متلازمة براون (Brown)', en: 'Brown syndrome' },
    { ar: 'نمط A / V', en: 'A/V pattern' },
    { ar: 'انحراف رأسي مفترق (DVD)', en: 'Dissociated vertical deviation (DVD)' },
    { ar: 'شلل العصب القحفي السادس', en: 'Sixth nerve palsy' },
    { ar: 'شلل العصب القحفي الرابع', en: 'Fourth nerve palsy' },
  ],
  SquintTypeOfExaminations: [
    { ar: 'اختبار التغطية (Cover test)', en: 'Cover test' },
    { ar: 'اختبار التغطية المتناوب بالمنشور (APCT)', en: 'Alternate prism cover test (APCT)' },
    { ar: 'اختبار هيرشبرغ (Hirschberg)', en: 'Hirschberg test' },
    { ar: 'اختبار كريمسكي (Krimsky)', en: 'Krimsky test' },
    { ar: 'عصا مادوكس (Maddox rod)', en: 'Maddox rod' },
    { ar: 'اختبار النقاط الأربع (Worth 4-dot)', en: 'Worth 4-dot test' },
    { ar: 'اختبار الرؤية المجسمة (TNO / Titmus / Lang)', en: 'Stereo test (TNO / Titmus / Lang)' },
    { ar: 'نقطة التقارب القريبة (NPC)', en: 'Near point of convergence (NPC)' },
    { ar: 'سعة الاندماج (Fusional vergence)', en: 'Fusional vergence' },
    { ar: 'نسبة AC/A', en: 'AC/A ratio' },
    { ar: 'حركات العين (Ocular motility)', en: 'Ocular motility' },
    { ar: 'وضعية الرأس', en: 'Head posture' },
    { ar: 'جهاز السينوبتوفور (Synoptophore)', en: 'Synoptophore' },
    { ar: 'القياس بعد قطرة الشلل الهدبي (Cycloplegic)', en: 'Cycloplegic refraction' },
  ],
  SquintNote: [
    { ar: 'النظارة بشكل دائم', en: 'Glasses full time' },
    { ar: 'تغطية العين السليمة ساعتين يومياً', en: 'Patch the good eye 2 hours a day' },
    { ar: 'تغطية العين السليمة 6 ساعات يومياً', en: 'Patch the good eye 6 hours a day' },
    { ar: 'قطرة الأتروبين للعين السليمة (Penalisation)', en: 'Atropine penalisation' },
    { ar: 'تمارين تقويم البصر (Orthoptic exercises)', en: 'Orthoptic exercises' },
    { ar: 'تمارين التقارب', en: 'Convergence exercises' },
    { ar: 'تجربة نظارة بمنشور', en: 'Trial of prism glasses' },
    { ar: 'حقن البوتوكس', en: 'Botulinum toxin injection' },
    { ar: 'ينصح بالعملية الجراحية', en: 'Surgery advised' },
    { ar: 'إحالة إلى طبيب الأمراض العصبية', en: 'Refer to neurology' },
    { ar: 'مراجعة بعد شهر', en: 'Review in 1 month' },
    { ar: 'مراجعة بعد 3 أشهر', en: 'Review in 3 months' },
    { ar: 'مراجعة بعد 6 أشهر', en: 'Review in 6 months' },
  ],
  SquintBestCorrections: [
    ...SNELLEN_BCVA,
    { ar: 'إدراك الضوء (PL)', en: 'Perception of light (PL)' },
    { ar: 'يثبت النظر ويتابع (Fix and follow)', en: 'Fixes and follows' },
    { ar: 'لا يثبت النظر ولا يتابع', en: 'Does not fix and follow' },
    { ar: 'تثبيت مركزي ثابت مستمر (CSM)', en: 'Central, steady, maintained (CSM)' },
    { ar: 'تعذر القياس لعدم التعاون', en: 'Not measurable: uncooperative' },
  ],
  BiometryNote: [
    { ar: 'القياس بجهاز IOLMaster', en: 'Measured with IOLMaster' },
    { ar: 'القياس بجهاز Lenstar', en: 'Measured with Lenstar' },
    { ar: 'A-scan بطريقة الغمر (Immersion)', en: 'Immersion A-scan' },
    { ar: 'A-scan بطريقة التماس (Contact)', en: 'Contact A-scan' },
    { ar: 'إشارة ضعيفة (SNR منخفض)', en: 'Poor signal (low SNR)' },
    { ar: 'ساد (ماء أبيض) كثيف', en: 'Dense cataract' },
    { ar: 'عملية تصحيح نظر سابقة (ليزك / PRK)', en: 'Previous refractive surgery (LASIK / PRK)' },
    { ar: 'عين مملوءة بزيت السيليكون', en: 'Silicone oil-filled eye' },
    { ar: 'طول محوري كبير (قصر نظر شديد)', en: 'Long axial length (high myopia)' },
    { ar: 'طول محوري قصير', en: 'Short axial length' },
    {
      ar: 'فرق الطول المحوري بين العينين أكثر من 0.3 ملم: إعادة القياس',
      en: 'Axial length differs by more than 0.3 mm between eyes: repeat',
    },
    { ar: 'زرع العدسة داخل الكيس (In the bag)', en: 'Keep the lens in the bag' },
    { ar: 'ينصح بعدسة توريك (Toric IOL)', en: 'Toric IOL advised' },
    { ar: 'تمت مناقشة العدسة متعددة البؤر', en: 'Multifocal IOL discussed' },
  ],
  BiometryDown: [
    { ar: 'الهدف: انكسار صفري (Emmetropia)', en: 'Target: emmetropia' },
    { ar: 'الهدف: سالب 0.50 ديوبتر للمساعدة في القراءة', en: 'Target: -0.50 D for reading' },
    { ar: 'مخطط لرؤية أحادية (Monovision)', en: 'Monovision planned' },
    { ar: 'مطابقة انكسار العين الأخرى', en: 'Match the fellow eye' },
    { ar: 'المعادلة: SRK/T', en: 'Formula: SRK/T' },
    { ar: 'المعادلة: Barrett Universal II', en: 'Formula: Barrett Universal II' },
    { ar: 'المعادلة: Hoffer Q (للعين القصيرة)', en: 'Formula: Hoffer Q (short eye)' },
    { ar: 'ثابت A حسب الشركة المصنعة', en: 'A-constant as per manufacturer' },
    { ar: 'يؤكد القياس بجهاز ثان', en: 'Confirm with a second device' },
    { ar: 'النتائج خاصة بالعدسة المختارة فقط', en: 'Results apply to the selected lens only' },
    { ar: 'الاختيار النهائي للعدسة من قبل الجراح', en: 'Final lens choice by the surgeon' },
    { ar: 'يعاد القياس إذا تأخرت العملية أكثر من 6 أشهر', en: 'Repeat if surgery is delayed over 6 months' },
  ],
  OuterTitle: [
    { ar: 'التهاب حافة الجفن', en: 'Blepharitis' },
    { ar: 'بردة الجفن (Chalazion)', en: 'Chalazion' },
    { ar: 'شعيرة (دمل الجفن)', en: 'Stye (hordeolum)' },
    { ar: 'الظفرة (Pterygium)', en: 'Pterygium' },
    { ar: 'التهاب الملتحمة', en: 'Conjunctivitis' },
    { ar: 'التهاب الملتحمة التحسسي', en: 'Allergic conjunctivitis' },
    { ar: 'التهاب الملتحمة الربيعي (VKC)', en: 'Vernal keratoconjunctivitis (VKC)' },
    { ar: 'جفاف العين', en: 'Dry eye' },
    { ar: 'قرحة القرنية', en: 'Corneal ulcer' },
    { ar: 'جسم غريب في القرنية', en: 'Corneal foreign body' },
    { ar: 'تدلي الجفن (Ptosis)', en: 'Ptosis' },
    { ar: 'انقلاب الجفن للداخل (Entropion)', en: 'Entropion' },
    { ar: 'انقلاب الجفن للخارج (Ectropion)', en: 'Ectropion' },
    { ar: 'الشعرة: انحراف الرموش نحو العين (Trichiasis)', en: 'Trichiasis' },
    { ar: 'نزف تحت الملتحمة', en: 'Subconjunctival haemorrhage' },
  ],
  keratoconusRightLensTypes: KERATOCONUS_LENS_TYPES,
  keratoconusLeftLensTypes: KERATOCONUS_LENS_TYPES,
  sagRight: SCLERAL_SAGS,
  sagLeft: SCLERAL_SAGS,
  limzRight: ZONE_STEPS,
  limzLeft: ZONE_STEPS,
  szRight: LANDING_ZONES,
  szLeft: LANDING_ZONES,
  KeratoconusNotes: [
    { ar: 'تقدم المرض: إحالة لتثبيت القرنية (CXL)', en: 'Progression: refer for CXL' },
    { ar: 'القرنية مستقرة', en: 'Stable' },
    { ar: 'تم إجراء تثبيت القرنية (CXL)', en: 'CXL done' },
    { ar: 'تجنب فرك العين', en: 'Avoid eye rubbing' },
    { ar: 'علاج حساسية العين', en: 'Treat the allergy' },
    { ar: 'تخطيط القرنية كل 6 أشهر', en: 'Topography every 6 months' },
    { ar: 'تقييم التركيب بعد استقرار العدسة 4 ساعات', en: 'Review the fit after 4 hours of settling' },
    { ar: 'تم طلب العدسة', en: 'Lens ordered' },
    { ar: 'تم شرح طريقة العناية بالعدسة', en: 'Lens care explained' },
    { ar: 'ينظر في زرع حلقات القرنية (ICRS)', en: 'Consider corneal ring segments (ICRS)' },
    { ar: 'عدم تحمل العدسات: ينظر في زراعة القرنية', en: 'Lens intolerant: consider keratoplasty' },
    { ar: 'ينصح بفحص الإخوة والأقارب', en: 'Screen siblings and relatives' },
    { ar: 'مراجعة بعد 3 أشهر', en: 'Review in 3 months' },
  ],
  prismRight: PRISMS,
  prismLeft: PRISMS,
  prismNote: [
    { ar: 'تجربة منشور فرينل اللاصق (Fresnel)', en: 'Fresnel prism trial' },
    { ar: 'منشور مدمج في العدسة (Ground-in)', en: 'Ground-in prism' },
    { ar: 'توزيع المنشور بالتساوي بين العينين', en: 'Prism split between the eyes' },
    { ar: 'إزاحة مركز العدسة بدل المنشور (Decentration)', en: 'Lens decentration instead of prism' },
    { ar: 'المنشور للبعيد فقط', en: 'Prism for distance only' },
    { ar: 'المنشور للقريب فقط', en: 'Prism for near only' },
    { ar: 'المنشور للبعيد والقريب', en: 'Prism for distance and near' },
    { ar: 'زيادة قوة المنشور', en: 'Increase the prism' },
    { ar: 'زوال ازدواج الرؤية', en: 'Diplopia resolved' },
    { ar: 'تحسن ازدواج الرؤية', en: 'Diplopia reduced' },
    { ar: 'استمرار ازدواج الرؤية', en: 'Diplopia persists' },
    { ar: 'مراجعة بعد 4 أسابيع', en: 'Review after 4 weeks' },
  ],
};

/** The category entry for a key, or undefined if the key is not one of the 25. */
export function optionCategory(key: string): (typeof OPTION_CATEGORIES)[number] | undefined {
  return OPTION_CATEGORIES.find((category) => category.key === key);
}
