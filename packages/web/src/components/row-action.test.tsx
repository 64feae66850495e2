import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { initI18n } from '../i18n/i18n.ts';
import { IconEdit } from './icons.tsx';
import { Table } from '@mantine/core';
import { RowAction, RowActions } from './row-action.tsx';

beforeAll(async () => {
  // The built-in texts are enough here: no locale file is fetched.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
  await initI18n('en');
  vi.unstubAllGlobals();
});

function show(element: ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <Providers i18n={i18next} direction="ltr">
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('RowAction', () => {
  it('is a button named with its row for screen readers', async () => {
    const onClick = vi.fn();
    show(<RowAction label="Edit" of="Anna" onClick={onClick} testId="edit" primary icon={<IconEdit />} />);
    const button = screen.getByRole('button', { name: 'Edit: Anna' });
    expect(button).toHaveAttribute('data-testid', 'edit');
    expect(button).toHaveAttribute('data-row-primary', 'true');
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is a link where it goes somewhere, and takes the screen’s own words', () => {
    show(<RowAction label="Show" ariaLabel="Show Anna’s record" to="/user/5" icon={<IconEdit />} />);
    const link = screen.getByRole('link', { name: 'Show Anna’s record' });
    expect(link).toHaveAttribute('href', '/user/5');
    expect(link).not.toHaveAttribute('data-row-primary');
  });

  it('puts a row’s actions in its last cell', () => {
    show(
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <RowActions>
              <RowAction label="Edit" of="Anna" onClick={() => {}} icon={<IconEdit />} />
            </RowActions>
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    expect(screen.getByRole('cell')).toContainElement(screen.getByRole('button', { name: 'Edit: Anna' }));
  });
});
