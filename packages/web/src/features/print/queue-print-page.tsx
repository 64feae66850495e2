import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useParams } from 'react-router';
import type { PrintPaper, QueuePrint } from '@basira/shared/print/printing.schemas';
import { useFormatters } from '../../lib/format.ts';
import { PrintFrame } from './print-frame.tsx';
import { PrintNotReady, routeId } from './print-page-state.tsx';
import { PrintShell } from './print-shell.tsx';
import { ticketPrintQuery } from './print.queries.ts';

const TICKET_PAPERS: readonly PrintPaper[] = ['80mm', 'A5'];

/** The day's ticket: the clinic, the day's number very large, the patient, the file number, the time. */
function TicketBody({ ticket }: { ticket: QueuePrint['ticket'] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="print-ticket" data-testid="queue-ticket">
      <div className="print-label">{t('queue.ticket.number')}</div>
      <div className="print-ticket-number" data-testid="ticket-number">
        {ticket.ticketNumber}
      </div>
      <div>{format.date(ticket.ticketDay)}</div>
      <div className="print-ticket-name" data-testid="ticket-patient">
        {ticket.patient.name}
      </div>
      <div>{t('patients.fileNumberShort', { number: ticket.patient.fileNumber })}</div>
      {ticket.examTypes.length > 0 && (
        <div>
          {ticket.examTypes.map((type) => t(`queue.examTypes.${type}`)).join(t('common.listSeparator'))}
        </div>
      )}
      {ticket.doctor && <div>{t('queue.ticket.doctor', { name: ticket.doctor.name })}</div>}
      <div className="print-label">{format.dateTime(ticket.date)}</div>
    </div>
  );
}

/** `/print/queue/:id` (`print squint`): the queue ticket on an 80 mm receipt roll or an A5 sheet. */
export function QueuePrintPage() {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const ticket = useQuery({ ...ticketPrintQuery(id ?? 0), enabled: id !== null });
  const [paper, setPaper] = useState<PrintPaper>('80mm');

  if (id === null || ticket.error || !ticket.data)
    return <PrintNotReady failed={id === null || !!ticket.error} error={ticket.error} />;
  const { ticket: data, ...frame } = ticket.data;
  const title = t('print.titles.queue');
  return (
    <PrintShell
      title={`${title} ${data.ticketNumber} · ${data.patient.name}`}
      papers={TICKET_PAPERS}
      paper={paper}
      onPaper={setPaper}
      entry={{ type: 'queue', id: data.id }}
    >
      <PrintFrame frame={frame} paper={paper} title={title}>
        <TicketBody ticket={data} />
      </PrintFrame>
    </PrintShell>
  );
}
