import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { PrintLogCreate, PrintPaper } from '@basira/shared/print/printing.schemas';
import { IconArrowBack, IconPrinter } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { PX_PER_MM, pageRule } from './print-paper.ts';
import { useLogPrint } from './print.queries.ts';

/** What the print log records of this page, but its paper (chosen on the toolbar). */
export type PrintEntry = Omit<PrintLogCreate, 'paperSize'>;

/**
 * Logs every print of the page (`POST /api/mo/print/log`) when the browser starts printing: `beforeprint` fires
 * for the Print button and for Ctrl+P or the browser's menu alike. A record changed since the page was loaded
 * answers 409 (the paper would not be what the log says): the page then asks to be reloaded.
 */
function usePrintLogging(entry: PrintEntry | null, paper: PrintPaper) {
  const log = useLogPrint();
  const latest = useRef({ entry, paper, mutate: log.mutate });
  latest.current = { entry, paper, mutate: log.mutate };
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    const onBeforePrint = () => {
      const { entry: current, paper: size, mutate } = latest.current;
      if (!current) return;
      mutate(
        { ...current, paperSize: size },
        {
          onSuccess: () => setFailure(null),
          onError: (error) => {
            if (isApiError(error) && error.code === 'stale_version') setStale(true);
            else if (!(isApiError(error) && error.handled)) setFailure(error);
          },
        },
      );
    };
    window.addEventListener('beforeprint', onBeforePrint);
    return () => window.removeEventListener('beforeprint', onBeforePrint);
  }, []);
  return { stale, failure, logged: log.data ?? null };
}

/** Closes a tab opened for printing; a page reached by a link inside the app goes back instead. */
function useClose(): () => void {
  const navigate = useNavigate();
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if (typeof state?.idx === 'number' && state.idx > 0) void navigate(-1);
    else window.close();
  };
}

/**
 * A print view's page: the toolbar (Print, the paper, Close) and its notices above the sheet, none of them on
 * paper; the `@page` rule of the chosen paper; and the print log.
 */
export function PrintShell({
  title,
  papers,
  paper,
  onPaper,
  entry,
  notice,
  onPrint,
  children,
}: {
  title: string;
  papers: readonly PrintPaper[];
  paper: PrintPaper;
  onPaper: (paper: PrintPaper) => void;
  /** Null while the sheet is not ready: nothing is logged. */
  entry: PrintEntry | null;
  /** A notice above the toolbar (a reprint). */
  notice?: ReactNode;
  /**
   * A page whose prints are counted elsewhere (a receipt: the billing API says whether a print is a copy): run
   * before the browser prints, and nothing is printed when it fails. Such a page passes no `entry`.
   */
  onPrint?: () => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const close = useClose();
  const { stale, failure, logged } = usePrintLogging(entry, paper);
  const sheet = useRef<HTMLDivElement>(null);
  const [rollMm, setRollMm] = useState<number | undefined>(undefined);
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => void (document.title = before);
  }, [title]);

  // A roll's page is as long as its sheet (measured on screen, where the sheet's padding is the page margin).
  useLayoutEffect(() => {
    const node = sheet.current?.firstElementChild;
    if (paper !== '80mm' || !node) return;
    const measure = () => setRollMm(node.getBoundingClientRect().height / PX_PER_MM);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [paper, entry]);

  return (
    <main className="print-desk">
      <style>{pageRule(paper, paper === '80mm' ? rollMm : undefined)}</style>
      <div className="print-toolbar print-hide">
        {notice}
        {stale && (
          <Alert color="red" variant="filled" role="alert" mb="sm" data-testid="print-stale">
            <Text fw={700}>{t('print.stale.title')}</Text>
            <Text size="sm">{t('print.stale.text')}</Text>
            <Button
              mt="xs"
              size="xs"
              variant="white"
              color="red"
              onClick={() => window.location.reload()}
              data-testid="print-reload"
            >
              {t('print.stale.reload')}
            </Button>
          </Alert>
        )}
        {failure !== null && (
          <Alert color="orange" role="alert" mb="sm" data-testid="print-log-failed">
            {t('print.logFailed', { message: errorMessage(translate, failure) })}
          </Alert>
        )}
        <Group
          justify="space-between"
          wrap="wrap"
          gap="sm"
          role="toolbar"
          aria-label={t('print.toolbar.label')}
        >
          <Group gap="sm">
            <Button
              leftSection={<IconPrinter size={16} />}
              disabled={entry === null && !onPrint}
              loading={preparing}
              onClick={() => {
                if (!onPrint) return window.print();
                setPreparing(true);
                void onPrint()
                  .then((ready) => {
                    if (ready) window.print();
                  })
                  .finally(() => setPreparing(false));
              }}
              data-testid="print-button"
            >
              {t('print.toolbar.print')}
            </Button>
            <SegmentedControl
              aria-label={t('print.toolbar.paper')}
              value={paper}
              onChange={(value) => onPaper(value as PrintPaper)}
              data={papers.map((p) => ({ value: p, label: t(`print.papers.${p}`) }))}
              data-testid="print-paper"
            />
            {logged && (
              <Text size="sm" c="dimmed" data-testid="print-logged">
                {t('print.logged')}
              </Text>
            )}
          </Group>
          <Button
            variant="default"
            leftSection={<IconArrowBack size={16} className="flip-rtl" />}
            onClick={close}
            data-testid="print-close"
          >
            {t('print.toolbar.close')}
          </Button>
        </Group>
      </div>
      <div ref={sheet}>{children}</div>
    </main>
  );
}
