import { useTranslation } from 'react-i18next';
import type { ConsultationDerived, consultation } from '@basira/shared/exams/consultation';
import type { ValuesOf } from '@basira/shared/exams/fields';
import type { PrintPatient } from '@basira/shared/print/printing.schemas';
import { needsReason } from '@basira/shared/prescribing/prescription-check';
import { substanceName } from '@basira/shared/prescribing/substances';
import { warningText } from '@basira/shared/prescribing/warning-text';
import { asciiDigits } from '@basira/shared/search/arabic-normalize';
import { useFormatters } from '../../lib/format.ts';

export type ConsultationData = ValuesOf<(typeof consultation)['fields']> & {
  derived?: ConsultationDerived | null;
};
type Medication = NonNullable<ConsultationData['medications']>[number];
type Lang = 'ar' | 'en';

/**
 * How many of its form's own unit one dose of a medicine is (`2` drops, `1` tablet), when the record says so: the
 * form's label then agrees with it in either language (`drop` / `قطرة`, `drops` / `قطرتان`). A dose in another unit,
 * or none, says no count, and the label is the form's general word (`drops` / `قطرات`).
 */
function doseCount(med: Medication): number | undefined {
  const dose: unknown = med.dose;
  if (typeof dose === 'number') return dose;
  if (typeof dose !== 'string') return undefined;
  const bare = asciiDigits(dose).trim();
  return /^\d+(?:\.\d+)?$/.test(bare) ? Number(bare) : undefined;
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
    return details.length > 0 ? `${name} (${details.join(t('common.listSeparator'))})` : name;
  });
  return (
    <p className="print-allergies" data-testid="print-allergies">
      <span className="print-label">{t('print.allergies.label')}: </span>
      <strong>{items.length > 0 ? items.join(' · ') : t('print.allergies.none')}</strong>
    </p>
  );
}

/**
 * The prescription's warnings as saved with it, most severe first, each in the sheet's language (`warningText`, the
 * form's words too) after its severity; a contraindication the doctor overrode says why they gave the drug.
 */
function WarningList({ data, lang }: { data: ConsultationData; lang: Lang }) {
  const { t } = useTranslation();
  const medications = data.medications ?? [];
  const warnings = data.derived?.warnings ?? [];
  if (warnings.length === 0) return null;
  const nameOf = (i: number) => medications[i]?.name ?? '';
  return (
    <section className="print-section print-warnings" data-testid="print-warnings">
      <h2 className="print-section-title">{t('print.consultation.warnings')}</h2>
      <ul className="print-warning-list">
        {warnings.map((warning, i) => {
          // Records saved before the rules table carry no severity: they were shown as cautions.
          const severity = warning.severity ?? 'caution';
          const reason =
            needsReason(warning) && warning.medication !== undefined
              ? medications[warning.medication]?.overrideReason?.trim()
              : undefined;
          return (
            <li key={i} data-severity={severity} data-testid="print-warning">
              <strong className="print-warning-severity">
                {t(`print.consultation.severity.${severity}`)}:{' '}
              </strong>
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
  const titleOf = (i: number) => {
    const title = data.derived?.diagnoses?.[i];
    return title ? (lang === 'en' ? title.titleEn : title.titleAr) : null;
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
                {/* The form writes the chosen title into the words too: once is enough. */}
                {[...new Set([titleOf(i), d.text?.trim()].filter(Boolean))].join(' · ')}
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
                {med.form && med.form !== 'other' && (
                  <span className="print-label" data-testid="print-form">
                    {' '}
                    ({t(`print.consultation.forms.${med.form}`, { count: doseCount(med) })})
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
    </div>
  );
}
