import { useMemo, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Country } from '@basira/shared/countries/countries.schemas';
import { DEFAULT_COUNTRY_ID } from '@basira/shared/countries/countries.schemas';
import {
  patientCreateSchema,
  patientSchema,
  patientUpdateSchema,
  referralSources,
  type Patient,
} from '@basira/shared/patients/patients.schemas';
import { IconAlert, IconCheck } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { dayIn, useFormatters } from '../../lib/format.ts';
import { errorText, schemaValidator, serverFieldErrors, type ErrorKeys } from '../../lib/form-validation.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useUnsavedInput } from '../../lib/unsaved-input.ts';
import {
  ageFromBirthDate,
  birthDateFromAge,
  emptyPatientValues,
  monthsFromBirthDate,
  nextPhoneValue,
  parseAge,
  patientBody,
  phoneCheck,
  valuesFromPatient,
  type PatientFormValues,
} from './patient-form-values.ts';
import { countriesQuery, fetchDuplicates, useSavePatient } from './patients.queries.ts';

type Candidate = Awaited<ReturnType<typeof fetchDuplicates>>[number];

export interface PatientFormModalProps {
  opened: boolean;
  /** The record being edited; null registers a new patient. */
  patient: Patient | null;
  /** A new patient's name, typed elsewhere (the queue's search box). */
  initialName?: string;
  onClose: () => void;
  onSaved: (patient: Patient) => void;
  /** "Use this patient" on a duplicate candidate. */
  onPickExisting?: (patientId: number) => void;
}

/** Add and edit a patient: every field of the record, the duplicate warning, nothing lost on a failed save. */
export function PatientFormModal(props: PatientFormModalProps) {
  const { t } = useTranslation();
  const title = props.patient ? t('patients.editTitle') : t('patients.addTitle');
  const [dirty, setDirty] = useState(false);
  const close = () => {
    if (!dirty) return props.onClose();
    modals.openConfirmModal({
      title: t('patients.discardTitle'),
      children: <Text size="sm">{t('patients.discardText')}</Text>,
      labels: { confirm: t('patients.discardYes'), cancel: t('patients.discardNo') },
      confirmProps: { color: 'red', 'data-testid': 'discard-yes' } as Record<string, unknown>,
      onConfirm: () => {
        setDirty(false);
        props.onClose();
      },
    });
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={title}
      size="xl"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="patient-form-modal"
    >
      {props.opened && (
        <PatientForm
          key={props.patient ? `${props.patient.id}` : 'new'}
          {...props}
          onCancel={close}
          onDirtyChange={setDirty}
        />
      )}
    </Modal>
  );
}

const countryLabel = (country: Country, lang: string) =>
  `${lang === 'en' ? country.name : country.arabicName} (${country.phoneCode})`;

