import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PrintSetting } from '@basira/shared/print/print-settings.schemas';
import type { PrintFrameData } from '@basira/shared/print/printing.schemas';
import { dayIn } from '../../lib/format.ts';
import { useMe } from '../../lib/use-me.ts';
import { PrintFrame } from './print-frame.tsx';
import { SAMPLE_SPECTACLES, samplePatient } from './sample-prescription.ts';
import { SpectacleRxSheet } from './spectacle-rx-sheet.tsx';

/** The sheet's own size (untransformed) and the width the preview may take. */
interface Measured {
  available: number;
  width: number;
  height: number;
}

/**
 * A sample spectacle prescription printed with the setting being edited, on its paper, scaled down to the
 * column it sits in (never up): what the clinic will get, as the user types.
 */
export function PrintSettingsPreview({ setting }: { setting: PrintSetting }) {
  const { t } = useTranslation();
  const me = useMe();
  const outer = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Measured>({ available: 0, width: 0, height: 0 });

  useLayoutEffect(() => {
    const measure = () => {
      if (!outer.current || !sheet.current) return;
      const next = {
        available: outer.current.clientWidth,
        width: sheet.current.offsetWidth,
        height: sheet.current.offsetHeight,
      };
      setBox((current) =>
        current.available === next.available && current.width === next.width && current.height === next.height
          ? current
          : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (outer.current) observer.observe(outer.current);
    if (sheet.current) observer.observe(sheet.current);
    return () => observer.disconnect();
  }, []);

  const scale = box.width > 0 && box.available > 0 ? Math.min(1, box.available / box.width) : 1;
  const organization = me?.organization;
  const frame = useMemo<PrintFrameData>(
    () => ({
      organization: { name: organization?.name ?? t('app.name'), timeZone: organization?.timeZone ?? 'UTC' },
      setting,
    }),
    [organization?.name, organization?.timeZone, setting, t],
  );
  const patient = useMemo(() => samplePatient(t('printSetting.preview.patientName')), [t]);

  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby="print-setting-preview-title"
      data-testid="print-setting-preview"
      data-paper={setting.paperSize}
    >
      <Title order={2} fz="h4" id="print-setting-preview-title">
        {t('printSetting.preview.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('printSetting.preview.hint', { paper: setting.paperSize })}
      </Text>
      <Box
        ref={outer}
        bg="gray.3"
        p={0}
        style={{
          display: 'flex',
          justifyContent: 'center',
          overflow: 'hidden',
          blockSize: box.height > 0 ? Math.ceil(box.height * scale) : undefined,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <div
          ref={sheet}
          style={{
            flex: 'none',
            inlineSize: 'max-content',
            alignSelf: 'flex-start',
            transform: `scale(${scale})`,
            transformOrigin: 'top center',
          }}
        >
          <PrintFrame
            frame={frame}
            paper={setting.paperSize}
            title={t('printSetting.preview.sheetTitle')}
            patient={patient}
            date={dayIn(organization?.timeZone)}
          >
            <SpectacleRxSheet data={SAMPLE_SPECTACLES} zeroAs={setting.zeroAs} />
          </PrintFrame>
        </div>
      </Box>
    </Paper>
  );
}
