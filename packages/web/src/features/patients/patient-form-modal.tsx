import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DEFAULT_COUNTRY_ID } from '@basira/shared/countries/countries.schemas';
import {
  patientCreateSchema,
  patientSchema,
  patientUpdateSchema,
  type Patient,
} from '@basira/shared/patients/patients.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { dayIn } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { staleRecord, useSchemaForm } from '../../lib/use-schema-form.ts';
import { BirthDateField } from './birth-date-field.tsx';
import type { DuplicateCandidate } from './duplicate-candidates-alert.tsx';
import { PatientAlertFields } from './patient-alert-fields.tsx';
import { PatientDetailFields } from './patient-detail-fields.tsx';
import type { SetPatientField } from './patient-field-props.ts';
import { PatientFormFooter } from './patient-form-footer.tsx';
import {
  duplicateQuery,
  emptyPatientValues,
  nextPhoneValue,
  patientBody,
  patientFormChecks,
  valuesFromPatient,
  type PatientBody,
  type PatientFormValues,
} from './patient-form-values.ts';
import { PatientPhoneFields } from './patient-phone-fields.tsx';
import { countriesQuery, fetchDuplicates, useSavePatient } from './patients.queries.ts';
import { sexOf } from '../../lib/grammar.ts';

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

function PatientForm({
  patient: given,
  initialName,
  onSaved,
  onPickExisting,
  onCancel,
  onDirtyChange,
}: PatientFormModalProps & { onCancel: () => void; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const me = useMe();
  const today = dayIn(me?.organization.timeZone);
  const countries = useQuery(countriesQuery);
  const [patient, setPatient] = useState<Patient | null>(given);
  const creating = patient === null;
  const [candidates, setCandidates] = useState<DuplicateCandidate[] | null>(null);
  const [stale, setStale] = useState<Patient | null>(null);
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSavePatient(patient?.id ?? null);
  const byId = useMemo(() => new Map((countries.data ?? []).map((c) => [c.id, c])), [countries.data]);
  // Before the list arrives the default country is Iraq (spec section 3): typing is formatted, and the form
  // checked, at once. Without this a form sent before the list came was refused as an unknown country.
  const isoOf = (id: number) => byId.get(id)?.prefix ?? (id === DEFAULT_COUNTRY_ID ? 'IQ' : undefined);
  const form = useSchemaForm({
    schema: creating ? patientCreateSchema(isoOf) : patientUpdateSchema(isoOf),
    initialValues: given
      ? valuesFromPatient(given)
      : emptyPatientValues(DEFAULT_COUNTRY_ID, initialName ?? ''),
    toBody: (v: PatientFormValues) => patientBody(v, patient ?? undefined),
    required: ['name', 'phone'],
    check: (v) => patientFormChecks(v, today),
  });
  const { values, dirty } = form;
  useEffect(() => onDirtyChange(dirty), [dirty]);

  const country = byId.get(Number(values.countryId));
  const iso = isoOf(Number(values.countryId));

  const set: SetPatientField = (key, value) => {
    form.set(key, value);
    // The duplicate check ran on these fields: changing one of them asks for a new check.
    if (['name', 'phone', 'birthMode', 'birthDate', 'age'].includes(key)) setCandidates(null);
  };

  const focusFirstError = () =>
    window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const persist = (body: PatientBody) => {
    save.mutate(body, {
      onSuccess: (saved) => {
        onDirtyChange(false);
        toastSuccess(
          creating
            ? t('patients.created', { name: saved.name, number: saved.fileNumber, context: sexOf(saved) })
            : t('patients.updated', { name: saved.name }),
        );
        onSaved(saved);
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        setStale(staleRecord(error, patientSchema) ?? stale);
        form.showServerErrors(error);
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
    const body = form.submitValues();
    if (!body) return focusFirstError();
    // A new record is checked against the organization's patients first: a warning, never a block.
    if (creating && candidates === null) {
      setChecking(true);
      try {
        const list = await fetchDuplicates(duplicateQuery(values, today));
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
    persist(body);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const changeCountry = (countryId: string) => {
    const nextIso = byId.get(Number(countryId))?.prefix;
    form.form.setValues((v) => ({
      countryId,
      // The numbers typed so far, spaced as the new country writes them.
      phone: nextPhoneValue('', v.phone ?? '', nextIso),
      phone2: nextPhoneValue('', v.phone2 ?? '', nextIso),
      guardianPhone: nextPhoneValue('', v.guardianPhone ?? '', nextIso),
    }));
    setCandidates(null);
  };
  const fields = { values, errors: form.errors, set };

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
            error={form.error('name')}
            data-testid="patient-name"
          />
          <Radio.Group
            label={t('patients.sex')}
            withAsterisk
            value={values.isMale}
            onChange={(value) => set('isMale', value as '0' | '1')}
            error={form.error('isMale')}
            data-testid="patient-sex"
          >
            <Group gap="lg" mt={8}>
              <Radio value="1" label={t('patients.male')} data-testid="patient-male" />
              <Radio value="0" label={t('patients.female')} data-testid="patient-female" />
            </Group>
          </Radio.Group>
        </SimpleGrid>

        <BirthDateField {...fields} today={today} />

        <PatientPhoneFields
          {...fields}
          countries={countries.data ?? []}
          country={country}
          iso={iso}
          onCountryChange={changeCountry}
        />

        <PatientAlertFields {...fields} />

        <PatientDetailFields {...fields} country={country} iso={iso} />

        <PatientFormFooter
          creating={creating}
          saving={save.isPending || checking}
          stale={stale}
          candidates={candidates}
          onKeepMine={() => {
            setPatient(stale);
            setStale(null);
          }}
          onPickExisting={onPickExisting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
