import { Profiler } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Menu } from '@mantine/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { initEnglish } from '../test/i18n.ts';
import { RowMenu } from './row-menu.tsx';

beforeAll(async () => {
  await initEnglish();
});

/** Renders the menu; returns the phases React rendered it in after its mount. */
function show(onDelete: () => void): string[] {
  const updates: string[] = [];
  render(
    <Providers i18n={i18next} direction="ltr">
      <Profiler id="row" onRender={(_id, phase) => phase !== 'mount' && updates.push(phase)}>
        <RowMenu label="Actions for Anna" testId="row-menu">
          <Menu.Item onClick={onDelete}>Delete</Menu.Item>
        </RowMenu>
      </Profiler>
    </Providers>,
  );
  return updates;
}

// jsdom lays nothing out, so the open menu's dropdown is `display: none` (Mantine hides it from a reference it
// cannot see): the queries take hidden elements, and its item is clicked with fireEvent.
describe('RowMenu', () => {
  it('holds only its button until used: no menu, and no second render after it mounts', async () => {
    // A mounted Mantine menu renders again right after it mounts (its dropdown's portal): /queue's rows paid that.
    const updates = show(() => {});
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(updates).toEqual([]);
    const button = screen.getByRole('button', { name: 'Actions for Anna' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on the first click, runs an item, and opens again', async () => {
    const onDelete = vi.fn();
    show(onDelete);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Anna' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    expect(onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menuitem', { hidden: true })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for Anna' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete', hidden: true })).toBeInTheDocument();
  });

  it('gives the focus back to its button when closed with Escape, as a mounted menu does', async () => {
    show(() => {});
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Actions for Anna' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { hidden: true });
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'Actions for Anna' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
