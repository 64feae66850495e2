import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../i18n/use-translation.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { useLoadFailure } from '../lib/use-load-failure.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { IconSearch } from './icons.tsx';
import { ListTable, type ListTableProps } from './list-table.tsx';
import { PageFrame, type PageFrameProps } from './page-frame.tsx';

export interface ListPaginationProps {
  lastPage: number;
  page: number;
  onChange: (page: number) => void;
  size?: 'sm' | 'md';
  testId?: string;
}

/** The page buttons every list shares, each named for screen readers; nothing when the list fits one page. */
export function ListPagination({ lastPage, page, onChange, size, testId }: ListPaginationProps) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  return (
    <Pagination
      size={size}
      total={lastPage}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
      getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
      data-testid={testId}
    />
  );
}

/**
 * A list's search box whose text settles into the address (or a query) after `delay` ms of quiet: `current` is
 * the search the list shows now, `commit` is called with the trimmed text once it differs from it.
 */
export function useListSearch(
  current: string,
  commit: (text: string) => void,
  delay = 300,
): [string, (text: string) => void] {
  const [text, setText] = useState(current);
  const [debounced] = useDebouncedValue(text.trim(), delay);
  useEffect(() => {
    if (debounced !== current) commit(debounced);
    // Only a settled change of the text commits; `current` catching up must not send it again.
  }, [debounced]);
  return [text, setText];
}

export interface ListSearchProps {
  label: string;
  /** The search in effect (with `commitAfterMs`: the committed one, from the address). */
  value: string;
  /** Each keystroke, or with `commitAfterMs` the text once typing pauses that long. */
  onChange: (text: string) => void;
  /**
   * The box keeps what is typed to itself and commits it after this pause: a keystroke then re-renders the box
   * alone, not the page and its table (bench/web-vitals: 53–105 ms long tasks per key on the patient list).
   */
  commitAfterMs?: number;
  description?: string;
  /** What else the input needs (a ref, a key handler, autofocus). */
  inputProps?: Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'description'>;
  /** Beside the box: a filters toggle, an add button. */
  aside?: ReactNode;
}

export interface ListPageProps<Row> {
  /** The list's name in its test ids: `{name}-search`, `-count`, `-empty`, `-table`, `-pages`. */
  name: string;
  /** A whole screen: its frame (title, back, buttons), with the loading veil and the pages in its footer. Without
   * it the list stands bare inside another screen's card or panel, its pages below it. */
  frame?: Omit<PageFrameProps, 'loading' | 'footer' | 'children'>;
  /** The rows; undefined until they are read. */
  rows: readonly Row[] | undefined;
  renderRow: (row: Row, index: number) => ReactNode;
  loading?: boolean;
  /** The read's failure: with `failureFallback` the screen reacts as every screen does (toast, back,
   * unauthorized); without it, it is shown above the list. */
  error?: unknown;
  failureFallback?: string;
  search?: ListSearchProps;
  /** Above the search: an introduction, a card. */
  intro?: ReactNode;
  /** Below the search: filters. */
  filters?: ReactNode;
  /** Below the filters: a message about what was just done. */
  notice?: ReactNode;
  /** The translated count ("12 patients"); shown once the list is read. */
  count?: string;
  /** Beside the count (a "clear filters" button) and below it (a hint about the results). */
  countAside?: ReactNode;
  countNote?: ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
  /** Where an older test id does not follow `name` (`notifications-empty` beside `notification-table`). */
  emptyTestId?: string;
  /** `alert` (the default) for a screen, `text` for a quieter one inside a card. */
  emptyLook?: 'alert' | 'text';
  /** The translated column headings, and the width below which the table scrolls sideways. */
  columns: string[];
  minWidth: number;
  /** How the table looks (striped, spacing) and its ref. */
  table?: Omit<ListTableProps, 'children' | 'headings' | 'minWidth' | 'testId'>;
  /** Below the table. */
  footnote?: ReactNode;
  pagination?: Omit<ListPaginationProps, 'testId'>;
}

/**
 * The list screen (spec section 2): search, count, the table or what an empty list says, the pages, loading and
 * a failure to read, the same on every list; each screen brings its texts, its columns and its rows.
 */
