import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ConsultationDerived, consultation } from '@basira/shared/exams/consultation';
import { diagnosisWords, type DiagnosisTitles } from '@basira/shared/exams/diagnosis-words';
import type { ValuesOf } from '@basira/shared/exams/fields';
import { FORM_DOSE_UNIT } from '@basira/shared/exams/medication-schedule';
import type { PrintPatient } from '@basira/shared/print/printing.schemas';
import { needsReason } from '@basira/shared/prescribing/prescription-check';
import { prescribingRule } from '@basira/shared/prescribing/prescribing-rules';
import { substanceName } from '@basira/shared/prescribing/substances';
import { warningText } from '@basira/shared/prescribing/warning-text';
import { diagnosisTitleQuery } from '../../lib/diagnosis-titles.ts';
import { useFormatters } from '../../lib/format.ts';

export type ConsultationData = ValuesOf<(typeof consultation)['fields']> & {
  derived?: ConsultationDerived | null;
};
type Medication = NonNullable<ConsultationData['medications']>[number];
type Lang = 'ar' | 'en';

/**
 * How many of its form's own unit one dose of a medicine is (`2` drops, `1` tablet), when the record says so: the
 * form's label then agrees with it in either language (`drop` / `قطرة`, `drops` / `قطرتان`). A dose in another unit
 * (mg of a tablet), or none, says no count, and the label is the form's general word (`drops` / `قطرات`).
 */
function doseCount(med: Medication): number | undefined {
  if (!med.form || med.dose == null) return undefined;
  return med.doseUnit == null || med.doseUnit === FORM_DOSE_UNIT[med.form] ? med.dose : undefined;
}

/** The allergy line: every allergy the patient has, or "none recorded"; each by its substance's name or its words. */
function AllergyLine({ allergies, lang }: { allergies: PrintPatient['allergies']; lang: Lang }) {
  const { t } = useTranslation();
  const items = allergies.map((allergy) => {
    const details = [
      allergy.reaction && t(`print.allergies.reactions.${allergy.reaction}`),
      allergy.severity && t(`print.allergies.severities.${allergy.severity}`),
      // Words the checker read as no substance: the prescription was not checked against them.
      allergy.matched.length === 0 && t('print.allergies.notChecked'),
    ].filter(Boolean);
    const name = allergy.substance ? substanceName(allergy.substance, lang) : (allergy.text ?? '');
    return { name, details: details.join(t('common.listSeparator')) };
  });
  return (
    <p className="print-allergies" data-testid="print-allergies">
      <span className="print-label">{t('print.allergies.label')}: </span>
      <strong>
        {items.length === 0
          ? t('print.allergies.none')
          : items.map(({ name, details }, i) => (
              <span key={i}>
                {i > 0 && ' · '}
                {/* Words as recorded keep their own direction (a Latin name on an Arabic sheet). */}
                <bdi>{name}</bdi>
                {details && ` (${details})`}
              </span>
            ))}
      </strong>
    </p>
  );
}

/**
 * A warning that a medicine could not be checked (typed by hand, or in the formulary without its ingredients): on
 * paper it is a mark on the medicine and one line under the warnings, not a sentence a medicine. Eight such
 * sentences took a page of their own; the pharmacist learns the same from the mark.
 */
const isUncheckedDrug = (warning: { code: string }) =>
  prescribingRule(warning.code)?.when.kind === 'drugUnchecked';

/** The medicines the saved warnings say could not be checked. */
function uncheckedMedicines(data: ConsultationData): Set<number> {
  return new Set(
    (data.derived?.warnings ?? []).flatMap((w) =>
      isUncheckedDrug(w) && w.medication !== undefined ? [w.medication] : [],
    ),
  );
}

/**
 * The prescription's warnings as saved with it, most severe first, each in the sheet's language (`warningText`, the
 * form's words too) after its severity; a contraindication the doctor overrode says why they gave the drug. The
 * medicines that could not be checked are marked in the list above, and said once here.
 */
