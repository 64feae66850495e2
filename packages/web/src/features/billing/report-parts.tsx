import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toCsv, type CsvCell } from '@basira/shared/money/csv';
import { IconDownload, IconPrinter } from '../../components/icons.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import './billing-print.css';

/** Saves rows as a CSV file Excel opens with its Arabic intact (shared toCsv: BOM, CRLF, quoted, guarded). */
export function downloadCsv(name: string, rows: readonly (readonly CsvCell[])[]): void {
  saveBlob(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/**
 * A report's frame: its filters and the Print and CSV buttons (never on paper), and on paper a heading with the
 * clinic, the report and its period in place of the app's own.
 */
export function ReportFrame({
  title,
  period,
  filters,
  csv,
  ready,
  error,
  children,
  testId,
}: {
  title: string;
  period: string;
  filters?: ReactNode;
  /** The rows of the CSV file: what the report shows. */
  csv: { name: string; rows: () => (readonly CsvCell[])[] };
  ready: boolean;
  /** The read's failure, said above the report (a report of another day is one click away). */
  error?: unknown;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const format = useFormatters();
  const translate = useTranslator();
  return (
    <Stack gap="sm" className="billing-report" data-testid={testId}>
      <Group justify="space-between" align="flex-end" className="print-hide">
        <Group align="flex-end" gap="sm">
          {filters}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={!ready}
            onClick={() => window.print()}
            data-testid="report-print"
          >
            {t('billing.reports.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={!ready}
            onClick={() => downloadCsv(csv.name, csv.rows())}
            data-testid="report-csv"
          >
            {t('billing.reports.csv')}
          </Button>
        </Group>
      </Group>
      <div className="billing-print-only">
        <Text fw={700}>{me?.organization.name}</Text>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text size="sm">{period}</Text>
        <Text size="xs">
          {t('billing.reports.printedAt', { at: format.dateTime(new Date().toISOString()) })}
        </Text>
      </div>
      {error ? (
        <Alert color="red" role="alert" data-testid="report-error">
          {errorMessage(translate, error)}
        </Alert>
      ) : null}
      {children}
    </Stack>
  );
}

/** A small titled table of a report. */
export function ReportTable({
  title,
  headings,
  children,
  empty,
  testId,
  minWidth = 360,
}: {
  title?: string;
  headings: string[];
  children: ReactNode;
  empty: boolean;
  testId: string;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      {title && (
        <Title order={3} fz="h5">
          {title}
        </Title>
      )}
      {empty ? (
        <Text size="sm" c="dimmed">
          {t('billing.reports.nothing')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table withTableBorder striped verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {headings.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
