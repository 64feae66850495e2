import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUEUE_STATUS_IDS, queueStatus } from '@basira/shared/queue/queue-states';
import { initEnglish, textsOf } from '../test/i18n.ts';
import { queueEntry } from '../test/queue-entry-fixture.ts';
import { renderWithClinic } from '../test/render-with-clinic.tsx';
import { STATUS_COLOR, StatusBadge, TicketText, VisitStatusBadge } from './status-badge.tsx';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the status badge (six statuses: Booked and NoShow of the appointment book)', () => {
  it('has a colour and a name in both languages for every status', () => {
    expect(STATUS_COLOR[0]).toBe('violet');
    expect(STATUS_COLOR[5]).toBe('gray');
    for (const lang of ['ar', 'en'] as const) {
      const names = (textsOf(lang).queue as { status: Record<string, string> }).status;
      for (const id of QUEUE_STATUS_IDS) {
        expect(STATUS_COLOR[id]).toBeTruthy();
        expect(names[queueStatus(id).name], `${lang} ${queueStatus(id).name}`).toBeTruthy();
      }
    }
  });

  it('names Booked and No-show', () => {
    renderWithClinic(
      <>
        <StatusBadge status={queueStatus(0)} />
        <StatusBadge status={queueStatus(5)} />
      </>,
    );
    const [booked, noShow] = screen.getAllByTestId('status-badge');
    expect(booked).toHaveTextContent('Booked');
    expect(booked).toHaveAttribute('data-status', 'Booked');
    expect(noShow).toHaveTextContent('No-show');
    expect(noShow).toHaveAttribute('data-status', 'NoShow');
  });

  it('says when a booking is, and a recall its day only', () => {
    renderWithClinic(
      <>
        <VisitStatusBadge entry={queueEntry({ statusId: 0, date: '2026-12-09T07:30:00Z' })} />
        <VisitStatusBadge
          entry={queueEntry({ statusId: 0, slotMinutes: null, date: '2026-12-09T06:00:00Z' })}
        />
        <VisitStatusBadge entry={queueEntry({ statusId: 1 })} />
      </>,
    );
    const [booking, recall, waiting] = screen.getAllByTestId('status-badge');
    expect(booking).toHaveTextContent('Booked for 9 Dec 2026, 10:30');
    expect(booking).toHaveAttribute('data-recall', '0');
    expect(recall).toHaveTextContent('Recall on 9 Dec 2026');
    expect(recall).toHaveAttribute('data-recall', '1');
    expect(waiting).toHaveTextContent('Waiting');
  });
});

describe('where a ticket would be', () => {
  it('shows the ticket, else the booked time, "recall" or a dash', () => {
    renderWithClinic(
      <ul>
        <li data-testid="t1">
          <TicketText entry={queueEntry({ statusId: 1 })} />
        </li>
        <li data-testid="t2">
          <TicketText entry={queueEntry({ statusId: 0 })} />
        </li>
        <li data-testid="t3">
          <TicketText entry={queueEntry({ statusId: 0, slotMinutes: null })} />
        </li>
        <li data-testid="t4">
          <TicketText entry={queueEntry({ statusId: 5 })} />
        </li>
      </ul>,
    );
    expect(screen.getByTestId('t1')).toHaveTextContent(/^4$/);
    expect(screen.getByTestId('t2')).toHaveTextContent('booked 10:30');
    // The time is an LTR run inside Arabic text.
    expect(screen.getByTestId('t2').querySelector('bdi[dir="ltr"]')).toHaveTextContent('10:30');
    expect(screen.getByTestId('t3')).toHaveTextContent('recall');
    expect(screen.getByTestId('t4')).toHaveTextContent('—');
  });
});
