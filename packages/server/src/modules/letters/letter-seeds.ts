import type { LetterKind, LetterLanguage } from '@basira/shared/letters/letters.schemas';

/**
 * The letter templates every organization starts with (letters.service seedLetterTemplates): the four kinds in
 * Arabic and in English, as a clinic writes them. Each clinic then edits its own copy on the print-settings
 * screen. Bodies are the rich text the editor makes (paragraphs, bold), with `{{…}}` merge fields, and the Arabic
 * written once for both sexes with `{{masculine|feminine}}` words (`{{المريض|المريضة}}`, `{{راجع|راجعت}}`),
 * resolved by the patient's sex when a letter is made. A change here reaches the organizations whose copy was
 * never edited: add the texts being replaced to letter-seeds-previous.ts.
 */
export interface LetterSeed {
  kind: LetterKind;
  language: LetterLanguage;
  name: string;
  body: string;
}

const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

export const LETTER_SEEDS: readonly LetterSeed[] = [
  {
    kind: 'report',
    language: 'ar',
    name: 'تقرير طبي',
    body: p(
      'إلى من يهمه الأمر،',
      'تحية طيبة وبعد،',
      'نشهد بأن {{المريض|المريضة}} <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، رقم الملف {{patient.fileNumber}}، قد {{راجع|راجعت}} عيادتنا بتاريخ {{visit.date}}، وبعد إجراء الفحص السريري للعينين تبيّن ما يلي:',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      '<strong>آخر وصفة نظارات:</strong> {{lastRx}}',
      'وقد أُعطي هذا التقرير بناءً على {{طلبه|طلبها}} لتقديمه إلى الجهات المختصة، دون أدنى مسؤولية على العيادة.',
      'مع وافر الاحترام والتقدير.',
      'الطبيب المعالج: <strong>{{doctor.name}}</strong>',
      'حُرِّر في {{clinic.name}} بتاريخ {{today}}',
    ),
  },
  {
    kind: 'report',
    language: 'en',
    name: 'Medical report',
    body: p(
      'To whom it may concern,',
      'This is to certify that <strong>{{patient.name}}</strong>, aged {{patient.age}} years (file no. {{patient.fileNumber}}), was examined at our clinic on {{visit.date}}. The ophthalmic examination showed the following:',
      '<strong>Diagnosis:</strong> {{diagnoses}}',
      '<strong>Latest spectacle prescription:</strong> {{lastRx}}',
      'This report is issued at the patient’s request for submission to the competent authorities.',
      'Yours faithfully,',
      '<strong>{{doctor.name}}</strong>',
      '{{clinic.name}}, {{today}}',
    ),
  },
  {
    kind: 'referral',
    language: 'ar',
    name: 'رسالة إحالة',
    body: p(
      '<strong>إلى:</strong> {{referral.to}}',
      'حضرة الزميل المحترم،',
      'تحية طيبة وبعد،',
      'نحيل إليكم {{المريض|المريضة}} <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، {{الذي راجع|التي راجعت}} عيادتنا بتاريخ {{visit.date}}، وذلك لإجراء ما ترونه مناسباً من فحوصات وعلاج.',
      '<strong>سبب الإحالة:</strong> {{referral.reason}}',
      '<strong>التشخيص المبدئي:</strong> {{diagnoses}}',
      '<strong>آخر وصفة نظارات:</strong> {{lastRx}}',
      'نرجو التفضل بالاطلاع وإعلامنا برأيكم الكريم، شاكرين حسن تعاونكم.',
      'مع خالص التحية والتقدير.',
      'الطبيب المحيل: <strong>{{doctor.name}}</strong>',
      'حُرِّر في {{clinic.name}} بتاريخ {{today}}',
    ),
  },
  {
    kind: 'referral',
    language: 'en',
    name: 'Referral letter',
    body: p(
      '<strong>To:</strong> {{referral.to}}',
      'Dear colleague,',
      'I would be grateful if you could see <strong>{{patient.name}}</strong>, aged {{patient.age}} years, whom I examined on {{visit.date}}, for further assessment and management.',
      '<strong>Reason for referral:</strong> {{referral.reason}}',
      '<strong>Working diagnosis:</strong> {{diagnoses}}',
      '<strong>Latest spectacle prescription:</strong> {{lastRx}}',
      'Thank you for your help; I look forward to your opinion.',
      'Kind regards,',
      '<strong>{{doctor.name}}</strong>',
      '{{clinic.name}}, {{today}}',
    ),
  },
  {
    kind: 'sickLeave',
    language: 'ar',
    name: 'إجازة مرضية',
    body: p(
      'إلى من يهمه الأمر،',
      'نشهد بأن {{المريض|المريضة}} <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، قد {{راجع|راجعت}} عيادتنا بتاريخ {{visit.date}}، {{وهو يعاني|وهي تعاني}} من:',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      '{{ويحتاج|وتحتاج}} إلى إجازة مرضية مدتها {{sickLeave.days}}، اعتباراً من تاريخ {{visit.date}}، لغرض العلاج والراحة.',
      'وقد أُعطيت هذه الشهادة بناءً على {{طلبه|طلبها}}.',
      'الطبيب المعالج: <strong>{{doctor.name}}</strong>',
      'حُرِّر في {{clinic.name}} بتاريخ {{today}}',
    ),
  },
  {
    kind: 'sickLeave',
    language: 'en',
    name: 'Sick-leave certificate',
    body: p(
      'To whom it may concern,',
      'This is to certify that <strong>{{patient.name}}</strong>, aged {{patient.age}} years, attended our clinic on {{visit.date}} and is suffering from:',
      '<strong>Diagnosis:</strong> {{diagnoses}}',
      '{{He|She}} is unfit for work and requires sick leave of {{sickLeave.days}}, starting from {{visit.date}}, for treatment and rest.',
      'This certificate is issued at the patient’s request.',
      '<strong>{{doctor.name}}</strong>',
      '{{clinic.name}}, {{today}}',
    ),
  },
  {
    kind: 'driving',
    language: 'ar',
    name: 'تقرير النظر لإجازة السوق',
    body: p(
      'إلى مديرية المرور العامة المحترمة،',
      'تحية طيبة وبعد،',
      'نشهد بأن {{السيد|السيدة}} <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، قد {{خضع|خضعت}} لفحص النظر في عيادتنا بتاريخ {{visit.date}}، وكانت النتائج كما يلي:',
      '<strong>{{driving.ageWarning}}</strong>',
      '<strong>حدة البصر دون تصحيح:</strong> العين اليمنى {{va.uncorrected.right}}، العين اليسرى {{va.uncorrected.left}}، بالعينين معًا {{va.uncorrected.both}}',
      '<strong>حدة البصر مع التصحيح:</strong> العين اليمنى {{va.corrected.right}}، العين اليسرى {{va.corrected.left}}، بالعينين معًا {{va.corrected.both}}',
      '<strong>تاريخ قياس حدة البصر:</strong> {{va.date}}',
      '<strong>الوصفة الطبية للنظارات:</strong> {{lastRx}}',
      '<strong>رؤية الألوان:</strong> {{colourVision}}',
      '<strong>المجال البصري:</strong> {{visualField}}',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      'وبناءً على ذلك {{فإنه|فإنها}}: ( {{لائق|لائقة}} / {{لائق|لائقة}} بشرط ارتداء النظارة / {{غير لائق|غير لائقة}} ) لقيادة المركبات.',
      'وقد أُعطي هذا التقرير بناءً على {{طلبه|طلبها}} لتقديمه إلى الجهات المختصة.',
      'الطبيب الفاحص: <strong>{{doctor.name}}</strong>',
      'حُرِّر في {{clinic.name}} بتاريخ {{today}}',
    ),
  },
  {
    kind: 'driving',
    language: 'en',
    name: 'Fitness-to-drive vision report',
    body: p(
      'To the Traffic Licensing Authority,',
      'This is to certify that <strong>{{patient.name}}</strong>, aged {{patient.age}} years, underwent a vision examination at our clinic on {{visit.date}}, with the following results:',
      '<strong>{{driving.ageWarning}}</strong>',
      '<strong>Uncorrected visual acuity:</strong> right eye {{va.uncorrected.right}}, left eye {{va.uncorrected.left}}, both eyes {{va.uncorrected.both}}',
      '<strong>Corrected visual acuity:</strong> right eye {{va.corrected.right}}, left eye {{va.corrected.left}}, both eyes {{va.corrected.both}}',
      '<strong>Acuity measured on:</strong> {{va.date}}',
      '<strong>Spectacle prescription:</strong> {{lastRx}}',
      '<strong>Colour vision:</strong> {{colourVision}}',
      '<strong>Visual field:</strong> {{visualField}}',
      '<strong>Diagnosis:</strong> {{diagnoses}}',
      'On the basis of visual acuity, colour vision and visual field, {{he|she}} is: ( fit / fit with corrective lenses / unfit ) to drive.',
      'This report is issued at the applicant’s request.',
      'Examining doctor: <strong>{{doctor.name}}</strong>',
      '{{clinic.name}}, {{today}}',
    ),
  },
];
