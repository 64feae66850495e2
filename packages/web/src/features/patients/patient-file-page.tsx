import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, useParams } from 'react-router';
import { READ_EXAMS } from '@basira/shared/exams/exam-types';
import type { PatientFile } from '@basira/shared/patients/patient-file.schemas';
import { ExamGroupsList } from '../../components/exam-groups-list.tsx';
import { IconCalendar, IconEdit, IconFile, IconQueue } from '../../components/icons.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientCard } from '../../components/patient-card.tsx';
import { PatientDocuments } from '../../components/patient-documents.tsx';
import { TicketText, VisitStatusBadge } from '../../components/status-badge.tsx';
import { VisitHistory } from '../../components/visit-history.tsx';
import { useFormatters } from '../../lib/format.ts';
import { idParam, pathTo } from '../../lib/routes.ts';
import { can, canAny } from '../../lib/session-local.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { LastRxCard } from './patient-file/last-rx-card.tsx';
import { TrendsCard } from './patient-file/trends-card.tsx';
import { WhoOpenedCard } from './patient-file/who-opened-card.tsx';
import { patientFileQuery, patientFileVisitsQuery } from './patient-file/patient-file.queries.ts';
import { PatientFormModal } from './patient-form-modal.tsx';

/**
 * /patient/:patientId: everything the clinic holds on one patient, opened from anywhere the patient appears. It
 * needs no queue entry and moves no status; the actions lead to the screens that do (queue, book, edit).
 */
/** Sections of other features in the file (the billing desk's account), handed in by app/. */
export type PatientFileSections = (
  patient: { id: number; name: string },
  permissions: readonly string[] | undefined,
) => ReactNode;

export interface PatientFilePageProps {
  /** Below the exams and trends, above the visits (the billing desk's account). */
  sections?: PatientFileSections | undefined;
  /**
   * Right after the open visits: what the patient is expected for (the appointment book's bookings, recalls,
   * no-shows and cancellations), handed in by app/ like `sections`.
   */
  upcoming?: PatientFileSections | undefined;
}

export function PatientFilePage({ sections, upcoming }: PatientFilePageProps = {}) {
  const { t } = useTranslation();
  const patientId = idParam(useParams().patientId);
  const file = useQuery({ ...patientFileQuery(patientId ?? 0), enabled: patientId !== null });
  useLoadFailure(file.error, pathTo('patientIndex'));
  const title = t('patientFile.title');
  if (!file.data)
    return (
      <PageFrame
        title={title}
        loading={patientId !== null && !file.error}
        backFallback={pathTo('patientIndex')}
      />
    );
  return <PatientFileView file={file.data} sections={sections} upcoming={upcoming} />;
}

function PatientFileView({ file, sections, upcoming }: { file: PatientFile } & PatientFilePageProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const permissions = useMe()?.permissions;
  const [editing, setEditing] = useState(false);
  const { patient } = file;
  const canQueue = can(permissions, 'add queue');
  const canReadExams = canAny(permissions, READ_EXAMS);
  const queueLink = `${pathTo('queueAdd')}?patientId=${patient.id}`;

  return (
    <PageFrame
      title={t('patientFile.title')}
      backFallback={pathTo('patientIndex')}
      patientName={
        <>
          <bdi>{patient.name}</bdi> · {t('patients.fileNumberShort', { number: patient.fileNumber })}
        </>
      }
      actions={
        <Group gap="xs" data-testid="patient-file-actions">
          {canQueue && (
            <>
              <Button component={Link} to={queueLink} leftSection={<IconQueue size={16} />}>
                {t('patientFile.queueNow')}
              </Button>
              <Button
                variant="default"
                component={Link}
                to={`${queueLink}&book=1`}
                leftSection={<IconCalendar size={16} />}
              >
                {t('patientFile.book')}
              </Button>
            </>
          )}
          {can(permissions, 'edit patient') && (
            <Button variant="subtle" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
              {t('common.edit')}
            </Button>
          )}
          <Button variant="subtle" component="a" href="#documents" leftSection={<IconFile size={16} />}>
            {t('documents.title')}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        <PatientCard patient={patient} />

        <Card withBorder padding="md" data-testid="open-visits">
          <Title order={2} fz="h4" mb="sm">
            {t('patientFile.openVisits')}
          </Title>
          {file.openVisits.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('patientFile.noOpenVisit')}
            </Text>
          ) : (
            <Stack gap="xs">
              {file.openVisits.map((visit) => (
                <Group key={visit.id} gap="sm" wrap="wrap" data-testid="open-visit">
                  <VisitStatusBadge entry={visit} />
                  <Text size="sm">
                    {t('queue.ticket.short')}{' '}
                    <b>
                      <TicketText entry={visit} />
                    </b>{' '}
                    · {format.dateTime(visit.date)}
                    {visit.doctor ? ` · ${visit.doctor.name}` : ''}
                  </Text>
                  {can(permissions, 'show board') && (
                    <Anchor
                      component={Link}
                      size="sm"
                      to={pathTo('boardIndex', { patientId: patient.id, queueId: visit.id })}
                    >
                      {t('patientFile.toBoard')}
                    </Anchor>
                  )}
                  {can(permissions, 'edit queue') && (
                    <Anchor component={Link} size="sm" to={`${pathTo('queueAdd')}?id=${visit.id}`}>
                      {t('board.editVisit')}
                    </Anchor>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Card>

        {upcoming?.(patient, permissions)}

        {canReadExams && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Card withBorder padding="md" h="100%" data-testid="patient-file-exams">
                <Title order={2} fz="h4" mb="sm">
                  {t('board.exams')}
                </Title>
                <ExamGroupsList patientId={patient.id} groups={file.exams} permissions={permissions} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <LastRxCard
                rx={file.lastRx}
                canOpen={canAny(permissions, ['show spectacles', 'edit spectacles'])}
              />
            </Grid.Col>
          </Grid>
        )}
        {canReadExams && <TrendsCard trends={file.trends} birthDate={patient.birthDate} />}

        {sections?.(patient, permissions)}

        <VisitHistory
          title={t('patientFile.visits')}
          empty={t('patientFile.noVisits')}
          first={file.visits}
          pageQuery={(page) => patientFileVisitsQuery(patient.id, page)}
          permissions={permissions}
        />

        <Card withBorder padding="md" id="documents">
          <Title order={2} fz="h4" mb="sm">
            {t('documents.title')}
            {file.documentsTotal > file.documents.length && (
              <Text span size="sm" c="dimmed" ms="xs">
                {t('board.documentsTotal', { count: file.documentsTotal })}
              </Text>
            )}
          </Title>
          <PatientDocuments
            patientId={patient.id}
            canEdit={can(permissions, 'edit patient')}
            initial={file.documents}
          />
        </Card>
        {can(permissions, 'show audit') && <WhoOpenedCard patientId={patient.id} />}
      </Stack>
      <PatientFormModal
        opened={editing}
        patient={editing ? patient : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void queryClient.invalidateQueries({ queryKey: patientFileQuery(patient.id).queryKey });
        }}
      />
    </PageFrame>
  );
}
