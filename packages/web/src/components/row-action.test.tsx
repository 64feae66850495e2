import { Profiler, type ReactElement } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { initEnglish } from '../test/i18n.ts';
import { IconEdit } from './icons.tsx';
import { Table } from '@mantine/core';
import { RowAction, RowActions } from './row-action.tsx';

beforeAll(async () => {
  await initEnglish();
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

  it("mounts its tooltip on a mouse's first hover, not with the row, and shows it while the mouse is over", async () => {
    // A mounted tooltip renders again right after it mounts (its portal); a list of 25 rows paid that before painting.
    const updates: string[] = [];
    show(
      <Profiler id="row" onRender={(_id, phase) => phase !== 'mount' && updates.push(phase)}>
        <RowAction label="Edit" of="Anna" onClick={() => {}} icon={<IconEdit />} />
      </Profiler>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    const button = screen.getByRole('button', { name: 'Edit: Anna' });
    // Nothing of a tooltip with the row.
    expect(document.querySelector('.mantine-Tooltip-tooltip')).toBeNull();
    expect(updates).toEqual([]);
    expect(screen.queryByText('Edit')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.hover(button);
    expect(await screen.findByText('Edit')).toHaveClass('mantine-Tooltip-tooltip');
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByText('Edit')).not.toBeInTheDocument());
    // The button was never replaced: the same element, still named for its row.
    expect(screen.getByRole('button', { name: 'Edit: Anna' })).toBe(button);
  });

  it("shows no tooltip for a finger (as Mantine's own does not)", () => {
    show(<RowAction label="Edit" of="Anna" onClick={() => {}} icon={<IconEdit />} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Edit: Anna' }), { pointerType: 'touch' });
    expect(screen.queryByText('Edit')).not.toBeInTheDocument();
  });
});
