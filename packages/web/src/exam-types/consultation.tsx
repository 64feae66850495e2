import { Alert, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { medicationInput, type ConsultationDerived } from '@basira/shared/exams/consultation';
import { medicationWarnings } from '@basira/shared/exams/consultation-warnings';
import { scheduleText, totalDays } from '@basira/shared/exams/medication-schedule';
import { warningText, type StoredWarning } from '@basira/shared/prescribing/warning-text';
import { useExamForm } from '../features/exams/exam-form-context.ts';
import { ConsultationRxSheet, type ConsultationData } from '../features/print/consultation-rx-sheet.tsx';
import { errorText } from '../lib/form-validation.ts';
import { useTranslator } from '../lib/use-translator.ts';
import type { ExamWebExtension } from './exam-extension.ts';
import { recallAfterSave } from './next-visit-recall.tsx';

/** Under each medication of a consultation: its schedule in words, live, as the prescription will print it. */
function MedicationSchedule({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const form = useExamForm();
  const med = form.getValue(path);
  if (!med || typeof med !== 'object') return null;
  let schedule: { text: string; days: number | null };
  try {
    const input = medicationInput(med as Parameters<typeof medicationInput>[0]);
    schedule = { text: scheduleText(input)[i18n.language === 'en' ? 'en' : 'ar'], days: totalDays(input) };
  } catch {
    return null;
  }
  const { text, days } = schedule;
  if (!text) return null;
  return (
    <Text size="sm" mt="xs" c="dimmed" dir="auto" data-testid="consultation-schedule">
      {text}
      {days !== null && ` · ${t('consultation.totalDays', { count: days })}`}
    </Text>
  );
}

/** A contraindication filled red; a caution and a reminder light (white on orange is below AA; theme.ts). */
const SEVERITY_STYLE: Record<string, { color: string; variant: 'filled' | 'light' }> = {
  contraindicated: { color: 'red.9', variant: 'filled' },
  caution: { color: 'orange', variant: 'light' },
  reminder: { color: 'blue', variant: 'light' },
};

/** The form's live warnings (its `derived`, computed by the shared definition as the server will store them). */
function useWarnings(): StoredWarning[] {
  const form = useExamForm();
  return (form.derived as ConsultationDerived | undefined)?.warnings ?? [];
}

/** Each warning as a sentence of its rule in the interface's language (warning-text.ts). */
function useWarningLines(warnings: readonly StoredWarning[]) {
  const { t, i18n } = useTranslation();
  const form = useExamForm();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const nameOf = (index: number) => {
    const name = form.getValue(`medications.${index}.name`);
    return typeof name === 'string' && name ? name : t('consultation.medicationNumber', { n: index + 1 });
  };
  return warnings.map((warning) => ({ warning, text: warningText(warning, lang, nameOf) }));
}

function WarningLine({ warning, text }: { warning: StoredWarning; text: string }) {
  const { t } = useTranslation();
  const severity = warning.severity ?? 'caution';
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid={`consultation-warning-${warning.code}`}>
      <Badge size="sm" {...SEVERITY_STYLE[severity]} style={{ flexShrink: 0 }}>
        {t(`consultation.severity.${severity}`)}
      </Badge>
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/**
 * On a medication's own row, as the drug is picked: the warnings about it, and for a contraindication the reason
 * the doctor gives it anyway (the save is held until there is one; the server stores and audits it). Which
 * warnings and which hold it: `medicationWarnings`, the shared reading the server's save asks the reason with.
 */
function MedicationWarnings({ path }: { path: string }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const form = useExamForm();
  const index = Number(path.split('.').pop());
  const { warnings, answers } = medicationWarnings(useWarnings(), index);
  const lines = useWarningLines(warnings);
  if (lines.length === 0) return null;
  const reasonPath = `${path}.overrideReason`;
  const reason = form.getValue(reasonPath);
  return (
    <Stack gap={4} mt="xs" data-testid="medication-warnings">
      {lines.map(({ warning, text }, i) => (
        <WarningLine key={i} warning={warning} text={text} />
      ))}
      {(answers.length > 0 || (typeof reason === 'string' && reason !== '')) && (
        <TextInput
          size="sm"
          label={t('consultation.overrideReason')}
          value={typeof reason === 'string' ? reason : ''}
          readOnly={form.readOnly}
          maxLength={500}
          onChange={(e) => form.setValue(reasonPath, e.currentTarget.value)}
          error={errorText(translate, form.errors[reasonPath])}
          data-testid="medication-override-reason"
        />
      )}
    </Stack>
  );
}

function MedicationExtras({ path }: { path: string }) {
  return (
    <>
      <MedicationSchedule path={path} />
      <MedicationWarnings path={path} />
    </>
  );
}

/**
 * A consultation's warnings on its prescription, before it is saved (and as saved), most severe first. `failed`:
 * the context could not be loaded, so the prescription cannot be checked here (the doctor is told, rather than
 * shown no warning).
 */
function ConsultationWarnings({ contextFailed }: { contextFailed: boolean }) {
  const { t } = useTranslation();
  const lines = useWarningLines(useWarnings());
  if (contextFailed)
    return (
      <Alert
        color="red"
        role="alert"
        title={t('consultation.warningsTitle')}
        data-testid="consultation-unchecked"
      >
        {t('consultation.uncheckable')}
      </Alert>
    );
  if (lines.length === 0) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      title={t('consultation.warningsTitle')}
      data-testid="consultation-warnings"
    >
      <Stack gap={6}>
        {lines.map(({ warning, text }, i) => (
          <WarningLine key={i} warning={warning} text={text} />
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * The consultation: each medication's schedule and warnings on its row, the prescription's warnings under the
 * form, the recall to its next visit (a field of its own) once saved, and on paper the medication prescription the
 * doctor signs.
 */
export const consultationExtension: ExamWebExtension = {
  itemExtras: { 'medications:after': MedicationExtras },
  LivePanel: ConsultationWarnings,
  AfterSave: recallAfterSave((record) => (record as ConsultationData).nextVisit),
  print: {
    titleKey: 'print.titles.consultation',
    doctorsDocument: true,
    Sheet: ({ data, patient }) => <ConsultationRxSheet data={data as ConsultationData} patient={patient} />,
  },
};
