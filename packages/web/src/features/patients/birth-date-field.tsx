import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from '../../i18n/use-translation.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { errorText } from '../../lib/form-validation.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import type { PatientFieldsProps } from './patient-field-props.ts';
import { ageOn, birthDateForAge, monthsOn } from '@basira/shared/dates/calendar';
import { parseAge } from './patient-form-values.ts';

/** The patient's age or birth date (either one is asked), with the other worked out beneath it. */
export function BirthDateField({ values, errors, set, today }: PatientFieldsProps & { today: string }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const age = parseAge(values.age);
  const computedAge = ageOn(values.birthDate, today);
  const months = monthsOn(values.birthDate, today);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="xs">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="birth-mode-label">
          {t('patients.birthMode')}
        </Text>
        <SegmentedControl
          aria-labelledby="birth-mode-label"
          value={values.birthMode}
          onChange={(mode) => set('birthMode', mode as 'age' | 'date')}
          data={[
            { value: 'age', label: t('patients.byAge') },
            { value: 'date', label: t('patients.byBirthDate') },
          ]}
          data-testid="patient-birth-mode"
        />
      </Stack>
      {values.birthMode === 'age' ? (
        <TextInput
          label={t('patients.age')}
          withAsterisk
          inputMode="numeric"
          maxLength={3}
          value={values.age}
          onChange={(e) => set('age', e.currentTarget.value)}
          error={errorText(translate, errors.age)}
          description={
            age !== null && birthDateForAge(age, today)
              ? t('patients.approxBirth', { year: birthDateForAge(age, today)!.slice(0, 4) })
              : t('patients.ageHint')
          }
          data-testid="patient-age"
        />
      ) : (
        <DateInput
          label={t('patients.birthDate')}
          withAsterisk
          value={values.birthDate}
          onChange={(value) => set('birthDate', value)}
          dateParser={(text) => parseTypedDate(text)}
          valueFormat="YYYY-MM-DD"
          maxDate={today}
          defaultLevel="decade"
          placeholder={t('patients.datePlaceholder')}
          error={errorText(translate, errors.birthDate)}
          description={
            computedAge !== null
              ? computedAge < 2 && months !== null
                ? t('patients.ageMonths', { count: months })
                : t('patients.ageYears', { count: computedAge })
              : t('patients.dateHint')
          }
          popoverProps={{ withinPortal: true }}
          data-testid="patient-birth-date"
        />
      )}
    </SimpleGrid>
  );
}
