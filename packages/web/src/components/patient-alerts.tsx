import { Alert, List, ThemeIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientAlerts as Alerts } from '@basira/shared/patients/patients.schemas';
import { IconAlert } from './icons.tsx';

/** The alerts as lines of text: allergies, diabetes, hypertension, other. */
export function alertLines(alerts: Alerts, t: (key: string, values?: Record<string, string>) => string) {
  const lines: string[] = [];
  if (alerts.allergies) lines.push(t('patients.alerts.allergyLine', { allergies: alerts.allergies }));
  if (alerts.diabetes) lines.push(t('patients.alerts.diabetes'));
  if (alerts.hypertension) lines.push(t('patients.alerts.hypertension'));
  if (alerts.other) lines.push(alerts.other);
  return lines;
}

/** A patient's alerts in red (allergies to dilating drops, diabetes, hypertension…): never missed. */
export function PatientAlertsPanel({ alerts }: { alerts: Alerts }) {
  const { t } = useTranslation();
  const lines = alertLines(alerts, t);
  if (lines.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('patients.alerts.title')}
      icon={<IconAlert />}
      data-testid="patient-alerts"
      styles={{ root: { borderInlineStart: '4px solid var(--mantine-color-red-7)' } }}
    >
      <List size="sm" spacing={2} fw={600} className="patient-alert-lines">
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A small red mark beside a name in lists, with the alerts in its tooltip and its accessible name. */
export function AlertMark({
  alerts,
  focusable = true,
}: {
  alerts?: Alerts | undefined;
  focusable?: boolean;
}) {
  const { t } = useTranslation();
  const lines = alerts ? alertLines(alerts, t) : [];
  const text = lines.length > 0 ? lines.join(t('common.listSeparator')) : t('patients.alerts.title');
  return (
    <Tooltip label={text} multiline maw={320}>
      <ThemeIcon
        component="span"
        role="img"
        aria-label={text}
        tabIndex={focusable ? 0 : undefined}
        color="red"
        variant="light"
        size="sm"
        radius="xl"
        data-testid="alert-mark"
      >
        <IconAlert size={14} />
      </ThemeIcon>
    </Tooltip>
  );
}
