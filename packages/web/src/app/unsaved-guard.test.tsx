import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initEnglish } from '../test/i18n.ts';
import { hasUnsavedInput } from '../lib/unsaved-input.ts';
import { useSchemaForm } from '../lib/use-schema-form.ts';
import { Providers } from './providers.tsx';
import { UnsavedGuard } from './unsaved-guard.tsx';

beforeAll(async () => {
  await initEnglish();
});

/** A letter being written: a form on useSchemaForm whose save clears it and then moves to the saved page. */
function LetterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useSchemaForm({ schema: z.object({ body: z.string() }), initialValues: { body: '' } });
  return (
    <>
      <output data-testid="where">{location.pathname + location.search}</output>
      <textarea aria-label="Letter" {...form.inputProps('body')} />
      <button
        type="button"
        onClick={() => {
          // As a screen does after a successful save: the form reloaded from the saved record, then a move at once.
          form.load(form.values);
          void navigate('/letters/5');
        }}
      >
        Save
      </button>
      <Link to="?page=2">Page 2</Link>
      <Link to="/other">Other</Link>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <UnsavedGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/letters', element: <LetterPage /> },
          { path: '/letters/5', element: <p>Saved letter</p> },
          { path: '/other', element: <p>Other page</p> },
          { path: '/login', element: <p>Sign in</p> },
        ],
      },
    ],
    { initialEntries: ['/letters'] },
  );
  render(
    <Providers i18n={i18next} direction="ltr">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const type = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Letter' }), { target: { value: text } });
const question = () => screen.queryByText('Leave this page?');

describe('the unsaved-work guard', () => {
  afterEach(() => expect(hasUnsavedInput()).toBe(false));

  it('asks before a route change leaves typed input: Stay keeps the page and the input, Leave goes', async () => {
    const router = renderApp();
    type('Dear colleague');
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByText('What you typed has not been saved.')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe('/letters');
    expect(screen.getByRole('textbox', { name: 'Letter' })).toHaveValue('Dear colleague');

    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Other page')).toBeVisible();
    expect(question()).toBeNull();
  });

  it('does not ask with nothing typed, nor on a search-param change of the same page', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    type('Dear colleague');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/letters?page=2'));
    expect(question()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Letter' })).toHaveValue('Dear colleague');

    type('');
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(await screen.findByText('Other page')).toBeVisible();
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe('/other');
  });

  it("lets a form's own move after its save through, and the app's move to /login", async () => {
    const router = renderApp();
    type('Dear colleague');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved letter')).toBeVisible();
    expect(question()).toBeNull();

    await act(() => router.navigate('/letters'));
    type('Dear colleague');
    // A forced logout (session expired, server down) is the app's, not the person's: it is not held.
    await act(() => router.navigate('/login', { replace: true }));
    expect(await screen.findByText('Sign in')).toBeVisible();
    expect(question()).toBeNull();
  });

  it('asks the browser before the tab is closed or reloaded with typed input', () => {
    renderApp();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('Dear colleague');
    expect(unload()).toBe(true);
    type('');
  });
});
