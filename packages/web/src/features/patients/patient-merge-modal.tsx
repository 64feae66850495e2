import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Patient, PatientSummary } from '@basira/shared/patients/patients.schemas';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useMergePatients } from './patients.queries.ts';
import { sexOf } from '../../lib/grammar.ts';

type Person = Pick<Patient, 'id' | 'name' | 'fileNumber' | 'phone' | 'birthDate'>;

/**
 * Two records of one person (Administrator): pick the other record and the survivor; the other's visits,
 * documents and exam records move to the survivor and the other is retired (audited, not restorable).
 */
export function PatientMergeModal({ patient, onClose }: { patient: Patient | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={patient !== null}
      onClose={onClose}
      title={t('patients.merge.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {patient && <MergeForm patient={patient} onClose={onClose} />}
    </Modal>
  );
}

function MergeForm({ patient, onClose }: { patient: Patient; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const merge = useMergePatients();
  const [other, setOther] = useState<PatientSummary | null>(null);
  const [survivor, setSurvivor] = useState<string>(String(patient.id));

  const describe = (p: Person) =>
    `${p.name} · ${t('patients.fileNumberShort', { number: p.fileNumber })} · ${displayPhone(p.phone)} · ${format.date(p.birthDate)}`;

  const submit = () => {
    if (!other) return;
    const survivorId = Number(survivor);
    const mergedId = survivorId === patient.id ? other.id : patient.id;
    merge.mutate(
      { survivorId, mergedId },
      {
        onSuccess: (result) => {
          toastSuccess(
            t('patients.merge.done', {
              name: result.survivor.name,
              visits: result.moved.visits,
              documents: result.moved.documents,
              exams: result.moved.exams,
            }),
          );
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          toastError(t('patients.merge.failed'), errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('patients.merge.text')}</Text>
      <PatientPicker
        label={t('patients.merge.other')}
        value={other}
        onChange={(chosen) => {
          setOther(chosen);
          setSurvivor(String(patient.id));
        }}
        excludeId={patient.id}
        autoFocus
        testId="merge-picker"
      />
      {other && (
        <Radio.Group label={t('patients.merge.survivor')} value={survivor} onChange={setSurvivor}>
          <Stack gap="xs" mt={6}>
            <Radio value={String(patient.id)} label={describe(patient)} data-testid="merge-keep-this" />
            <Radio value={String(other.id)} label={describe(other)} data-testid="merge-keep-other" />
          </Stack>
        </Radio.Group>
      )}
      {other && (
        <Alert color="orange">
          {t('patients.merge.warning', {
            name: (Number(survivor) === patient.id ? other : patient).name,
            context: sexOf(Number(survivor) === patient.id ? other : patient),
          })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="orange"
          disabled={!other}
          loading={merge.isPending}
          onClick={submit}
          data-testid="merge-submit"
        >
          {t('patients.merge.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
