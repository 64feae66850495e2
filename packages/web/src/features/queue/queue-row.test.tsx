import { fireEvent, screen, within } from '@testing-library/react';
import { Table } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { initEnglish } from '../../test/i18n.ts';
import { queueEntry } from '../../test/queue-entry-fixture.ts';
import { renderWithClinic } from '../../test/render-with-clinic.tsx';
import { QueueRow } from './queue-row.tsx';

const NOW = Date.parse('2026-12-05T08:00:00Z'); // 11:00 in Baghdad
const RECEPTION = ['add queue', 'edit queue', 'show queues', 'cancel board', 'book appointments'];

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderRow(entry: QueueEntry, permissions = RECEPTION) {
  const onMove = vi.fn();
  renderWithClinic(
    <MemoryRouter>
      <Table>
        <Table.Tbody>
          <QueueRow
            entry={entry}
            now={NOW}
            permissions={permissions}
            pending={false}
            onMove={onMove}
            onEdit={vi.fn()}
          />
        </Table.Tbody>
      </Table>
    </MemoryRouter>,
    permissions,
  );
  return { row: screen.getByTestId('queue-row'), onMove };
}

describe('a queue row of the appointment book', () => {
  it('shows an arrived booking’s booked time beside its wait', () => {
    const { row } = renderRow(
      queueEntry({
        statusId: 1,
        slotMinutes: 15,
        arrivedAt: '2026-12-05T07:20:00Z',
        waitingSince: '2026-12-05T07:20:00Z',
      }),
    );
    expect(within(row).getByTestId('queue-row-booked-time')).toHaveTextContent('booked 10:30');
    expect(within(row).getByText('40 min')).toBeInTheDocument();
  });

  it('shows a booking of today without a ticket, arrives it in one click, and links its day in the book', () => {
    const { row, onMove } = renderRow(queueEntry({ statusId: 0 }));
    expect(row).toHaveAttribute('data-status', 'Booked');
    expect(within(row).getByTestId('queue-row-no-ticket')).toHaveTextContent('booked 10:30');
    fireEvent.click(within(row).getByTestId('queue-arrive'));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), 'arrive');
    expect(within(row).getByTestId('queue-to-book')).toHaveAttribute('href', '/appointments?day=2026-12-05');
  });

  it('offers no arrival for a later day, and says "recall" for a recall', () => {
    const { row } = renderRow(queueEntry({ statusId: 0, slotMinutes: null, date: '2026-12-09T06:00:00Z' }));
    expect(row).toHaveAttribute('data-recall', '1');
    expect(within(row).getByTestId('queue-row-no-ticket')).toHaveTextContent('recall');
    expect(within(row).queryByTestId('queue-arrive')).not.toBeInTheDocument();
    expect(within(row).getByTestId('queue-to-book')).toHaveAttribute('href', '/appointments?day=2026-12-09');
  });

  it('keeps the book’s link and Arrive from who may not book', () => {
    const { row } = renderRow(queueEntry({ statusId: 0 }), ['show queues', 'cancel board']);
    expect(within(row).queryByTestId('queue-arrive')).not.toBeInTheDocument();
    expect(within(row).queryByTestId('queue-to-book')).not.toBeInTheDocument();
  });
});
