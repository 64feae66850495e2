import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { PatientFormModal } from './patient-form-modal.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(
  readFileSync(path.resolve(here, '../../../public/src/locales/en.json'), 'utf8'),
) as Record<string, Record<string, unknown>>;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

const COUNTRIES = [
  { id: 105, prefix: 'IQ', icon: '', name: 'Iraq', arabicName: 'العراق', phoneCode: '+964' },
  { id: 111, prefix: 'JO', icon: '', name: 'Jordan', arabicName: 'الأردن', phoneCode: '+962' },
];

const fetchMock = vi.fn<typeof fetch>();
let duplicates: unknown[] = [];

beforeAll(async () => {
  await initEnglish();
});

beforeEach(() => {
  duplicates = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes('/mo/country')) return json({ data: COUNTRIES });
    if (url.includes('/mo/patient/duplicates')) return json({ data: duplicates });
    if (url.endsWith('/mo/patient') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return json(
        {
          data: {
            id: 1,
            fileNumber: 7,
            name: body.name,
            countryId: 105,
            country: COUNTRIES[0],
            phone: '+9647701234567',
            phone2: null,
            birthDate: '1996-03-01',
            birthDateApproximate: true,
            age: 30,
            isMale: body.isMale,
            nationalId: null,
            address: null,
            occupation: null,
            referralSource: null,
            guardianName: null,
            guardianPhone: null,
            alerts: { allergies: [], conditions: [], other: null },
            hasAlerts: false,
            notes: null,
            lastQueueAt: null,
            deletedAt: null,
            mergedIntoId: null,
            version: 1,
            createdAt: '2026-03-01T09:00:00Z',
            updatedAt: '2026-03-01T09:00:00Z',
          },
        },
        201,
      );
    }
    return json({ message: 'not found', code: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderForm(onSaved = vi.fn()) {
  render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <PatientFormModal opened patient={null} onClose={() => {}} onSaved={onSaved} />
        </ModalsProvider>
      </QueryClientProvider>
    </Providers>,
  );
  return onSaved;
}

// The whole form typed as a person types it (user-event): slow where the machine is loaded, as CI's often is.
describe('the patient form', { timeout: 30_000 }, () => {
  it('takes an age or a birth date and shows what the other one means', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByTestId('patient-age'), '34');
    expect(await screen.findByText(/^≈ born in \d{4}/)).toBeInTheDocument();

    await user.click(screen.getByText(text('patients.byBirthDate')));
    const date = screen.getByTestId('patient-birth-date');
    await user.type(date, '7/3/2015');
    fireEvent.blur(date);
    expect(await screen.findByText(/^\d+ years$/)).toBeInTheDocument();
  });

  it('spaces the phone as it is typed and confirms a complete number', async () => {
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const phone = screen.getByTestId('patient-phone');
    await user.type(phone, '07701234567');
    expect(phone).toHaveValue('0770 123 4567');
    expect(screen.getByText('+964 770 123 4567')).toBeInTheDocument();
  });

  it('asks for the sex explicitly, then warns about a possible duplicate without blocking', async () => {
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.type(screen.getByTestId('patient-name'), 'Huda Ali');
    await user.type(screen.getByTestId('patient-age'), '30');
    await user.type(screen.getByTestId('patient-phone'), '07701234567');
    await user.click(screen.getByTestId('patient-submit'));
    expect(await screen.findByText(text('validation.isMale.required'))).toBeInTheDocument();

    duplicates = [
      {
        id: 3,
        fileNumber: 3,
        name: 'Huda Ali',
        phone: '+9647701234567',
        birthDate: '1996-01-01',
        age: 30,
        isMale: 0,
        hasAlerts: false,
        lastQueueAt: null,
        reasons: ['phone'],
      },
    ];
    await user.click(screen.getByLabelText(text('patients.female')));
    await user.click(screen.getByTestId('patient-submit'));
    expect(await screen.findByTestId('duplicate-candidate')).toHaveTextContent('Huda Ali');
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);
    const checks = () =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/duplicates'));
    // An age is checked as an approximate birth date (the server then allows a year either side).
    expect(checks()).toHaveLength(1);
    expect(checks()[0]).toContain('birthDateApproximate=1');

    // Changing a checked field withdraws the warning; the next save checks again.
    await user.clear(screen.getByTestId('patient-age'));
    await user.type(screen.getByTestId('patient-age'), '31');
    expect(screen.queryByTestId('duplicate-candidate')).toBeNull();
    await user.click(screen.getByTestId('patient-submit'));
    expect(await screen.findByTestId('duplicate-candidate')).toBeInTheDocument();
    expect(checks()).toHaveLength(2);
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: text('patients.saveAnyway') }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({
      name: 'Huda Ali',
      isMale: 0,
      age: 31,
      phone: '0770 123 4567',
      countryId: 105,
    });
  });

  it('saves on the default country before the list of countries has arrived', async () => {
    const answers = fetchMock.getMockImplementation()!;
    // The country list is still on its way (a busy server): the form must not refuse Iraq as unknown.
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/mo/country') ? new Promise<Response>(() => {}) : answers(input, init),
    );
    const user = userEvent.setup();
    const onSaved = renderForm();
    await user.type(screen.getByTestId('patient-name'), 'Huda Ali');
    await user.click(screen.getByLabelText(text('patients.female')));
    await user.type(screen.getByTestId('patient-age'), '30');
    await user.type(screen.getByTestId('patient-phone'), '07701234567');
    await user.click(screen.getByTestId('patient-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toMatchObject({ countryId: 105, phone: '0770 123 4567' });
  });
});
