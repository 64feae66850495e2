import { useEffect, type ReactNode } from 'react';
import { Box, Button, Group, LoadingOverlay, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { IconArrowBack } from './icons.tsx';

export interface PageFrameProps {
  title: string;
  /** Back goes one step back in history (spec); without history it goes to `backFallback`. */
  back?: boolean;
  backFallback?: string;
  loading?: boolean;
  /** Slot for the patient's name on patient screens. */
  patientName?: ReactNode;
  /** Slot for buttons in the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}

/** Whether the browser history has a step to go back to inside this app (React Router counts them). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The page frame of spec section 2, used by every screen: title, Back, loading, patient name, buttons, footer. */
export function PageFrame({
  title,
  back = true,
  backFallback = '/user/portal',
  loading = false,
  patientName,
  actions,
  footer,
  children,
}: PageFrameProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  return (
    <Stack gap="md" component="section" aria-labelledby="page-title" data-testid="page-frame">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm" align="center" wrap="nowrap">
          {back && (
            <Button
              variant="subtle"
              size="compact-md"
              leftSection={<IconArrowBack />}
              onClick={() => (canGoBack() ? navigate(-1) : navigate(backFallback))}
            >
              {t('common.back')}
            </Button>
          )}
          <Title order={1} fz="h2" id="page-title">
            {title}
          </Title>
          {patientName && (
            <Text c="dimmed" fw={500} data-testid="patient-name">
              {patientName}
            </Text>
          )}
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      <Box pos="relative" mih={loading ? 120 : undefined}>
        <LoadingOverlay
          visible={loading}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('common.loading') }}
        />
        {children}
      </Box>
      {footer && (
        // Sticky: the form's buttons stay in reach below a long list (the role screen's permissions).
        <Paper
          withBorder
          p="sm"
          component="footer"
          shadow="xs"
          style={{ position: 'sticky', insetBlockEnd: 0, zIndex: 3 }}
        >
          <Group justify="flex-end" gap="sm">
            {footer}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
