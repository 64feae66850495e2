import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState, type ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from '@mantine/core';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { initEnglish } from '../test/i18n.ts';
import { ListPage, useListSearch, type ListPageProps } from './list-page.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(readFileSync(path.resolve(here, '../../public/src/locales/en.json'), 'utf8')) as {
  pagination: { next: string; page: string };
  common: { actions: string };
};

beforeAll(async () => {
  await initEnglish();
});

type Fruit = { id: number; name: string };
const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple' },
  { id: 2, name: 'Pear' },
];

const base: ListPageProps<Fruit> = {
  rows: FRUITS,
  renderRow: (fruit) => (
    <Table.Tr key={fruit.id} data-testid="fruit-row">
      <Table.Td>{fruit.name}</Table.Td>
      <Table.Td />
    </Table.Tr>
  ),
  name: 'fruit',
  empty: 'No fruit yet',
  minWidth: 400,
  columns: ['Name'],
};

function show(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('ListPage', () => {
  it('shows the screen: title, search, count, rows and the pages in the footer', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const onSearch = vi.fn();
    show(
      <ListPage
        {...base}
        frame={{ title: 'Fruit' }}
        search={{ label: 'Search fruit', value: '', onChange: onSearch }}
        count="2 fruits"
        pagination={{ lastPage: 3, page: 1, onChange: onPage }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByTestId('fruit-search')).toBeInTheDocument();
    expect(screen.getByTestId('fruit-count')).toHaveTextContent('2 fruits');
    expect(screen.getByTestId('fruit-count')).toHaveAttribute('aria-live', 'polite');
    const table = screen.getByTestId('fruit-table');
    expect(within(table).getAllByTestId('fruit-row')).toHaveLength(2);
    // The actions column is named for screen readers.
    expect(within(table).getByText(en.common.actions)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search fruit' }), 'a');
    expect(onSearch).toHaveBeenCalledWith('a');
    await user.click(screen.getByRole('button', { name: en.pagination.page.replace('{{page}}', '2') }));
    expect(onPage).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: en.pagination.next }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says the list is empty instead of an empty table, and shows no pages for one page', () => {
    show(
      <ListPage
        {...base}
        frame={{ title: 'Fruit' }}
        rows={[]}
        pagination={{ lastPage: 1, page: 1, onChange: () => {} }}
      />,
    );
    expect(screen.getByTestId('fruit-empty')).toHaveTextContent('No fruit yet');
    expect(screen.queryByTestId('fruit-table')).toBeNull();
    expect(screen.queryByRole('button', { name: en.pagination.next })).toBeNull();
  });

  it('bare inside a card: a placeholder while reading, neither a table nor the empty text', () => {
    show(<ListPage {...base} rows={undefined} loading emptyLook="text" />);
    expect(screen.queryByTestId('fruit-table')).toBeNull();
    expect(screen.queryByTestId('fruit-empty')).toBeNull();
  });

  it('shows a failure to read above the list when the screen does not react to it itself', () => {
    show(<ListPage {...base} rows={undefined} error={new Error('The fruit store is closed')} />);
    // Not the raw message (it is no text for the user): the error catalogue's words for it.
    expect(screen.getByRole('alert')).not.toHaveTextContent('The fruit store is closed');
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.queryByTestId('fruit-table')).toBeNull();
  });

  it('shows a quiet empty text inside a card, and pages below the list', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    show(
      <ListPage
        {...base}
        rows={[]}
        emptyLook="text"
        pagination={{ lastPage: 2, page: 2, onChange: onPage }}
      />,
    );
    expect(screen.getByTestId('fruit-empty').tagName).toBe('P');
    expect(screen.getByTestId('fruit-pages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.pagination.page.replace('{{page}}', '1') }));
    expect(onPage).toHaveBeenCalledWith(1);
  });
});

describe('useListSearch', () => {
  function Search({ current, commit }: { current: string; commit: (text: string) => void }) {
    const [text, setText] = useListSearch(current, commit, 100);
    return <input aria-label="search" value={text} onChange={(event) => setText(event.target.value)} />;
  }

  it('commits the trimmed text once it settles, and not what the list shows already', async () => {
    const user = userEvent.setup();
    const commit = vi.fn();
    function Screen() {
      const [current, setCurrent] = useState('pear');
      return (
        <Search
          current={current}
          commit={(text) => {
            commit(text);
            setCurrent(text);
          }}
        />
      );
    }
    show(<Screen />);
    const input = screen.getByRole('textbox', { name: 'search' });
    expect(input).toHaveValue('pear');
    await user.type(input, ' ');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(commit).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, ' apple ');
    await waitFor(() => expect(commit).toHaveBeenCalledWith('apple'));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
