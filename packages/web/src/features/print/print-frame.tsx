import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DEFAULT_PRINT_COLOR } from '@basira/shared/print/print-settings.schemas';
import type {
  PrintFrameData,
  PrintPaper,
  PrintPatient,
  PrintRecorder,
} from '@basira/shared/print/printing.schemas';
import { useFormatters } from '../../lib/format.ts';
import { useSheetDigits } from './print-digits.ts';
import { signatureBlocks } from './print-signature.ts';
import './print.css';

/** A date as given (an instant or a `YYYY-MM-DD` day) in the page's language; any other text as it is. */
function useDateText(date: string | undefined): string | undefined {
  const format = useFormatters();
  if (!date) return undefined;
  return /^\d{4}-\d{2}-\d{2}/.test(date) && Number.isFinite(Date.parse(date)) ? format.date(date) : date;
}

/**
 * One sheet of paper as the clinic prints it: logo, header, clinic name, title, the patient's line, the body,
 * the signature of whoever recorded it (on a patient's sheet; `print-signature.ts`) and the footer, in the print
 * setting's colour, every digit in the setting's digit system. Without a setting it is a plain sheet with the
 * organization's name. Sized to its paper on screen too (the print-settings preview shows it as it will print).
 */
export function PrintFrame(props: {
  frame: PrintFrameData;
  paper: PrintPaper;
  title: string;
  patient?: PrintPatient;
  /** Who recorded what is printed (null: nobody known; the setting's names sign). */
  recordedBy?: PrintRecorder | null;
  /** A doctor's document (the prescription, a letter): signed by the specialist's block alone. */
  doctorsDocument?: boolean;
  date?: string;
  children: ReactNode;
}) {
  const { frame, paper, title, patient, children } = props;
  const { t } = useTranslation();
  const date = useDateText(props.date);
  const setting = frame.setting;
  const roll = paper === '80mm';
  const digits = setting?.digits ?? 'western';
  const sheet = useRef<HTMLElement>(null);
  useSheetDigits(sheet, digits);
  const signatures = signatureBlocks(props.recordedBy ?? null, setting, props.doctorsDocument ?? false);
  const style = { '--print-color': setting?.color ?? DEFAULT_PRINT_COLOR } as CSSProperties;
  return (
    <article
      ref={sheet}
      className="print-sheet"
      data-paper={paper}
      data-digits={digits}
      style={style}
      data-testid="print-sheet"
    >
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
                <strong data-testid="print-patient-name">
                  <bdi>{patient.name}</bdi>
                </strong>
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
          {signatures.map(({ role, name }) => (
            <div key={role} className="print-signature" data-role={role}>
              <div className="print-signature-line" />
              {/* One line, the role then the name: a name on its own line pushed a full A5 report onto a second page. */}
              <div>
                <span className="print-label">{t(`print.${role}`)}: </span>
                <bdi data-testid={`print-${role}`}>{name}</bdi>
              </div>
            </div>
          ))}
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
