import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { initEnglish } from '../../../test/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { hasUnsavedInput } from '../../../lib/unsaved-input.ts';
import { BoardLettersCard } from './board-letters-card.tsx';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => vi.unstubAllGlobals());

const LETTER = {
  id: 5,
  patientId: 9,
  queueId: 3,
  templateId: 1,
  kind: 'report',
  language: 'en',
  title: 'Report',
  body: '<p>Seen today.</p>',
  createdAt: '2026-12-01T09:00:00Z',
  createdBy: { id: 1, name: 'Dr Sara' },
  updatedAt: '2026-12-01T09:00:00Z',
  version: 1,
};

describe("the board's letter", () => {
  it('is unsaved input while its edit is not saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (url.includes('/mo/letter-template')) return json({ data: [] });
        if (url.includes('/mo/letter'))
          return json({ data: [LETTER], meta: { page: 1, perPage: 10, total: 1, lastPage: 1 } });
        return new Response('{}', { status: 404 });
      }),
    );
    render(
      <Providers i18n={i18next} direction="ltr">
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <BoardLettersCard
              patientId={9}
              queueId={3}
              permissions={['show consultation', 'edit consultation']}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    fireEvent.click(await screen.findByTestId('board-letter-open'));
    const title = screen.getByTestId('letter-title');
    expect(hasUnsavedInput()).toBe(false);
    expect(screen.getByTestId('letter-save')).toBeDisabled();

    fireEvent.change(title, { target: { value: 'Report for school' } });
    expect(hasUnsavedInput()).toBe(true);
    expect(screen.getByTestId('letter-save')).toBeEnabled();

    // Typed back as it was: nothing left to lose.
    fireEvent.change(title, { target: { value: 'Report' } });
    expect(hasUnsavedInput()).toBe(false);
  });
});