function WarningList({ data, lang }: { data: ConsultationData; lang: Lang }) {
  const { t } = useTranslation();
  const medications = data.medications ?? [];
  const all = data.derived?.warnings ?? [];
  const warnings = all.filter((w) => !isUncheckedDrug(w));
  const unchecked = all.find(isUncheckedDrug);
  if (warnings.length === 0 && !unchecked) return null;
  // `warningText` isolates the name in its sentence: `Dorzolamide ٢%` keeps its digits beside the Latin name.
  const nameOf = (i: number) => medications[i]?.name ?? '';
  const severityOf = (warning: { severity?: string }) =>
    // Records saved before the rules table carry no severity: they were shown as cautions.
    t(`print.consultation.severity.${warning.severity ?? 'caution'}`);
  return (
    <section className="print-section print-warnings" data-testid="print-warnings">
      <h2 className="print-section-title">{t('print.consultation.warnings')}</h2>
      <ul className="print-warning-list">
        {warnings.map((warning, i) => {
          const reason =
            needsReason(warning) && warning.medication !== undefined
              ? medications[warning.medication]?.overrideReason?.trim()
              : undefined;
          return (
            <li key={i} data-severity={warning.severity ?? 'caution'} data-testid="print-warning">
              <strong className="print-warning-severity">{severityOf(warning)}: </strong>
              {warningText(warning, lang, nameOf)}
              {reason && (
                <span data-testid="print-warning-reason">
                  {' '}
                  — {t('print.consultation.givenBecause', { reason })}
                </span>
              )}
            </li>
          );
        })}
        {unchecked && (
          <li data-severity={unchecked.severity} data-testid="print-warning-unchecked">
            <strong className="print-warning-severity">{severityOf(unchecked)}: </strong>
            <span className="print-unchecked-mark">{t('print.consultation.uncheckedMark')}</span>{' '}
            {t('print.consultation.uncheckedLegend')}
          </li>
        )}
      </ul>
    </section>
  );
}

/**
 * The body of a medication prescription (`/print/consultation/:id`): the patient's allergies (always, "none
 * recorded" too), the diagnoses with their codes, each medicine with its schedule written out in the print's
 * language (as the server derived it), the warnings saved with it, and the next visit. The prescriber signs in the
 * frame's one signature block. Each medicine is one paragraph (name, form: schedule), so eight fit one A5 page.
 */
export function ConsultationRxSheet({ data, patient }: { data: ConsultationData; patient: PrintPatient }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const diagnoses = data.diagnoses ?? [];
  const medications = data.medications ?? [];
  const unchecked = uncheckedMedicines(data);
  // The titles the record kept when saved; undefined for a record saved before it kept them.
  const titlesOf = (i: number) => {
    const kept = data.derived?.diagnoses;
    return kept ? (kept[i] ?? null) : undefined;
  };
  return (
    <div data-testid="consultation-sheet">
      <AllergyLine allergies={patient.allergies} lang={lang} />
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
                <bdi className="print-pair-value">{med.name}</bdi>
                {med.form && med.form !== 'other' && (
                  <span className="print-label" data-testid="print-form">
                    {' '}
                    ({t(`print.consultation.forms.${med.form}`, { count: doseCount(med) })})
                  </span>
                )}
                {unchecked.has(i) && (
                  <span className="print-unchecked-mark" data-testid="print-unchecked">
                    {' '}
                    {t('print.consultation.uncheckedMark')}
                  </span>
                )}
                {': '}
                <span data-testid="print-schedule">{data.derived?.medications[i]?.scheduleText[lang]}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <WarningList data={data} lang={lang} />
      {(data.plan || data.nextVisit || data.referral?.to) && (
        <section className="print-section print-pairs">
          {data.plan && (
            <span>
              <span className="print-label">{t('exams.fields.plan')}: </span>
              <bdi>{data.plan}</bdi>
            </span>
          )}
          {data.referral?.to && (
            <span>
              <span className="print-label">{t('print.consultation.referral')}: </span>
              <bdi>{data.referral.to}</bdi>
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
  // Isolated: the doctor's words end in their own direction, and the eye after them reads as the product wrote it.
  return (
    <bdi data-testid="print-diagnosis-words">
      {diagnosisWords(titles ?? looked.data, text, lang).join(' · ')}
    </bdi>
  );
}
