import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Book, Booking } from '@basira/shared/appointments/appointments.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { storeSession } from '../../lib/storage.ts';
import { initEnglish } from '../../test/i18n.ts';
import { BookPage } from './book-page.tsx';
import { DuePage } from './due-page.tsx';

type Answer = { status?: number; body: unknown } | undefined;

function renderAt(
  element: ReactElement,
  path: string,
  url: string,
  answer: (m: string, u: string) => Answer,
) {
  const me = {
    id: 1,
    name: 'Rana',
    email: 'rana@example.com',
    username: 'rana',
    isActive: true,
    isDoctor: false,
    mustChangePassword: false,
    roles: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    permissions: ['show appointments', 'book appointments'],
    organization: { id: 1, slug: 'default', name: 'Clinic', timeZone: 'Asia/Baghdad' },
    session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00Z' },
  };
  storeSession('test-token', me as never);
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const full = String(input);
    const address = full.slice(full.indexOf('/api/') + 5);
    const method = init?.method ?? 'GET';
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
    if (method === 'GET' && address === 'me') return json({ data: me });
    const found = answer(method, address);
    return found ? json(found.body, found.status ?? 200) : json({ message: 'nf', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </Providers>,
  );
  return fetchMock;
}

const booking: Booking = {
  id: 7,
  patient: { id: 3, name: 'Ali Hassan', fileNumber: 12, phone: '+9647701234567' },
  doctorId: 2,
  start: '2026-12-06T06:30:00.000Z',
  minutes: 20,
  examTypes: ['Lasik'],
  note: null,
  statusId: 0,
  overbooked: true,
  isRewaiting: false,
  arrivedAt: null,
  reply: 'confirmed',
  version: 1,
};
const empty = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
const book: Book = {
  from: '2026-12-06',
  to: '2026-12-06',
  closures: [],
  closedWeekdays: [5],
  hours: [
    {
      doctor: { id: 2, name: 'Dr Salim' },
      week: { ...empty, 0: [{ start: '09:00', end: '13:00' }] },
      version: 2,
      updatedAt: null,
    },
  ],
  bookings: [booking],
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the book', () => {
  it('shows a day of each doctor with the bookings, and arrives one from its drawer', async () => {
    const entry = { ticketNumber: 4 };
    const fetchMock = renderAt(
      <BookPage />,
      '/appointments',
      '/appointments?day=2026-12-06',
      (method, url) => {
        if (url === 'mo/queue/doctors') return { body: { data: [{ id: 2, name: 'Dr Salim' }] } };
        if (url.startsWith('appointments?')) return { body: { data: book } };
        if (url === 'appointments/7') return { body: { data: { booking, entry: detailEntry(), moves: [] } } };
        if (method === 'POST' && url === 'mo/queue/arrived/7')
          return {
            body: {
              data: { ...detailEntry(), ...entry, status: { id: 1, name: 'Waiting', color: 'orange' } },
            },
          };
        return undefined;
      },
    );
    const event = await waitFor(() => {
      const found = document.querySelector('[data-booking-id="7"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(event).toHaveTextContent('Ali Hassan');
    expect(event).toHaveTextContent('Overbooked');
    expect(screen.getAllByText('Dr Salim').length).toBeGreaterThan(0);
    await userEvent.click(event);
    const drawer = await screen.findByTestId('booking-drawer');
    expect(await within(drawer).findByText(/File 12/)).toBeInTheDocument();
    await userEvent.click(await within(drawer).findByTestId('booking-arrive'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u).endsWith('/api/mo/queue/arrived/7') && i?.method === 'POST',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('In the queue, ticket 4')).toBeInTheDocument();
  });
});

describe('the due list', () => {
  it('says how overdue each is, with a call link', async () => {
    renderAt(<DuePage />, '/appointments/due', '/appointments/due', (_m, url) =>
      url === 'appointments/due'
        ? {
            body: {
              data: {
                day: '2026-12-10',
                entries: [
                  { ...booking, overdueDays: 4 },
                  { ...booking, id: 8, overdueDays: 1 },
                  { ...booking, id: 9, overdueDays: 0 },
                ],
              },
            },
          }
        : undefined,
    );
    const ages = await screen.findAllByTestId('due-age');
    expect(ages.map((a) => a.textContent)).toEqual(['overdue 4 days', 'overdue 1 day', 'due today']);
    expect(screen.getAllByTestId('due-call')[0]).toHaveAttribute('href', 'tel:+9647701234567');
  });
});

function detailEntry() {
  return {
    id: 7,
    patientId: 3,
    patient: {
      id: 3,
      fileNumber: 12,
      name: 'Ali Hassan',
      phone: '+9647701234567',
      birthDate: '1990-01-01',
      age: 36,
      isMale: 1,
      hasAlerts: false,
      lastQueueAt: null,
    },
    ticketNumber: null,
    ticketDay: null,
    isVisitDate: 0,
    date: booking.start,
    note: null,
    isRewaiting: 0,
    status: { id: 0, name: 'Booked', color: 'violet' },
    examTypes: ['Lasik'],
    doctor: { id: 2, name: 'Dr Salim' },
    statusSince: booking.start,
    waitingSince: null,
    slotMinutes: 20,
    overbooked: 1,
    arrivedAt: null,
    version: 1,
    createdAt: booking.start,
    updatedAt: booking.start,
  };
}
