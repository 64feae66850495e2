import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglish } from '../../test/i18n.ts';
import { queueEntry } from '../../test/queue-entry-fixture.ts';
import { renderWithClinic } from '../../test/render-with-clinic.tsx';
import { BookedTodayDialog } from './booked-today-dialog.tsx';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('queueing a patient with a booking today (409 queue.booked_today)', () => {
  it('offers to arrive the booking, to open a second visit, or to cancel', async () => {
    const booking = queueEntry({ statusId: 0 });
    const onArrive = vi.fn();
    const onSecondVisit = vi.fn();
    const onClose = vi.fn();
    renderWithClinic(
      <BookedTodayDialog
        booking={booking}
        pending={false}
        onArrive={onArrive}
        onSecondVisit={onSecondVisit}
        onClose={onClose}
      />,
    );
    const text = await screen.findByTestId('booked-today-text');
    expect(text).toHaveTextContent('This patient has a booking today at 10:30 with Dr Salim.');
    expect(text.querySelector('bdi[dir="ltr"]')).toHaveTextContent('10:30');
    fireEvent.click(screen.getByTestId('booked-today-arrive'));
    expect(onArrive).toHaveBeenCalledWith(booking);
    fireEvent.click(screen.getByTestId('booked-today-second'));
    expect(onSecondVisit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('booked-today-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('words a recall due today without a time, with any doctor', async () => {
    renderWithClinic(
      <BookedTodayDialog
        booking={queueEntry({ statusId: 0, slotMinutes: null, doctor: null })}
        pending={false}
        onArrive={vi.fn()}
        onSecondVisit={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByTestId('booked-today-text')).toHaveTextContent(
      'This patient has a recall due today with any doctor.',
    );
  });
});
