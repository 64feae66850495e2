import type { ComponentPropsWithoutRef } from 'react';
import { Table } from '@mantine/core';

/**
 * A list row's cell: Mantine's `Table.Td` as a plain `<td>` with its class. `Table.Td` resolves its props, the
 * table's context and its styles for each of a page's 200 cells; the lists set no column borders, the one thing it
 * would add. The row (`Table.Tr`) and the table stay Mantine's.
 */
export function Cell({ className, ...props }: ComponentPropsWithoutRef<'td'>) {
  return <td className={className ? `${Table.classes.td} ${className}` : Table.classes.td} {...props} />;
}
