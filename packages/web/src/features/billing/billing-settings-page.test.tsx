import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initEnglish } from '../../test/i18n.ts';
import { ALL_SERVICES, BillingSettingsPage, shareChecks } from './billing-settings-page.tsx';
import { postsTo, renderScreen } from './billing-test-kit.tsx';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const settings = {
  freeReturnDays: 10,
  discountLimits: [
    { roleId: 2, roleName: 'Reception', percent: 10 },
    { roleId: 4, roleName: 'Cashiers', percent: 0 },
  ],
  version: 3,
};
const shares = [
  { doctor: { id: 7, name: 'Dr Salim' }, serviceId: null, percent: 40 },
  { doctor: { id: 7, name: 'Dr Salim' }, serviceId: 2, percent: 60 },
];

function renderSettings() {
  return renderScreen(<BillingSettingsPage />, {
    path: '/billing/settings',
    permissions: ['manage prices'],
    answer: (method, url, body) => {
      if (method === 'GET' && url === 'mo/billing/settings') return { body: { data: settings } };
      if (method === 'GET' && url === 'mo/billing/shares') return { body: { data: shares } };
      if (method === 'GET' && url === 'mo/billing/services') return { body: { data: [] } };
      if (method === 'POST' && url === 'mo/billing/settings')
        return {
          body: {
            data: { ...settings, ...(body as object), discountLimits: settings.discountLimits, version: 4 },
          },
        };
      if (method === 'POST' && url === 'mo/billing/shares') return { body: { data: shares.slice(1) } };
      return undefined;
    },
  });
}

describe('the billing settings', () => {
  it('saves the free-return days and each role’s discount limit with the version read', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSettings();
    const days = await screen.findByTestId('free-return-days');
    expect(days).toHaveValue('10');
    expect(screen.getByTestId('discount-limits')).toHaveTextContent('Reception');
    const [reception] = screen.getAllByTestId('discount-limit');
    await user.clear(days);
    await user.type(days, '14');
    await user.clear(reception as HTMLElement);
    await user.type(reception as HTMLElement, '15');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/settings')).toHaveLength(1));
    expect(postsTo(fetchMock, 'mo/billing/settings')[0]).toEqual({
      freeReturnDays: 14,
      discountLimits: [
        { roleId: 2, percent: 15 },
        { roleId: 4, percent: 0 },
      ],
      version: 3,
    });
  });

  it('sends the whole shares table, “all services” as a null service', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderSettings();
    const rows = await screen.findAllByTestId('share-row');
    expect(rows).toHaveLength(2);
    const [, second] = screen.getAllByTestId('share-percent');
    await user.clear(second as HTMLElement);
    await user.type(second as HTMLElement, '55');
    await user.click(screen.getAllByTestId('share-remove')[0] as HTMLElement);
    await user.click(screen.getByTestId('shares-save'));
    await waitFor(() => expect(postsTo(fetchMock, 'mo/billing/shares')).toHaveLength(1));
    expect(postsTo(fetchMock, 'mo/billing/shares')[0]).toEqual({
      shares: [{ doctorId: 7, serviceId: 2, percent: 55 }],
    });
  });
});

describe('shareChecks', () => {
  it('asks for the doctor and refuses a second share of one doctor for one service', () => {
    expect(
      shareChecks([
        { doctorId: '7', serviceId: ALL_SERVICES, percent: 40 },
        { doctorId: null, serviceId: '2', percent: 10 },
        { doctorId: '7', serviceId: '2', percent: 50 },
        { doctorId: '7', serviceId: ALL_SERVICES, percent: 30 },
      ]),
    ).toEqual({ 'shares.1.doctorId': 'doctorId.required', 'shares.3.serviceId': 'share.duplicate' });
  });
});
