import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QueueTicket } from '@basira/shared/queue/queue.schemas';
import { IconPrinter } from '../../components/icons.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { ticketQuery } from './queue.queries.ts';
import './queue-ticket.css';

function Ticket({ ticket }: { ticket: QueueTicket }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="queue-ticket" data-testid="queue-ticket">
      <Text fw={700}>{ticket.organization.name}</Text>
      <Text size="sm">{t('queue.ticket.number')}</Text>
      <div className="queue-ticket-number" data-testid="ticket-number">
        {ticket.ticketNumber}
      </div>
      <Text size="sm">{format.date(ticket.ticketDay)}</Text>
      <Text fw={600} mt={6}>
        {ticket.patient.name}
      </Text>
      <Text size="sm">{t('patients.fileNumberShort', { number: ticket.patient.fileNumber })}</Text>
      {ticket.examTypes.length > 0 && (
        <Text size="sm">
          {ticket.examTypes.map((type) => t(`queue.examTypes.${type}`)).join(t('common.listSeparator'))}
        </Text>
      )}
      {ticket.doctor && <Text size="sm">{t('queue.ticket.doctor', { name: ticket.doctor.name })}</Text>}
      <Text size="xs" mt={6}>
        {format.dateTime(ticket.date)}
      </Text>
    </div>
  );
}

/** The day's ticket of a queue entry (`print squint`): a preview, and only the ticket on paper. */
export function TicketPrintModal({ queueId, onClose }: { queueId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const ticket = useQuery({ ...ticketQuery(queueId ?? 0), enabled: queueId !== null });
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!printing) return;
    document.body.classList.add('printing-ticket');
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    // The print root is in the document now: print it.
    window.print();
    const fallback = window.setTimeout(done, 1_000);
    return () => {
      window.removeEventListener('afterprint', done);
      window.clearTimeout(fallback);
      document.body.classList.remove('printing-ticket');
    };
  }, [printing]);

  return (
    <Modal
      opened={queueId !== null}
      onClose={onClose}
      title={t('queue.ticket.title')}
      size="sm"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="ticket-modal"
    >
      <Stack gap="md">
        {ticket.isPending && !ticket.error && <Loader mx="auto" aria-label={t('common.loading')} />}
        {ticket.error && <Alert color="red">{errorMessage(translate, ticket.error)}</Alert>}
        {ticket.data && <Ticket ticket={ticket.data} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            leftSection={<IconPrinter />}
            disabled={!ticket.data}
            onClick={() => setPrinting(true)}
            data-autofocus
            data-testid="ticket-print"
          >
            {t('queue.ticket.print')}
          </Button>
        </Group>
      </Stack>
      {printing &&
        ticket.data &&
        createPortal(
          <div className="ticket-print-root">
            <Ticket ticket={ticket.data} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
