import type { LetterSeed } from './letter-seeds.ts';

/**
 * The seeded templates as first shipped, kept word for word: an organization's template whose
 * body is still one of these was never edited, so the upgrade at start replaces it with today's seed
 * (letters.service upgradeSeededLetterTemplates). Their Arabic wrote both sexes with slashes (`المريض/ة`,
 * `راجع/ت`); today's are resolved by the patient's sex. Never edit these texts: they are what is compared.
 */
const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

export const PREVIOUS_LETTER_SEEDS: readonly LetterSeed[] = [
  {
    kind: 'report',
    language: 'ar',
    name: 'تقرير طبي',
    body: p(
      'إلى من يهمه الأمر،',
      'تحية طيبة وبعد،',
      'نشهد بأن المريض/ة <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، رقم الملف {{patient.fileNumber}}، قد راجع/ت عيادتنا بتاريخ {{visit.date}}، وبعد إجراء الفحص السريري للعينين تبيّن ما يلي:',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      '<strong>آخر وصفة نظارات:</strong> {{lastRx}}',
      'وقد أُعطي هذا التقرير بناءً على طلبه/ا لتقديمه إلى الجهات المختصة، دون أدنى مسؤولية على العيادة.',
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
      'الزميل/ة الطبيب/ة المحترم/ة،',
      'تحية طيبة وبعد،',
      'نحيل إليكم المريض/ة <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، الذي/التي راجع/ت عيادتنا بتاريخ {{visit.date}}، وذلك لإجراء ما ترونه مناسباً من فحوصات وعلاج.',
      '<strong>التشخيص المبدئي:</strong> {{diagnoses}}',
      '<strong>آخر وصفة نظارات:</strong> {{lastRx}}',
      'سبب الإحالة: ',
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
      'Dear colleague,',
      'I would be grateful if you could see <strong>{{patient.name}}</strong>, aged {{patient.age}} years, whom I examined on {{visit.date}}, for further assessment and management.',
      '<strong>Working diagnosis:</strong> {{diagnoses}}',
      '<strong>Latest spectacle prescription:</strong> {{lastRx}}',
      'Reason for referral: ',
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
      'نشهد بأن المريض/ة <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، قد راجع/ت عيادتنا بتاريخ {{visit.date}}، وهو/هي يعاني/تعاني من:',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      'ويحتاج/تحتاج إلى إجازة مرضية لمدة ( &nbsp; ) يوماً، اعتباراً من تاريخ {{visit.date}}، لغرض العلاج والراحة.',
      'وقد أُعطيت هذه الشهادة بناءً على طلبه/ا.',
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
      'The patient is unfit for work and requires sick leave for ( &nbsp; ) days, starting from {{visit.date}}, for treatment and rest.',
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
      'نشهد بأن السيد/ة <strong>{{patient.name}}</strong>، العمر {{patient.age}} سنة، قد خضع/ت لفحص النظر في عيادتنا بتاريخ {{visit.date}}، وكانت النتائج كما يلي:',
      '<strong>الوصفة الطبية للنظارات:</strong> {{lastRx}}',
      '<strong>التشخيص:</strong> {{diagnoses}}',
      'وبناءً على ذلك فإن حدة إبصاره/ا ومجال رؤيته/ا: ( لائق / لائق بشرط ارتداء النظارة / غير لائق ) لقيادة المركبات.',
      'وقد أُعطي هذا التقرير بناءً على طلبه/ا لتقديمه إلى الجهات المختصة.',
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
      '<strong>Spectacle prescription:</strong> {{lastRx}}',
      '<strong>Diagnosis:</strong> {{diagnoses}}',
      'On the basis of visual acuity and visual field, the applicant is: ( fit / fit with corrective lenses / unfit ) to drive.',
      'This report is issued at the applicant’s request.',
      'Examining doctor: <strong>{{doctor.name}}</strong>',
      '{{clinic.name}}, {{today}}',
    ),
  },
];
