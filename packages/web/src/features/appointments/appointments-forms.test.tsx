import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REMINDER_TEXT,
  DEFAULT_SLOT_MINUTES,
  type AppointmentSettings,
  type Booking,
  type DoctorHours,
} from '@basira/shared/appointments/appointments.schemas';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { storeSession } from '../../lib/storage.ts';
import { clinicUser } from '../../test/render-with-clinic.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { BookingDialog } from './booking-dialog.tsx';
import { MoveForm } from './booking-drawer.tsx';
import { DuePage } from './due-page.tsx';
import { AttendanceReportPage } from './report-page.tsx';
import { AppointmentSettingsPage } from './settings-page.tsx';

type Answer = { status?: number; body: unknown } | undefined;
type Call = { method: string; url: string; body: unknown };

const PERMISSIONS = ['show appointments', 'book appointments', 'manage appointment hours'];

/** Renders a screen at `url` of a Baghdad clinic; `answer` stands for the API (404 when it returns nothing). */
function renderAt(element: ReactElement, url: string, answer: (method: string, url: string) => Answer) {
  const me = clinicUser(PERMISSIONS);
  storeSession('test-token', me);
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const full = String(input);
      const address = full.slice(full.indexOf('/api/') + 5);
      const method = init?.method ?? 'GET';
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
      if (method === 'GET' && address === 'me') return json({ data: me });
      calls.push({
        method,
        url: address,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const found = answer(method, address);
      return found ? json(found.body, found.status ?? 200) : json({ message: 'nf', code: 'not_found' }, 404);
    }),
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </Providers>,
  );
  return { calls, router, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** The field error shown under an input (a toast may say the same). */
const fieldError = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.mantine-InputWrapper-error')].find(
      (el) => el.textContent === text,
    );
    expect(found).toBeDefined();
    return found!;
  });

/** A 422 with field errors, as the server sends it. */
const invalid = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { message: 'The given data was invalid.', code: 'validation', errors },
});

const DOCTORS = { body: { data: [{ id: 2, name: 'Dr Salim' }] } };
const settings: AppointmentSettings = {
  closedWeekdays: [5],
  slotMinutes: { ...DEFAULT_SLOT_MINUTES },
  defaultSlotMinutes: 15,
  noShowAfterMinutes: 120,
  remindersEnabled: true,
  reminderTextAr: DEFAULT_REMINDER_TEXT.ar,
  reminderTextEn: DEFAULT_REMINDER_TEXT.en,
  version: 3,
};

const booking: Booking = {
  id: 7,
  patient: { id: 3, name: 'Ali Hassan', fileNumber: 12, phone: '+9647701234567' },
  doctorId: 2,
  start: '2099-12-06T06:30:00.000Z',
  minutes: 20,
  examTypes: ['Lasik'],
  note: null,
  statusId: 0,
  overbooked: false,
  isRewaiting: false,
  arrivedAt: null,
  reply: null,
  version: 4,
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the booking dialog', () => {
  it('asks for the doctor and the time before sending anything', async () => {
    const { writes } = renderAt(
      <BookingDialog opened onClose={() => {}} prefill={{ patient: { id: 3, name: 'Ali Hassan' } }} />,
      '/',
      (_m, url) => (url === 'appointments/settings' ? { body: { data: settings } } : undefined),
    );
    await userEvent.click(await screen.findByTestId('booking-submit'));
    expect(await screen.findByText('Choose the doctor.')).toBeInTheDocument();
    expect(screen.getByText('Enter the time.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("sends the shared contract's body, and puts a 422 on the time field", async () => {
    const { writes } = renderAt(
      <BookingDialog
        opened
        onClose={() => {}}
        prefill={{ patient: { id: 3, name: 'Ali Hassan' }, doctorId: 2, day: '2099-12-06', time: '09:30' }}
      />,
      '/',
      (method, url) => {
        if (url === 'mo/queue/doctors') return DOCTORS;
        if (url === 'appointments/settings') return { body: { data: settings } };
        if (url.startsWith('appointments/free-slots'))
          return { body: { data: { doctorId: 2, minutes: 45, slots: [] } } };
        if (method === 'POST' && url === 'appointments') return invalid({ start: ['start.outside_hours'] });
        return undefined;
      },
    );
    const dialog = await screen.findByTestId('booking-dialog');
    await userEvent.click(await within(document.body).findByText('Lasik'));
    await userEvent.type(screen.getByTestId('booking-note'), '  first visit  ');
    await waitFor(() => expect(screen.getByTestId('booking-minutes')).toHaveValue('45'));
    await userEvent.click(screen.getByTestId('booking-submit'));
    expect(await fieldError('The time is outside the doctor’s working hours.')).toHaveClass(
      'mantine-TimePicker-error',
    );
    expect(dialog).toBeInTheDocument();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: 'appointments',
        body: {
          patientId: 3,
          doctorId: 2,
          // 09:30 on the clinic's clock (Baghdad, UTC+3).
          start: '2099-12-06T09:30:00+03:00',
          minutes: 45,
          examTypes: ['Lasik'],
          note: 'first visit',
          overbook: false,
        },
      },
    ]);
  });
});

