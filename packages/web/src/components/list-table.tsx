import type { ReactNode, Ref } from 'react';
import { Table, VisuallyHidden, type MantineFontSize, type MantineSpacing } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';

export interface ListTableProps {
  /** Translated column headings; a last column for the row actions is added, named for screen readers only. */
  headings: string[];
  minWidth: number;
  testId: string;
  striped?: boolean;
  highlightOnHover?: boolean;
  verticalSpacing?: MantineSpacing;
  /** A smaller text, for a list inside a card. */
  fz?: MantineFontSize;
  tableRef?: Ref<HTMLTableElement>;
  /** Whether the rows end in an actions column (named for screen readers); a read-only list has none. */
  actions?: boolean;
  /** The rows (`Table.Tr`). */
  children: ReactNode;
  /** A closing row under the rows (a report's totals, `Table.Tr`). */
  foot?: ReactNode;
}

/**
 * The frame every list screen shares: a horizontally scrolling, bordered table with its heading row; the row
 * actions column stays in view while the rest scrolls (global.css `.list-table`).
 */
export function ListTable({
  headings,
  minWidth,
  testId,
  striped = false,
  highlightOnHover = true,
  verticalSpacing,
  fz,
  tableRef,
  actions = true,
  children,
  foot,
}: ListTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        ref={tableRef}
        striped={striped}
        highlightOnHover={highlightOnHover}
        withTableBorder
        verticalSpacing={verticalSpacing}
        fz={fz}
        className={actions ? 'list-table' : undefined}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) => (
              <Table.Th key={heading}>{heading}</Table.Th>
            ))}
            {actions && (
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}
