import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { DuplicateCandidatesAlert, type DuplicateCandidate } from './duplicate-candidates-alert.tsx';
import { StaleRecordAlert } from './stale-record-alert.tsx';

export interface PatientFormFooterProps {
  creating: boolean;
  saving: boolean;
  stale: Patient | null;
  candidates: DuplicateCandidate[] | null;
  onKeepMine: () => void;
  onPickExisting?: (patientId: number) => void;
  onCancel: () => void;
}

/** The patient form's sticky bottom bar: the save and cancel buttons, with the warnings that change them. */
export function PatientFormFooter({
  creating,
  saving,
  stale,
  candidates,
  onKeepMine,
  onPickExisting,
  onCancel,
}: PatientFormFooterProps) {
  const { t } = useTranslation();
  return (
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
        {stale && <StaleRecordAlert stale={stale} onKeepMine={onKeepMine} />}

        {candidates && candidates.length > 0 && (
          <DuplicateCandidatesAlert candidates={candidates} onPickExisting={onPickExisting} />
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
              loading={saving}
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
  );
}
