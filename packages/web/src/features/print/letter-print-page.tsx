import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { PAPER_SIZES } from '@basira/shared/print/print-settings.schemas';
import type { PrintPaper } from '@basira/shared/print/printing.schemas';
import { PrintFrame } from './print-frame.tsx';
import { PrintNotReady, ReprintNotice, routeId } from './print-page-state.tsx';
import { PrintShell } from './print-shell.tsx';
import { letterPrintQuery } from './print.queries.ts';
import './letter-print.css';

/**
 * `/print/letter/:id` (`print consultation`): a letter (report, referral, sick leave, driving) on the clinic's
 * paper; `?printId=` reprints an earlier print as it was.
 */
export function LetterPrintPage() {
  const id = routeId(useParams().id);
  const [params] = useSearchParams();
  const printId = routeId(params.get('printId'));
  const sheet = useQuery({ ...letterPrintQuery(id ?? 0, printId), enabled: id !== null });
  const [chosen, setChosen] = useState<PrintPaper | null>(null);

  if (id === null || sheet.error || !sheet.data)
    return <PrintNotReady failed={id === null || !!sheet.error} error={sheet.error} />;

  const { letter, patient, recordedBy, reprintOf } = sheet.data;
  const paper = chosen ?? sheet.data.setting?.paperSize ?? 'A5';
  return (
    <PrintShell
      title={`${letter.title} · ${patient.name}`}
      papers={PAPER_SIZES}
      paper={paper}
      onPaper={setChosen}
      entry={{
        type: 'letter',
        id: letter.id,
        version: letter.version,
        ...(reprintOf ? { printId: reprintOf.id } : {}),
      }}
      notice={reprintOf && <ReprintNotice printedAt={reprintOf.printedAt} />}
    >
      <PrintFrame
        frame={sheet.data}
        paper={paper}
        title={letter.title}
        patient={patient}
        recordedBy={recordedBy}
        doctorsDocument
        date={letter.createdAt}
      >
        {/* The server keeps a letter to text formatting (no link, no image, no script) when it is saved. */}
        <div
          className="print-letter"
          lang={letter.language}
          dir={letter.language === 'ar' ? 'rtl' : 'ltr'}
          data-testid="letter-body"
          dangerouslySetInnerHTML={{ __html: letter.body }}
        />
      </PrintFrame>
    </PrintShell>
  );
}
