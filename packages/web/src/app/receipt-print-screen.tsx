import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { useParams, useSearchParams } from 'react-router';
import type { ReceiptView } from '@basira/shared/money/billing.schemas';
import type { PrintPaper } from '@basira/shared/print/printing.schemas';
import { receiptQuery, usePrintReceipt } from '../features/billing-desk/billing-desk.queries.ts';
import { useMoneyLang } from '../features/billing-desk/money-text.tsx';
import { ReceiptSheet, type ReceiptPaper } from '../features/billing-desk/receipt-sheet.tsx';
import { PrintFrame } from '../features/print/print-frame.tsx';
import { PrintNotReady, routeId } from '../features/print/print-page-state.tsx';
import { PrintShell } from '../features/print/print-shell.tsx';
import { isApiError } from '../lib/api-error.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { useMe } from '../lib/use-me.ts';
import { useTranslator } from '../lib/use-translator.ts';

const RECEIPT_PAPERS: readonly PrintPaper[] = ['80mm', 'A5'];

const paperOf = (value: string | null): ReceiptPaper => (value?.toLowerCase() === 'a5' ? 'A5' : '80mm');

/**
 * `/print/receipt/:id?paper=80mm|a5`: a payment's receipt in the clinic's print frame (features/print) with the
 * billing desk's sheet. Each print is counted once by `POST /receipts/{id}/print`; from the second on, the paper
 * says COPY. The Print button counts first and prints the answer's mark; a print the browser starts itself
 * (Ctrl+P) cannot wait, so it prints the mark the count so far implies and counts as it goes.
 */
export function ReceiptPrintScreen() {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const [params, setParams] = useSearchParams();
  const receipt = useQuery({ ...receiptQuery(id ?? 0), enabled: id !== null });
  if (id === null || receipt.error || !receipt.data)
    return <PrintNotReady failed={id === null || !!receipt.error} error={receipt.error} />;
  const paper = paperOf(params.get('paper'));
  return (
    <ReceiptPrint
      receipt={receipt.data}
      paper={paper}
      onPaper={(next) =>
        setParams(
          (latest) => {
            latest.set('paper', next === 'A5' ? 'a5' : '80mm');
            return latest;
          },
          { replace: true },
        )
      }
      title={t('billingDesk.receipt.title')}
    />
  );
}

function ReceiptPrint({
  receipt,
  paper,
  onPaper,
  title,
}: {
  receipt: ReceiptView;
  paper: ReceiptPaper;
  onPaper: (paper: ReceiptPaper) => void;
  title: string;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const lang = useMoneyLang();
  const me = useMe();
  const count = usePrintReceipt();
  // Whether the next paper is a copy: what the last count answered, else what the receipt's count implies.
  const [copy, setCopy] = useState(receipt.printCount > 0);
  const [failure, setFailure] = useState<unknown>(null);
  const viaButton = useRef(false);
  const latest = useRef({ mutate: count.mutate, id: receipt.id });
  latest.current = { mutate: count.mutate, id: receipt.id };

  useEffect(() => {
    const before = () => {
      if (viaButton.current) return;
      latest.current.mutate(latest.current.id, { onError: (error) => setFailure(error) });
    };
    // Whatever this print was, the next one is a copy.
    const after = () => {
      viaButton.current = false;
      setCopy(true);
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const onPrint = async (): Promise<boolean> => {
    setFailure(null);
    try {
      const answer = await count.mutateAsync(receipt.id);
      // On screen before the browser takes its picture of the page.
      flushSync(() => setCopy(answer.copy));
      viaButton.current = true;
      return true;
    } catch (error) {
      if (!(isApiError(error) && error.handled)) setFailure(error);
      return false;
    }
  };

  const frame = receipt.frame ?? {
    organization: { name: me?.organization.name ?? '', timeZone: me?.organization.timeZone ?? 'UTC' },
    setting: null,
  };
  return (
    <PrintShell
      title={`${title} ${receipt.number} · ${receipt.patient.name}`}
      papers={RECEIPT_PAPERS}
      paper={paper}
      onPaper={(next) => onPaper(next === 'A5' ? 'A5' : '80mm')}
      entry={null}
      onPrint={onPrint}
      notice={
        failure !== null ? (
          <Alert color="red" role="alert" mb="sm" data-testid="receipt-count-failed">
            {t('billingDesk.receipt.countFailed', { message: errorMessage(translate, failure) })}
          </Alert>
        ) : undefined
      }
    >
      <PrintFrame frame={frame} paper={paper} title={title}>
        <ReceiptSheet receipt={receipt} copy={copy} paper={paper} lang={lang} />
      </PrintFrame>
    </PrintShell>
  );
}
