import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { vi } from 'vitest';
import type { Me } from '@basira/shared/auth/auth.schemas';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { storeSession } from '../lib/storage.ts';

/** A signed-in user of a clinic in Baghdad (UTC+3) holding `permissions`. */
export const clinicUser = (permissions: string[]): Me => ({
  id: 1,
  name: 'Reception',
  email: 'reception@example.com',
  username: null,
  isActive: true,
  isDoctor: false,
  mustChangePassword: false,
  roles: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  permissions,
  organization: { id: 1, slug: 'default', name: 'Basira', timeZone: 'Asia/Baghdad' },
  session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00Z' },
});

/**
 * Renders a component as the app does (Mantine, i18n, a query client) for a signed-in user of a Baghdad clinic;
 * the API answers `/api/me` and 404 otherwise. Call `initEnglish()` first; unstub globals after.
 */
export function renderWithClinic(ui: ReactNode, permissions: string[] = []) {
  const user = clinicUser(permissions);
  storeSession('test-token', user);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input).endsWith('/api/me')
        ? new Response(JSON.stringify({ data: user }), { status: 200 })
        : new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 }),
    ),
  );
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </Providers>,
  );
}
