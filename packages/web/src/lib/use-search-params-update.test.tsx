import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsUpdate, type SearchParamsUpdate } from './use-search-params-update.ts';

let update: SearchParamsUpdate = () => {};

function Page() {
  const [params, updateParams] = useSearchParamsUpdate();
  update = updateParams;
  return <output data-testid="search">{params.toString()}</output>;
}

/** As the access guard does, every navigation waits on the route's loader before it renders. */
function renderBehindLoader(initial: string) {
  let release: () => void = () => {};
  const route = (path: string) => ({
    path,
    element: <Page />,
    HydrateFallback: () => null,
    loader: () =>
      new Promise<null>((resolve) => {
        release = () => resolve(null);
      }),
  });
  const router = createMemoryRouter([route('/queue'), route('/patients/:search?')], {
    initialEntries: [initial],
  });
  render(<RouterProvider router={router} />);
  return { router, release: () => release() };
}

describe('useSearchParamsUpdate', () => {
  it('builds a second change on the first while the first still waits on the loader', async () => {
    const { router, release } = renderBehindLoader('/queue?patientId=6&book=1');
    release();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('patientId=6&book=1'));

    // The booking form closes (its parameters go), then "Booked" is clicked before that has rendered.
    act(() =>
      update((latest) => {
        latest.delete('patientId');
        latest.delete('book');
      }),
    );
    act(() =>
      update((latest) => {
        latest.set('status', '1');
      }),
    );
    await act(async () => release());

    await waitFor(() => expect(router.state.location.search).toBe('?status=1'));
    expect(screen.getByTestId('search').textContent).toBe('status=1');
  });

  it('starts again from the address the router commits (Back)', async () => {
    const { router, release } = renderBehindLoader('/queue?page=2');
    release();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('page=2'));
    act(() =>
      update((latest) => {
        latest.set('page', '3');
      }),
    );
    await act(async () => release());
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));

    await act(async () => {
      void router.navigate(-1);
      await Promise.resolve();
      release();
    });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('page=2'));
    act(() =>
      update((latest) => {
        latest.set('q', 'hadi');
      }),
    );
    await act(async () => release());
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&q=hadi'));
  });

  it('keeps a path asked for when a parameter changes before it has rendered (the patient list search)', async () => {
    const { router, release } = renderBehindLoader('/patients?page=3');
    release();
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('page=3'));

    // The debounced search text goes to the path (back to the first page), then a filter is chosen.
    act(() =>
      update(
        (latest) => {
          latest.delete('page');
        },
        { pathname: '/patients/hadi', replace: true },
      ),
    );
    act(() =>
      update((latest) => {
        latest.set('sex', '2');
      }),
    );
    await act(async () => release());

    await waitFor(() => expect(router.state.location.search).toBe('?sex=2'));
    expect(router.state.location.pathname).toBe('/patients/hadi');
  });
});
