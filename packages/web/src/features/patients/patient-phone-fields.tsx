import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Country } from '@basira/shared/countries/countries.schemas';
import { IconCheck } from '../../components/icons.tsx';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { PatientFieldsProps } from './patient-field-props.ts';
import { nextPhoneValue, phoneCheck } from './patient-form-values.ts';

const countryLabel = (country: Country, lang: string) =>
  `${lang === 'en' ? country.name : country.arabicName} (${country.phoneCode})`;

/** The chosen country: the record's and, through its ISO prefix, how its phone numbers are written. */
interface PhoneCountryProps {
  country: Country | undefined;
  iso: string | undefined;
}

/** One phone number box: spaced as the country writes numbers, with the full number (or a warning) beneath. */
export function PatientPhoneInput({
  field,
  label,
  required,
  values,
  errors,
  set,
  country,
  iso,
}: PatientFieldsProps &
  PhoneCountryProps & { field: 'phone' | 'phone2' | 'guardianPhone'; label: string; required?: boolean }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const value = values[field];
  const phoneState = () => {
    if (!value.trim()) return undefined;
    const checked = phoneCheck(value, iso);
    return checked ? (
      <Group gap={4} component="span" c="green.9">
        <IconCheck size={14} />
        <bdi dir="ltr">{checked.international}</bdi>
      </Group>
    ) : (
      <Text span size="xs" c="orange.9">
        {t('patients.phoneIncomplete', { country: country ? countryLabel(country, lang) : '' })}
      </Text>
    );
  };
  return (
    <TextInput
      label={label}
      withAsterisk={required}
      aria-required={required}
      maxLength={40}
      description={phoneState()}
      value={value}
      type="tel"
      dir="ltr"
      inputMode="tel"
      autoComplete="off"
      error={errorText(translate, errors[field])}
      onChange={(event) => {
        const input = event.currentTarget;
        const atEnd = input.selectionStart === null || input.selectionStart >= input.value.length;
        set(field, nextPhoneValue(value, input.value, iso, atEnd));
      }}
      data-testid={`patient-${field}`}
    />
  );
}

/** The country and the patient's two phone numbers; a new country re-spaces the numbers typed so far. */
export function PatientPhoneFields({
  countries,
  onCountryChange,
  ...props
}: PatientFieldsProps &
  PhoneCountryProps & { countries: Country[]; onCountryChange: (countryId: string) => void }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label={t('patients.country')}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t('patientPicker.none')}
        data={countries.map((c) => ({ value: String(c.id), label: countryLabel(c, lang) }))}
        value={props.values.countryId}
        onChange={(value) => {
          if (value) onCountryChange(value);
        }}
        error={errorText(translate, props.errors.countryId)}
        data-testid="patient-country"
      />
      <PatientPhoneInput field="phone" label={t('patients.phone')} required {...props} />
      <PatientPhoneInput field="phone2" label={t('patients.phone2')} {...props} />
    </SimpleGrid>
  );
}
