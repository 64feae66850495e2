import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsultationDerived, consultation } from '@basira/shared/exams/consultation';
import { diagnosisWords, type DiagnosisTitles } from '@basira/shared/exams/diagnosis-words';
import type { ValuesOf } from '@basira/shared/exams/fields';
import { diagnosisTitleQuery } from '../../lib/diagnosis-titles.ts';
import { useFormatters } from '../../lib/format.ts';

export type ConsultationData = ValuesOf<(typeof consultation)['fields']> & {
  derived?: ConsultationDerived | null;
  createdBy?: { name: string } | null;
};

/**
 * The body of a medication prescription (`/print/consultation/:id`): the diagnoses with their codes, each medicine
 * with its schedule written out in the print's language (as the server derived it), the next visit, and the
 * prescribing doctor. Each medicine is one paragraph (name, form: schedule), so eight fit one A5 page.
 */
export function ConsultationRxSheet({ data }: { data: ConsultationData }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const diagnoses = data.diagnoses ?? [];
  const medications = data.medications ?? [];
  // The titles the record kept when saved; undefined for a record saved before it kept them.
  const titlesOf = (i: number) => {
    const kept = data.derived?.diagnoses;
    return kept ? (kept[i] ?? null) : undefined;
  };
  return (
    <div data-testid="consultation-sheet">
      {diagnoses.length > 0 && (
        <section className="print-section">
          <h2 className="print-section-title">{t('print.consultation.diagnoses')}</h2>
          <ol className="print-consultation-list">
            {diagnoses.map((d, i) => (
              <li key={i} data-testid="print-diagnosis">
                {d.code && (
                  <bdi dir="ltr" className="print-pair-value">
                    {d.code}
                  </bdi>
                )}
                {d.code && ' '}
                <DiagnosisWords code={d.code ?? ''} titles={titlesOf(i)} text={d.text} lang={lang} />
                {d.eye && <span className="print-label"> · {t(`exams.eyes.${d.eye}`)}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section className="print-section">
        <h2 className="print-section-title">
          <span aria-hidden="true">℞ </span>
          {t('print.consultation.medications')}
        </h2>
        {medications.length === 0 ? (
          <p>{t('print.consultation.none')}</p>
        ) : (
          <ol className="print-consultation-list">
            {medications.map((med, i) => (
              <li key={i} data-testid="print-medication">
                <span className="print-pair-value">{med.name}</span>
                {med.form && <span className="print-label"> ({t(`exams.values.${med.form}`)})</span>}
                {': '}
                <span data-testid="print-schedule">{data.derived?.medications[i]?.scheduleText[lang]}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {(data.plan || data.nextVisit || data.referral?.to) && (
        <section className="print-section print-pairs">
          {data.plan && (
            <span>
              <span className="print-label">{t('exams.fields.plan')}: </span>
              {data.plan}
            </span>
          )}
          {data.referral?.to && (
            <span>
              <span className="print-label">{t('print.consultation.referral')}: </span>
              {data.referral.to}
            </span>
          )}
          {data.nextVisit && (
            <span>
              <span className="print-label">{t('print.consultation.nextVisit')}: </span>
              <span className="print-pair-value">{format.date(data.nextVisit)}</span>
            </span>
          )}
        </section>
      )}
      {data.createdBy && (
        <p className="print-section" data-testid="print-prescriber">
          <span className="print-label">{t('print.consultation.prescriber')}: </span>
          <span className="print-pair-value">{data.createdBy.name}</span>
        </p>
      )}
    </div>
  );
}

/**
 * A diagnosis's title in the print's language, then the doctor's own words (`diagnosisWords`: never the other
 * language's title, even where an older record copied it into the words). A record saved before it kept its codes'
 * titles (`titles` undefined) has its code looked up in the clinic's list.
 */
function DiagnosisWords({
  code,
  titles,
  text,
  lang,
}: {
  code: string;
  titles: DiagnosisTitles | null | undefined;
  text: string | null | undefined;
  lang: 'ar' | 'en';
}) {
  const looked = useQuery({ ...diagnosisTitleQuery(code), enabled: code !== '' && titles === undefined });
  return <>{diagnosisWords(titles ?? looked.data, text, lang).join(' · ')}</>;
}
