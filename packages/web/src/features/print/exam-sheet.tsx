import { useTranslation } from '../../i18n/use-translation.ts';
import type { ExamType } from '@basira/shared/exams/exam-types';
import type { PrintSheetProps } from '../../exam-types/exam-extension.ts';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { ExamReport } from './exam-report.tsx';

/**
 * How a type's record is titled on paper, and whether the doctor signs it: its own sheet's (its extension's
 * `print`), else the generic report's ("<type> report").
 */
export function useExamSheetFrame(type: ExamType): { title: string; doctorsDocument: boolean } {
  const { t } = useTranslation();
  const own = useExamExtension(type).print;
  return {
    title: own ? t(own.titleKey) : t('print.titles.report', { type: t(`exams.types.${type}`) }),
    doctorsDocument: own?.doctorsDocument ?? false,
  };
}

/** A record's body on paper: the type's own sheet, else the report laid out from its definition. */
export function ExamSheet({ type, ...props }: PrintSheetProps & { type: ExamType }) {
  const own = useExamExtension(type).print;
  return own ? <own.Sheet {...props} /> : <ExamReport type={type} data={props.data} />;
}
