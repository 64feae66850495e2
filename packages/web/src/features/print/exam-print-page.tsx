import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useParams, useSearchParams } from 'react-router';
import { isExamType, type ExamType } from '@basira/shared/exams/exam-types';
import { PAPER_SIZES } from '@basira/shared/print/print-settings.schemas';
import type { PrintPaper } from '@basira/shared/print/printing.schemas';
import { ExamSheet, useExamSheetFrame } from './exam-sheet.tsx';
import { PrintFrame } from './print-frame.tsx';
import { PrintNotReady, ReprintNotice, routeId } from './print-page-state.tsx';
import { PrintShell } from './print-shell.tsx';
import { examPrintQuery } from './print.queries.ts';

/** The exam type of the print route being shown (`<type>Print` → the type). */
function usePrintType(): ExamType {
  const name = (useMatches().at(-1)?.handle as { name?: string } | undefined)?.name ?? '';
  const type = name.replace(/Print$/, '');
  if (!isExamType(type)) throw new Error(`Not an exam print route: ${name}`);
  return type;
}

/**
 * `/print/<type>/:id`: one exam record on paper, in the organization's print setting: the type's own sheet (its
 * extension's `print`: a prescription), else a report laid out from its
 * definition. `?printId=` reprints an earlier print (the record as it was printed then).
 */
export function ExamPrintPage() {
  const type = usePrintType();
  const id = routeId(useParams().id);
  const [params] = useSearchParams();
  const printId = routeId(params.get('printId'));
  const sheet = useQuery({ ...examPrintQuery(type, id ?? 0, printId), enabled: id !== null });
  const [chosen, setChosen] = useState<PrintPaper | null>(null);
  const { title, doctorsDocument } = useExamSheetFrame(type);

  if (id === null || sheet.error || !sheet.data)
    return <PrintNotReady failed={id === null || !!sheet.error} error={sheet.error} />;

  const { record, patient, recordedBy, reprintOf } = sheet.data;
  const setting = sheet.data.setting;
  const paper = chosen ?? setting?.paperSize ?? 'A5';
  const data = record as unknown as Record<string, unknown>;

  return (
    <PrintShell
      title={`${title} · ${patient.name}`}
      papers={PAPER_SIZES}
      paper={paper}
      onPaper={setChosen}
      entry={{
        type,
        id: record.id,
        version: record.version,
        ...(reprintOf ? { printId: reprintOf.id } : {}),
      }}
      notice={reprintOf && <ReprintNotice printedAt={reprintOf.printedAt} />}
    >
      <PrintFrame
        frame={sheet.data}
        paper={paper}
        title={title}
        patient={patient}
        recordedBy={recordedBy}
        doctorsDocument={doctorsDocument}
        date={record.createdAt}
      >
        <ExamSheet type={type} data={data} patient={patient} zeroAs={setting?.zeroAs ?? 'plano'} />
      </PrintFrame>
    </PrintShell>
  );
}