function PatientForm({
  patient: given,
  initialName,
  onSaved,
  onPickExisting,
  onCancel,
  onDirtyChange,
}: PatientFormModalProps & { onCancel: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const me = useMe();
  const today = dayIn(me?.organization.timeZone);
  const countries = useQuery(countriesQuery);
  const [patient, setPatient] = useState<Patient | null>(given);
  const creating = patient === null;
  const initial = useMemo(
    () => (given ? valuesFromPatient(given) : emptyPatientValues(DEFAULT_COUNTRY_ID, initialName ?? '')),
    [given, initialName],
  );
  const [values, setValues] = useState<PatientFormValues>(initial);
  const [errors, setErrors] = useState<ErrorKeys>({});
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [stale, setStale] = useState<Patient | null>(null);
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePatient(patient?.id ?? null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedInput(dirty);
  const lang = i18n.resolvedLanguage ?? i18n.language;

  const byId = useMemo(() => new Map((countries.data ?? []).map((c) => [c.id, c])), [countries.data]);
  const country = byId.get(Number(values.countryId));
  // Before the list arrives the default country is Iraq (spec section 3): typing is formatted at once.
  const iso = country?.prefix ?? (Number(values.countryId) === DEFAULT_COUNTRY_ID ? 'IQ' : undefined);
  const isoOf = (id: number) => byId.get(id)?.prefix;

  const set = <K extends keyof PatientFormValues>(key: K, value: PatientFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    onDirtyChange(true);
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
    if (key === 'name' || key === 'phone' || key === 'birthDate') setCandidates(null);
  };

  const phoneInput = (key: 'phone' | 'phone2' | 'guardianPhone') => ({
    value: values[key],
    type: 'tel',
    dir: 'ltr' as const,
    inputMode: 'tel' as const,
    autoComplete: 'off',
    error: errorText(translate, errors[key]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const atEnd = input.selectionStart === null || input.selectionStart >= input.value.length;
      set(key, nextPhoneValue(values[key], input.value, iso, atEnd));
    },
    'data-testid': `patient-${key}`,
  });

  const phoneState = (key: 'phone' | 'phone2' | 'guardianPhone') => {
    if (!values[key].trim()) return undefined;
    const checked = phoneCheck(values[key], iso);
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

  const focusFirstError = () =>
    window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const validate = (): ErrorKeys => {
    const body = patientBody(values, patient ?? undefined);
    const schema = creating ? patientCreateSchema(isoOf) : patientUpdateSchema(isoOf);
    const found = schemaValidator<Record<string, unknown>>(schema, ['name', 'phone'])(body);
    if (values.isMale === '') found.isMale = 'isMale.required';
    if (values.birthMode === 'age') {
      if (!values.age.trim()) found.age = 'birth.required';
      else if (parseAge(values.age) === null) found.age = 'age.invalid';
    } else if (!values.birthDate) found.birthDate = 'birth.required';
    else if (values.birthDate > today) found.birthDate = 'birthDate.future';
    return found;
  };

  const persist = () => {
    const body = patientBody(values, patient ?? undefined);
    save.mutate(body, {
      onSuccess: (saved) => {
        onDirtyChange(false);
        toastSuccess(
          creating
            ? t('patients.created', { name: saved.name, number: saved.fileNumber })
            : t('patients.updated', { name: saved.name }),
        );
        onSaved(saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        if (isApiError(error) && error.code === 'stale_version') {
          const current = patientSchema.safeParse(error.data);
          if (current.success) setStale(current.data);
        }
        setErrors(isApiError(error) ? serverFieldErrors(error.errors) : {});
        focusFirstError();
        toastError(
          creating ? t('patients.createFailed') : t('patients.updateFailed'),
          errorMessage(translate, error),
        );
      },
    });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending || checking) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    // A new record is checked against the organization's patients first: a warning, never a block.
    if (creating && candidates === null) {
      setChecking(true);
      try {
        const list = await fetchDuplicates({
          name: values.name.trim(),
          phone: values.phone.trim(),
          countryId: Number(values.countryId),
          ...(values.birthMode === 'date' && values.birthDate
            ? { birthDate: values.birthDate }
            : values.birthMode === 'age' && parseAge(values.age) !== null
              ? { birthDate: birthDateFromAge(parseAge(values.age)!, today) ?? undefined }
              : {}),
        });
        if (list.length > 0) {
          setCandidates(list);
          return;
        }
      } catch {
        // The check could not run: saving goes on (it only warns).
      } finally {
        setChecking(false);
      }
    }
    persist();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const age = parseAge(values.age);
  const computedAge = ageFromBirthDate(values.birthDate, today);
  const months = monthsFromBirthDate(values.birthDate, today);
  const referralOptions = [
    ...referralSources.map((value) => ({ value, label: t(`patients.referral.${value}`) })),
    ...(values.referralSource && !(referralSources as readonly string[]).includes(values.referralSource)
      ? [{ value: values.referralSource, label: values.referralSource }]
      : []),
  ];

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
      noValidate
      data-testid="patient-form"
    >
      <Stack gap="md">
        {patient && (
          <Text size="sm" c="dimmed">
            {t('patients.fileNumberShort', { number: patient.fileNumber })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('patients.name')}
            withAsterisk
            aria-required
            data-autofocus
            maxLength={200}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorText(translate, errors.name)}
            data-testid="patient-name"
          />
          <Radio.Group
            label={t('patients.sex')}
            withAsterisk
            value={values.isMale}
            onChange={(value) => set('isMale', value as '0' | '1')}
            error={errorText(translate, errors.isMale)}
            data-testid="patient-sex"
          >
            <Group gap="lg" mt={8}>
              <Radio value="1" label={t('patients.male')} data-testid="patient-male" />
              <Radio value="0" label={t('patients.female')} data-testid="patient-female" />
            </Group>
          </Radio.Group>
        </SimpleGrid>

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
                age !== null && birthDateFromAge(age, today)
                  ? t('patients.approxBirth', { date: format.date(birthDateFromAge(age, today)!) })
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

        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('patients.country')}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('patientPicker.none')}
            data={(countries.data ?? []).map((c) => ({ value: String(c.id), label: countryLabel(c, lang) }))}
            value={values.countryId}
            onChange={(value) => {
              if (!value) return;
              const nextIso = byId.get(Number(value))?.prefix;
              setValues((v) => ({
                ...v,
                countryId: value,
                // The numbers typed so far, spaced as the new country writes them.
                phone: nextPhoneValue('', v.phone, nextIso),
                phone2: nextPhoneValue('', v.phone2, nextIso),
                guardianPhone: nextPhoneValue('', v.guardianPhone, nextIso),
              }));
              onDirtyChange(true);
            }}
            error={errorText(translate, errors.countryId)}
            data-testid="patient-country"
          />
          <TextInput
            label={t('patients.phone')}
            withAsterisk
            aria-required
            maxLength={40}
            description={phoneState('phone')}
            {...phoneInput('phone')}
          />
          <TextInput
            label={t('patients.phone2')}
            maxLength={40}
            description={phoneState('phone2')}
            {...phoneInput('phone2')}
          />
        </SimpleGrid>

        <Fieldset
          legend={
            <Group gap={6}>
              <IconAlert size={16} color="var(--mantine-color-red-7)" />
              <Text span fw={600} c="red.8">
                {t('patients.alerts.title')}
              </Text>
            </Group>
          }
          style={{ borderColor: 'var(--mantine-color-red-4)' }}
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
            <TextInput
              label={t('patients.guardianPhone')}
              maxLength={40}
              description={phoneState('guardianPhone')}
              {...phoneInput('guardianPhone')}
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

        <Box
          style={{
            position: 'sticky',
            insetBlockEnd: 0,
            background: 'var(--mantine-color-body)',
            borderBlockStart: '1px solid var(--mantine-color-default-border)',
            zIndex: 2,
          }}
          py="sm"
        >
          {/* Always in sight: the warning next to the button it changes. */}
          <Stack gap="sm">
            {stale && (
              <Alert color="orange" role="alert" title={t('patients.staleTitle')} data-testid="patient-stale">
                <Text size="sm">{t('patients.staleText', { at: format.dateTime(stale.updatedAt) })}</Text>
                <Group mt="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      setPatient(stale);
                      setStale(null);
                    }}
                    data-testid="patient-stale-keep"
                  >
                    {t('patients.staleKeepMine')}
                  </Button>
                </Group>
              </Alert>
            )}

            {candidates && candidates.length > 0 && (
              <Alert
                color="yellow"
                role="alert"
                title={t('patients.duplicatesTitle', { count: candidates.length })}
                data-testid="patient-duplicates"
              >
                <Stack gap={6}>
                  <Text size="sm">{t('patients.duplicatesText')}</Text>
                  {candidates.map((c) => (
                    <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="duplicate-candidate">
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {c.name}{' '}
                          <Text span size="xs" c="dimmed">
                            {t('patients.fileNumberShort', { number: c.fileNumber })}
                          </Text>
                        </Text>
                        <Text size="xs" c="dimmed">
                          <bdi dir="ltr">{displayPhone(c.phone)}</bdi> · {format.date(c.birthDate)} ·{' '}
                          {c.reasons
                            .map((r) => t(`patients.duplicateReason.${r}`))
                            .join(t('common.listSeparator'))}
                        </Text>
                      </Stack>
                      {onPickExisting && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => onPickExisting(c.id)}
                          data-testid="duplicate-use"
                        >
                          {t('patients.useExisting')}
                        </Button>
                      )}
                    </Group>
                  ))}
                </Stack>
              </Alert>
            )}

            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {t('patients.saveHint')}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={onCancel}>
                  {t('common.cancel')}
                </Button>
                <Button
                  type="submit"
                  loading={save.isPending || checking}
                  color={candidates && candidates.length > 0 ? 'orange' : undefined}
                  data-testid="patient-submit"
                >
                  {candidates && candidates.length > 0
                    ? t('patients.saveAnyway')
                    : creating
                      ? t('common.add')
                      : t('common.update')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </form>
  );
}
