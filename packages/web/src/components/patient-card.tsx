import type { ReactNode } from 'react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { displayPhone } from '../lib/phone-format.ts';
import { pathTo } from '../lib/routes.ts';
import { PatientAlertsPanel } from './patient-alerts.tsx';

/**
 * A patient's header on the board and the patient's file: name, file number, age, sex, phone, guardian, alerts
 * and notes. On the board the name opens the patient's file (`linkToFile`).
 */
export function PatientCard({
  patient,
  linkToFile = false,
  actions,
}: {
  patient: Patient;
  linkToFile?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="patient-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Title order={2} fz="h3" data-testid="patient-card-name">
            {linkToFile ? (
              <Anchor component={Link} to={pathTo('patientFile', { patientId: patient.id })} inherit>
                {patient.name}
              </Anchor>
            ) : (
              patient.name
            )}
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
              <Anchor href={`tel:${patient.phone}`} dir="ltr" size="sm" style={{ whiteSpace: 'nowrap' }}>
                {displayPhone(patient.phone, patient.country.prefix)}
              </Anchor>
            </Text>
            {patient.guardianName && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('patients.guardian')}:
                </Text>{' '}
                {/* Isolated: the guardian's name cannot reorder the phone after it. */}
                <bdi>{patient.guardianName}</bdi>
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
        {actions}
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
