import { Checkbox, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../components/icons.tsx';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { PatientFieldsProps } from './patient-field-props.ts';

/**
 * The fieldset of medical alerts: allergies, diabetes, hypertension and any other warning. Red once it holds an
 * alert; empty, it is an ordinary fieldset (red on every form would teach staff to ignore it).
 */
export function PatientAlertFields({ values, errors, set }: PatientFieldsProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const alerting = Boolean(
    values.allergies.trim() || values.diabetes || values.hypertension || values.otherAlert.trim(),
  );
  return (
    <Fieldset
      legend={
        <Group gap={6}>
          <IconAlert
            size={16}
            color={alerting ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-dimmed)'}
          />
          <Text span fw={600} c={alerting ? 'red.8' : undefined}>
            {t('patients.alerts.title')}
          </Text>
        </Group>
      }
      style={alerting ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
      data-alerting={alerting || undefined}
      data-testid="patient-alerts-fields"
    >
      <Stack gap="xs">
        <TextInput
          label={t('patients.alerts.allergies')}
          placeholder={t('patients.alerts.allergiesHint')}
          maxLength={500}
          value={values.allergies}
          onChange={(e) => set('allergies', e.currentTarget.value)}
          error={errorText(translate, errors['alerts.allergies'])}
          data-testid="patient-allergies"
        />
        <Group gap="lg">
          <Checkbox
            label={t('patients.alerts.diabetes')}
            checked={values.diabetes}
            onChange={(e) => set('diabetes', e.currentTarget.checked)}
            data-testid="patient-diabetes"
          />
          <Checkbox
            label={t('patients.alerts.hypertension')}
            checked={values.hypertension}
            onChange={(e) => set('hypertension', e.currentTarget.checked)}
            data-testid="patient-hypertension"
          />
        </Group>
        <TextInput
          label={t('patients.alerts.other')}
          maxLength={500}
          value={values.otherAlert}
          onChange={(e) => set('otherAlert', e.currentTarget.value)}
          error={errorText(translate, errors['alerts.other'])}
        />
      </Stack>
    </Fieldset>
  );
}