export function ListPage<Row>(props: ListPageProps<Row>) {
  const { name, frame, loading = false, error, failureFallback } = props;
  const pagination = props.pagination && { ...props.pagination, testId: `${name}-pages` };
  const translate = useTranslator();
  // Hooks run whether or not this list reports its failure the screen's way.
  useLoadFailure(failureFallback ? error : null, failureFallback ?? '/');
  const inlineError = !failureFallback && error ? errorMessage(translate, error) : null;

  const body = (
    <Stack gap="sm">
      {props.intro}
      {props.search && <ListSearch {...props.search} testId={`${name}-search`} />}
      {props.filters}
      {props.notice}
      {inlineError && (
        <Alert color="red" role="alert">
          {inlineError}
        </Alert>
      )}
      {(props.count !== undefined || props.countAside) && (
        <Group justify="space-between" gap="sm">
          {props.count !== undefined && (
            <Text size="sm" c="dimmed" aria-live="polite" data-testid={`${name}-count`}>
              {props.count}
            </Text>
          )}
          {props.countAside}
        </Group>
      )}
      {props.countNote}
      <ListResults {...props} bareLoading={!frame && loading} />
      {props.footnote}
      {!frame && pagination && pagination.lastPage > 1 && (
        <Group justify="center">
          <ListPagination {...pagination} />
        </Group>
      )}
    </Stack>
  );
  if (!frame) return body;
  return (
    <PageFrame
      {...frame}
      loading={loading}
      footer={pagination && pagination.lastPage > 1 && <ListPagination {...pagination} />}
    >
      {body}
    </PageFrame>
  );
}

function ListSearch({
  label,
  value,
  onChange,
  commitAfterMs,
  testId,
  description,
  inputProps,
  aside,
}: ListSearchProps & { testId: string }) {
  const deferred = commitAfterMs !== undefined;
  const [typed, setTyped] = useState(value);
  const [pause] = useDebouncedValue(typed, commitAfterMs ?? 0);
  // A new search from elsewhere (the global search lands on the list): take it, but not the echo of our own commit,
  // which would eat a trailing space typed before the next word.
  useEffect(() => {
    if (deferred) setTyped((current) => (current.trim() === value.trim() ? current : value));
  }, [value]);
  useEffect(() => {
    if (deferred && pause.trim() !== value.trim()) onChange(pause);
  }, [pause]);
  const input = (
    <TextInput
      type="search"
      label={label}
      description={description}
      value={deferred ? typed : value}
      onChange={(event) => (deferred ? setTyped : onChange)(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      maw={aside ? 560 : 420}
      style={aside ? { flex: '1 1 22rem' } : undefined}
      data-testid={testId}
      {...inputProps}
    />
  );
  if (!aside) return input;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {input}
      {aside}
    </Group>
  );
}

function ListResults<Row>(props: ListPageProps<Row> & { bareLoading: boolean }) {
  const {
    name,
    renderRow,
    empty,
    emptyTestId = `${name}-empty`,
    emptyLook = 'alert',
    columns,
    minWidth,
    table,
    error,
    bareLoading,
  } = props;
  // A new search's rows render in the background (issue 54): they never hold up what is being typed. A screen's
  // first rows come in its frame's own commit (React defers a mount only for an initial value other than
  // `undefined`). Deferring them too painted /patients' frame first but its rows 350 ms after it, and in alternated
  // runs did not bring /queue's rows, the content reception waits for, any sooner (bench/history/web-vitals.md).
  const rows = useDeferredValue(props.rows);
  if (rows === undefined && bareLoading) return <Skeleton h={80} />;
  // Nothing was read: the failure is shown (or reacted to) already, an empty table would say nothing more.
  if (rows === undefined && error) return null;
  if (rows !== undefined && rows.length === 0)
    return emptyLook === 'alert' ? (
      <Alert color="gray" data-testid={emptyTestId}>
        {empty}
      </Alert>
    ) : (
      <Text size="sm" c="dimmed" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return (
    <ListTable {...table} headings={columns} minWidth={minWidth} testId={`${name}-table`}>
      {rows?.map(renderRow)}
    </ListTable>
  );
}
