import { Alert, Badge, Group, List, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { isolated } from '@basira/shared/clinical/ltr-text';
import { conditionDef } from '@basira/shared/prescribing/conditions';
import type { PatientAllergy } from '@basira/shared/prescribing/prescribing.schemas';
import type { PatientAlerts as Alerts } from '@basira/shared/patients/patients.schemas';
import { IconAlert } from './icons.tsx';
import { useHoverTooltip } from './hover-tooltip.tsx';

type Translate = (key: string, values?: Record<string, string>) => string;

/** An allergy as staff read it: the substance picked (in the interface's language) or the words recorded. */
export function allergyName(
  allergy: Pick<PatientAllergy, 'name' | 'text' | 'substance'>,
  lang: string,
): string {
  const picked = allergy.name ? (lang === 'en' ? allergy.name.en : allergy.name.ar) : null;
  return picked ?? allergy.text ?? allergy.substance ?? '';
}

/** An allergy with its reaction and severity: `Sulfonamide (swelling, severe)`. */
function allergyText(allergy: PatientAllergy, lang: string, t: Translate): string {
  const details = [
    allergy.reaction ? t(`patients.alerts.reactions.${allergy.reaction}`) : null,
    allergy.severity ? t(`patients.alerts.severities.${allergy.severity}`) : null,
  ].filter(Boolean);
  // The words as recorded, isolated: they cannot reorder the reaction and severity after them.
  const name = isolated(allergyName(allergy, lang));
  return details.length ? `${name} (${details.join(t('common.listSeparator'))})` : name;
}

/** The alerts as lines of text: each allergy, the conditions, the free text. */
export function alertLines(alerts: Alerts, t: Translate, lang: string) {
  const lines: string[] = alerts.allergies.map((a) =>
    t(a.matched.length ? 'patients.alerts.allergyLine' : 'patients.alerts.allergyUnchecked', {
      allergies: allergyText(a, lang, t),
    }),
  );
  const conditions = alerts.conditions.map((id) => conditionDef(id)?.[lang === 'en' ? 'en' : 'ar'] ?? id);
  if (conditions.length) lines.push(conditions.join(t('common.listSeparator')));
  if (alerts.other) lines.push(alerts.other);
  return lines;
}

/**
 * A patient's alerts in red (allergies, conditions, free text): never missed. An allergy the prescription checker
 * could not read as a substance says so ("not checked"), so that no one trusts a silence that is not one.
 */
export function PatientAlertsPanel({ alerts }: { alerts: Alerts }) {
  const { t, i18n } = useTranslation();
  const conditions = alerts.conditions.map(
    (id) => conditionDef(id)?.[i18n.language === 'en' ? 'en' : 'ar'] ?? id,
  );
  if (alerts.allergies.length === 0 && conditions.length === 0 && !alerts.other) return null;
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
        {alerts.allergies.map((allergy, i) => (
          <List.Item key={`a${i}`} data-testid="patient-allergy">
            <Group gap={6} wrap="wrap">
              <span>
                {t('patients.alerts.allergyLine', { allergies: allergyText(allergy, i18n.language, t) })}
              </span>
              {allergy.matched.length === 0 && (
                <Badge size="xs" color="orange" variant="light" data-testid="allergy-unchecked">
                  {t('patients.alerts.notChecked')}
                </Badge>
              )}
            </Group>
          </List.Item>
        ))}
        {conditions.length > 0 && (
          <List.Item data-testid="patient-conditions">{conditions.join(t('common.listSeparator'))}</List.Item>
        )}
        {alerts.other && <List.Item>{alerts.other}</List.Item>}
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
  const { t, i18n } = useTranslation();
  const lines = alerts ? alertLines(alerts, t, i18n.language) : [];
  const text = lines.length > 0 ? lines.join(t('common.listSeparator')) : t('patients.alerts.title');
  const hint = useHoverTooltip(text, { multiline: true, maw: 320 });
  return (
    <>
      <ThemeIcon
        {...hint.targetProps}
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
      {hint.tooltip}
    </>
  );
}
