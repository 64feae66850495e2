import {
  ActionIcon,
  Badge,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CONDITIONS } from '@basira/shared/prescribing/conditions';
import { ALLERGY_REACTIONS, ALLERGY_SEVERITIES } from '@basira/shared/prescribing/prescribing.schemas';
import { IconAlert, IconTrash } from '../../components/icons.tsx';
import { SubstancePicker } from '../../components/substance-picker.tsx';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { PatientFieldsProps } from './patient-field-props.ts';
import { emptyAllergy, type AllergyValue } from './patient-form-values.ts';

/** At most this many allergies (the server's limit). */
const MAX_ALLERGIES = 20;

/**
 * The fieldset of medical alerts (docs/prescribing.md): each allergy picked from the formulary's substances and
 * classes, or typed in the patient's words, with its reaction and severity; the patient's conditions from the list
 * the prescription is checked against; any other warning. Red once it holds an alert; empty, an ordinary fieldset
 * (red on every form would teach staff to ignore it).
 */
export function PatientAlertFields({ values, errors, set }: PatientFieldsProps) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const alerting =
    values.allergies.length > 0 || values.conditions.length > 0 || values.otherAlert.trim() !== '';
  const setAllergy = (index: number, change: Partial<AllergyValue>) =>
    set(
      'allergies',
      values.allergies.map((a, i) => (i === index ? { ...a, ...change } : a)),
    );
  const conditionOptions = CONDITIONS.filter((c) => c.recordable).map((c) => ({
    value: c.id,
    label: c[lang],
  }));

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
        <Text size="sm" fw={500}>
          {t('patients.alerts.allergies')}
        </Text>
        {values.allergies.map((allergy, i) => {
          const shown = allergy.name ? allergy.name[lang] : allergy.text;
          const unchecked = allergy.checked === false && allergy.substance === null;
          return (
            <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="patient-allergy-row">
              <SubstancePicker
                style={{ flex: '2 1 14rem' }}
                aria-label={t('patients.alerts.allergySubstance', { n: i + 1 })}
                placeholder={t('patients.alerts.allergiesHint')}
                maxLength={200}
                text={shown}
                onText={(text) => setAllergy(i, { text, substance: null, name: null, checked: null })}
                onPick={(row) =>
                  setAllergy(i, {
                    substance: row.id,
                    name: { en: row.en, ar: row.ar },
                    text: '',
                    checked: true,
                  })
                }
                error={errorText(
                  translate,
                  errors[`alerts.allergies.${i}.text`] ?? errors[`alerts.allergies.${i}.substance`],
                )}
                rightSection={
                  unchecked ? (
                    <Badge size="xs" color="orange" variant="light" data-testid="allergy-unchecked">
                      {t('patients.alerts.notChecked')}
                    </Badge>
                  ) : undefined
                }
                rightSectionWidth={unchecked ? 90 : undefined}
                data-testid="patient-allergy"
              />
              <Select
                style={{ flex: '1 1 8rem' }}
                aria-label={t('patients.alerts.reaction')}
                placeholder={t('patients.alerts.reaction')}
                data={ALLERGY_REACTIONS.map((r) => ({
                  value: r,
                  label: t(`patients.alerts.reactions.${r}`),
                }))}
                value={allergy.reaction}
                onChange={(reaction) => setAllergy(i, { reaction })}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="patient-allergy-reaction"
              />
              <Select
                style={{ flex: '1 1 7rem' }}
                aria-label={t('patients.alerts.severity')}
                placeholder={t('patients.alerts.severity')}
                data={ALLERGY_SEVERITIES.map((s) => ({
                  value: s,
                  label: t(`patients.alerts.severities.${s}`),
                }))}
                value={allergy.severity}
                onChange={(severity) => setAllergy(i, { severity })}
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="patient-allergy-severity"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={t('patients.alerts.removeAllergy', { n: i + 1 })}
                onClick={() =>
                  set(
                    'allergies',
                    values.allergies.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {values.allergies.length < MAX_ALLERGIES && (
          <Button
            variant="default"
            size="compact-sm"
            w="fit-content"
            onClick={() => set('allergies', [...values.allergies, emptyAllergy()])}
            data-testid="patient-allergy-add"
          >
            {t('patients.alerts.addAllergy')}
          </Button>
        )}
        <MultiSelect
          label={t('patients.alerts.conditions')}
          data={conditionOptions}
          value={values.conditions}
          onChange={(conditions) => set('conditions', conditions)}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          error={errorText(translate, errors['alerts.conditions'])}
          data-testid="patient-conditions"
        />
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
