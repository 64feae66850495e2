import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from './icons.tsx';

/**
 * A row's "more actions" menu (the dots button at the row's end), whose Mantine menu mounts on the first use.
 *
 * A closed `<Menu>` still mounts a popover, a portal, a transition and a floating-position hook, and the portal
 * renders again right after it mounts: /queue's 22 rows rendered some 1,700 components again before the first
 * frame could paint (bench/README.md, web-vitals). Until it is first used the row holds only the button.
 *
 * The first click replaces that button with the menu's own target. The new button takes the focus before the menu
 * opens, so the menu gives the focus back to it when it closes, as Mantine's menu does (keyboard users land where
 * they were).
 */
export function RowMenu({
  label,
  testId,
  loading,
  children,
}: {
  /** The button's accessible name ("Actions for Anna"). */
  label: string;
  testId?: string;
  loading?: boolean;
  /** The `Menu.Item`s (and dividers). */
  children: ReactNode;
}) {
  const [state, setState] = useState<'unused' | 'arming' | 'open' | 'closed'>('unused');
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (state !== 'arming') return;
    button.current?.focus();
    setState('open');
  }, [state]);

  const target = (
    <ActionIcon
      ref={button}
      variant="subtle"
      loading={loading}
      aria-label={label}
      data-testid={testId}
      // The menu's target says these itself once mounted.
      {...(state === 'unused' && {
        'aria-haspopup': 'menu',
        'aria-expanded': false,
        onClick: () => setState('arming'),
      })}
    >
      <IconDots />
    </ActionIcon>
  );
  if (state === 'unused') return target;
  return (
    <Menu
      position="bottom-end"
      withinPortal
      opened={state === 'open'}
      onChange={(opened) => setState(opened ? 'open' : 'closed')}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
