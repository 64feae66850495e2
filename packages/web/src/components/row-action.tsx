import type { ReactNode } from 'react';
import { ActionIcon, type MantineColor } from '@mantine/core';
import { Cell } from './row-cell.tsx';
import { Link } from 'react-router';
import { useHoverTooltip } from './hover-tooltip.tsx';

export interface RowActionProps {
  /** What the button does, shown as its tooltip. */
  label: string;
  /** Whose row it is: screen readers hear "Edit: Anna", one button told from the next row's. */
  of?: string;
  /** Where the screen words the button otherwise for screen readers. */
  ariaLabel?: string;
  icon: ReactNode;
  onClick?: () => void;
  /** A link instead of a button. */
  to?: string;
  color?: MantineColor;
  loading?: boolean;
  testId?: string;
  /** The row's first action: the list's search box moves the focus here (Arrow Down). */
  primary?: boolean;
}

/** A list row's icon button with its tooltip (mounted on the first hover), the same on every list's actions column. */
export function RowAction({
  label,
  of,
  ariaLabel,
  icon,
  onClick,
  to,
  color,
  loading,
  testId,
  primary,
}: RowActionProps) {
  const hint = useHoverTooltip(label);
  const common = {
    ...hint.targetProps,
    variant: 'subtle',
    color,
    loading,
    'aria-label': ariaLabel ?? (of === undefined ? label : `${label}: ${of}`),
    'data-testid': testId,
    'data-row-primary': primary || undefined,
  } as const;
  return (
    <>
      {to !== undefined ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
      {hint.tooltip}
    </>
  );
}

/** A list row's last cell: its actions side by side at the row's end, where the sticky actions column is. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Cell>
      <div className="row-actions">{children}</div>
    </Cell>
  );
}
