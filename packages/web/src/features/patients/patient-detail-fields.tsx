import { Fieldset, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Country } from '@basira/shared/countries/countries.schemas';
import { referralSources } from '@basira/shared/patients/patients.schemas';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { PatientFieldsProps } from './patient-field-props.ts';
import { PatientPhoneInput } from './patient-phone-fields.tsx';

/** The optional rest of the record: guardian, national id, occupation, address, referral source and notes. */
export function PatientDetailFields({
  country,
  iso,
  ...props
}: PatientFieldsProps & { country: Country | undefined; iso: string | undefined }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const { values, errors, set } = props;
  const referralOptions = [
    ...referralSources.map((value) => ({ value, label: t(`patients.referral.${value}`) })),
    ...(values.referralSource && !(referralSources as readonly string[]).includes(values.referralSource)
      ? [{ value: values.referralSource, label: values.referralSource }]
      : []),
  ];
  return (
    <>
      <Fieldset legend={t('patients.guardian')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('patients.guardianName')}
            maxLength={200}
            value={values.guardianName}
            onChange={(e) => set('guardianName', e.currentTarget.value)}
            error={errorText(translate, errors.guardianName)}
            data-testid="patient-guardianName"
          />
          <PatientPhoneInput
            field="guardianPhone"
            label={t('patients.guardianPhone')}
            country={country}
            iso={iso}
            {...props}
          />
        </SimpleGrid>
      </Fieldset>

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput
          label={t('patients.nationalId')}
          maxLength={40}
          dir="ltr"
          value={values.nationalId}
          onChange={(e) => set('nationalId', e.currentTarget.value)}
          error={errorText(translate, errors.nationalId)}
        />
        <TextInput
          label={t('patients.occupation')}
          maxLength={120}
          value={values.occupation}
          onChange={(e) => set('occupation', e.currentTarget.value)}
          error={errorText(translate, errors.occupation)}
        />
        <TextInput
          label={t('patients.address')}
          maxLength={300}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errorText(translate, errors.address)}
        />
        <Select
          label={t('patients.referralSource')}
          clearable
          data={referralOptions}
          value={values.referralSource || null}
          onChange={(value) => set('referralSource', value ?? '')}
          error={errorText(translate, errors.referralSource)}
        />
      </SimpleGrid>
      <Textarea
        label={t('patients.notes')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={10_000}
        value={values.notes}
        onChange={(e) => set('notes', e.currentTarget.value)}
        error={errorText(translate, errors.notes)}
      />
    </>
  );
}
