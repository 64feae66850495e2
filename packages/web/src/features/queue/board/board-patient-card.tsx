import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Board } from '@basira/shared/queue/board.schemas';
import { PatientAlertsPanel } from '../../../components/patient-alerts.tsx';
import { displayPhone } from '../../../lib/phone-format.ts';

/** The board's patient header: name, file number, age, sex, phone, guardian, alerts and notes. */
export function BoardPatientCard({ patient }: { patient: Board['patient'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="board-patient">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3" data-testid="board-patient-name">
            {patient.name}
          </Title>
          <Group gap="md" wrap="wrap">
            <Text size="sm">
              <Text span c="dimmed">
                {t('patients.fileNumber')}:
              </Text>{' '}
              <Text span fw={700} ff="monospace">
                {patient.fileNumber}
              </Text>
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('patients.age')}:
              </Text>{' '}
              {patient.birthDateApproximate ? '≈ ' : ''}
              {t('patients.ageYears', { count: patient.age })}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('patients.sex')}:
              </Text>{' '}
              {patient.isMale === 1 ? t('patients.male') : t('patients.female')}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">
                {t('patients.phone')}:
              </Text>{' '}
              <Anchor href={`tel:${patient.phone}`} dir="ltr" size="sm">
                {displayPhone(patient.phone, patient.country.prefix)}
              </Anchor>
            </Text>
            {patient.guardianName && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('patients.guardian')}:
                </Text>{' '}
                {patient.guardianName}
                {patient.guardianPhone && (
                  <>
                    {' · '}
                    <bdi dir="ltr">{displayPhone(patient.guardianPhone, patient.country.prefix)}</bdi>
                  </>
                )}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
      {patient.hasAlerts && (
        <div style={{ marginBlockStart: 'var(--mantine-spacing-sm)' }}>
          <PatientAlertsPanel alerts={patient.alerts} />
        </div>
      )}
      {patient.notes && (
        <Text size="sm" mt="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {patient.notes}
        </Text>
      )}
    </Card>
  );
}