describe("the drawer's move form", () => {
  it('moves with the version read, and shows a refusal on its field', async () => {
    const { writes } = renderAt(<MoveForm booking={booking} onMoved={() => {}} />, '/', (method, url) => {
      if (url === 'mo/queue/doctors') return DOCTORS;
      if (method === 'POST' && url === 'appointments/7/move') return invalid({ start: ['start.closed_day'] });
      return undefined;
    });
    const minutes = await screen.findByTestId('move-minutes');
    await userEvent.clear(minutes);
    await userEvent.click(screen.getByTestId('move-submit'));
    expect(await screen.findByText('Enter the length.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await userEvent.type(minutes, '30');
    await userEvent.click(screen.getByTestId('move-submit'));
    expect(await fieldError('The clinic is closed that day.')).toHaveClass('mantine-TimePicker-error');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: 'appointments/7/move',
        body: { start: '2099-12-06T09:30:00+03:00', minutes: 30, doctorId: 2, overbook: false, version: 4 },
      },
    ]);
  });
});

describe('the settings page', () => {
  const empty = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  const hours: DoctorHours[] = [
    {
      doctor: { id: 2, name: 'Dr Salim' },
      week: { ...empty, 6: [{ start: '09:00', end: '13:00' }] },
      version: 5,
      updatedAt: null,
    },
  ];
  const answer =
    (write: (method: string, url: string) => Answer) =>
    (method: string, url: string): Answer => {
      if (method === 'GET' && url === 'appointments/settings') return { body: { data: settings } };
      if (method === 'GET' && url === 'appointments/hours') return { body: { data: hours } };
      if (method === 'GET' && url.startsWith('appointments/closures')) return { body: { data: [] } };
      if (method === 'GET' && url.startsWith('appointments/holidays')) return { body: { data: [] } };
      return write(method, url);
    };

  it("saves the settings as the contract reads them, and shows a 422 on the reason's length", async () => {
    const { writes } = renderAt(
      <AppointmentSettingsPage />,
      '/',
      answer((method, url) =>
        method === 'PUT' && url === 'appointments/settings'
          ? invalid({ 'slotMinutes.Lasik': ['Lasik.step'] })
          : undefined,
      ),
    );
    const lasik = await screen.findByTestId('slot-minutes-Lasik');
    await userEvent.clear(lasik);
    await userEvent.type(lasik, '50');
    await userEvent.click(screen.getByTestId('closed-weekday-4'));
    await userEvent.click(screen.getByTestId('settings-save'));
    const general = screen.getByTestId('appointment-settings');
    expect(general).toContainElement(await fieldError('Lengths are on a 5-minute grid.'));
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: 'appointments/settings',
        body: {
          closedWeekdays: [4, 5],
          slotMinutes: { ...DEFAULT_SLOT_MINUTES, Lasik: 50 },
          defaultSlotMinutes: 15,
          noShowAfterMinutes: 120,
          remindersEnabled: true,
          reminderTextAr: DEFAULT_REMINDER_TEXT.ar,
          reminderTextEn: DEFAULT_REMINDER_TEXT.en,
          version: 3,
        },
      },
    ]);
  });

  it('refuses a blank reminder and a blank no-show delay on their fields without sending', async () => {
    const { writes } = renderAt(
      <AppointmentSettingsPage />,
      '/',
      answer(() => undefined),
    );
    await userEvent.clear(await screen.findByTestId('noshow-after'));
    await userEvent.clear(screen.getByTestId('reminder-text-en'));
    await userEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Write the reminder’s English text.')).toBeInTheDocument();
    expect(screen.getByText('Enter the minutes.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("checks a doctor's week on the screen, sends it with the version read, and shows an overlap on its day", async () => {
    const { writes } = renderAt(
      <AppointmentSettingsPage />,
      '/',
      answer((method, url) =>
        method === 'PUT' && url === 'appointments/hours/2'
          ? invalid({ 'week.6': ['sessions.overlap'] })
          : undefined,
      ),
    );
    const saturday = await screen.findByTestId('hours-day-6');
    // A second session from 13:00 to 18:00, then a third from 18:00 to 18:00: refused on the screen.
    await userEvent.click(within(saturday).getByTestId('hours-add-6'));
    await userEvent.click(within(saturday).getByTestId('hours-add-6'));
    await userEvent.click(screen.getByTestId('hours-save'));
    expect(await fieldError('The end must come after the start.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    const removes = within(saturday).getAllByRole('button', { name: 'Remove these hours' });
    await userEvent.click(removes[2]!);
    await userEvent.click(screen.getByTestId('hours-save'));
    expect(await screen.findByTestId('hours-day-error-6')).toHaveTextContent(
      'Two sessions of this day overlap.',
    );
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: 'appointments/hours/2',
        body: {
          week: {
            ...empty,
            6: [
              { start: '09:00', end: '13:00' },
              { start: '13:00', end: '18:00' },
            ],
          },
          version: 5,
        },
      },
    ]);
  });

  it("asks for a closure's name, then adds it as the clinic's own", async () => {
    const { writes } = renderAt(
      <AppointmentSettingsPage />,
      '/',
      answer((method, url) =>
        method === 'POST' && url === 'appointments/closures'
          ? {
              status: 201,
              body: { data: { id: 1, day: '2026-12-20', name: 'Maintenance', kind: 'closure' } },
            }
          : undefined,
      ),
    );
    await userEvent.click(await screen.findByTestId('closure-add'));
    expect(await screen.findByText('The name field is required.')).toBeInTheDocument();
    expect(writes()).toEqual([]);
    await userEvent.type(screen.getByTestId('closure-name'), ' Maintenance ');
    await userEvent.click(screen.getByTestId('closure-add'));
    await waitFor(() => expect(screen.getByTestId('closure-name')).toHaveValue(''));
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: 'appointments/closures',
        body: {
          day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
          name: 'Maintenance',
          kind: 'closure',
        },
      },
    ]);
  });
});

