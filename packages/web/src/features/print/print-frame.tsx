import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PRINT_COLOR } from '@basira/shared/print/print-settings.schemas';
import type { PrintFrameData, PrintPaper, PrintPatient } from '@basira/shared/print/printing.schemas';
import { useFormatters } from '../../lib/format.ts';
import './print.css';

/** A date as given (an instant or a `YYYY-MM-DD` day) in the page's language; any other text as it is. */
function useDateText(date: string | undefined): string | undefined {
  const format = useFormatters();
  if (!date) return undefined;
  return /^\d{4}-\d{2}-\d{2}/.test(date) && Number.isFinite(Date.parse(date)) ? format.date(date) : date;
}

/**
 * One sheet of paper as the clinic prints it: logo, header, clinic name, title, the patient's line, the body,
 * the optometrist's and the specialist's signatures (on a patient's sheet) and the footer, in the print setting's
 * colour. Without a setting it is a plain sheet with the organization's name. Sized to its paper on screen too
 * (the print-settings preview shows it as it will print).
 */
export function PrintFrame(props: {
  frame: PrintFrameData;
  paper: PrintPaper;
  title: string;
  patient?: PrintPatient;
  date?: string;
  children: ReactNode;
}) {
  const { frame, paper, title, patient, children } = props;
  const { t } = useTranslation();
  const date = useDateText(props.date);
  const setting = frame.setting;
  const roll = paper === '80mm';
  const style = { '--print-color': setting?.color ?? DEFAULT_PRINT_COLOR } as CSSProperties;
  return (
    <article className="print-sheet" data-paper={paper} style={style} data-testid="print-sheet">
      <header className="print-head">
        {setting?.logo && <img className="print-logo" src={setting.logo} alt="" data-testid="print-logo" />}
        <div className="print-head-text">
          <p className="print-clinic" data-testid="print-clinic">
            {frame.organization.name}
          </p>
          {setting?.header && (
            // The server sanitises the header (an allowlist of tags and attributes) when it is saved: safe HTML.
            <div
              className="print-html"
              data-testid="print-header"
              dangerouslySetInnerHTML={{ __html: setting.header }}
            />
          )}
        </div>
      </header>

      <h1 className="print-title" data-testid="print-title">
        {title}
      </h1>

      {(patient || date) && (
        <div className="print-patient" data-testid="print-patient">
          {patient && (
            <>
              <span className="print-patient-item">
                <span className="print-label">{t('print.patient.name')}: </span>
                <strong data-testid="print-patient-name">{patient.name}</strong>
              </span>
              <span className="print-patient-item">
                <span className="print-label">{t('print.patient.file')}: </span>
                <bdi>{patient.fileNumber}</bdi>
              </span>
              <span className="print-patient-item">
                <span className="print-label">{t('print.patient.ageSex')}: </span>
                {patient.birthDateApproximate ? '≈ ' : ''}
                {t('patients.ageYears', { count: patient.age })} ·{' '}
                {patient.isMale === 1 ? t('patients.male') : t('patients.female')}
              </span>
            </>
          )}
          {date && (
            <span className="print-patient-item">
              <span className="print-label">{t('print.patient.date')}: </span>
              {date}
            </span>
          )}
        </div>
      )}

      <div className="print-body">{children}</div>

      {patient && !roll && (
        <div className="print-signatures" data-testid="print-signatures">
          <div className="print-signature">
            <div className="print-signature-line" />
            <div className="print-label">{t('print.optometrist')}</div>
            <div data-testid="print-optometrist">{setting?.optometrist}</div>
          </div>
          <div className="print-signature">
            <div className="print-signature-line" />
            <div className="print-label">{t('print.specialist')}</div>
            <div data-testid="print-specialist">{setting?.specialist}</div>
          </div>
        </div>
      )}

      {setting?.footer && (
        // Sanitised by the server when saved, as the header.
        <footer
          className="print-foot print-html"
          data-testid="print-footer"
          dangerouslySetInnerHTML={{ __html: setting.footer }}
        />
      )}
    </article>
  );
}