describe('the due list', () => {
  const due = (entries: (Booking & { overdueDays: number })[]) => ({
    body: { data: { day: '2026-12-10', entries } },
  });

  it('narrows to the doctor in the address, and counts what it shows', async () => {
    renderAt(<DuePage />, '/appointments/due?doctor=3', (_m, url) => {
      if (url === 'mo/queue/doctors')
        return {
          body: {
            data: [
              { id: 2, name: 'Dr Salim' },
              { id: 3, name: 'Dr Sara' },
            ],
          },
        };
      if (url === 'appointments/due')
        return due([
          { ...booking, overdueDays: 2 },
          { ...booking, id: 8, doctorId: 3, patient: { ...booking.patient, name: 'Huda' }, overdueDays: 0 },
        ]);
      return undefined;
    });
    const rows = await screen.findAllByTestId('due-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Huda');
    expect(screen.getByTestId('due-count')).toHaveTextContent('1 due');
    expect(await screen.findByTestId('due-doctor-filter')).toHaveValue('Dr Sara');
  });

  it('says so when nobody is due', async () => {
    renderAt(<DuePage />, '/appointments/due', (_m, url) =>
      url === 'appointments/due' ? due([]) : undefined,
    );
    expect(await screen.findByTestId('due-empty')).toHaveTextContent('Nobody is due or overdue.');
  });
});

describe('the attendance report', () => {
  it('reads the days from the address, and totals the rows', async () => {
    const { calls } = renderAt(
      <AttendanceReportPage />,
      '/appointments/report?from=2026-11-01&to=2026-11-30',
      (_m, url) =>
        url.startsWith('appointments/reports/attendance')
          ? {
              body: {
                data: {
                  from: '2026-11-01',
                  to: '2026-11-30',
                  rows: [
                    {
                      doctor: { id: 2, name: 'Dr Salim' },
                      reason: 'Lasik',
                      booked: 4,
                      arrived: 3,
                      noShow: 1,
                      canceled: 0,
                    },
                    { doctor: null, reason: null, booked: 6, arrived: 3, noShow: 0, canceled: 2 },
                  ],
                },
              },
            }
          : undefined,
    );
    const table = await screen.findByTestId('attendance-report-table');
    expect(await within(table).findByText('Dr Salim')).toBeInTheDocument();
    expect(within(table).getByText('No doctor')).toBeInTheDocument();
    const total = screen.getByTestId('attendance-report-total');
    expect(total).toHaveTextContent('10');
    expect(total).toHaveTextContent('(60%)');
    expect(calls.some((c) => c.url === 'appointments/reports/attendance?from=2026-11-01&to=2026-11-30')).toBe(
      true,
    );
  });

  it('says so when nothing was booked', async () => {
    renderAt(<AttendanceReportPage />, '/appointments/report?from=2026-11-01&to=2026-10-01', (_m, url) =>
      url.startsWith('appointments/reports/attendance')
        ? { body: { data: { from: '2026-11-01', to: '2026-11-01', rows: [] } } }
        : undefined,
    );
    expect(await screen.findByTestId('attendance-report-empty')).toBeInTheDocument();
  });
});
