import type { ReactNode } from 'react';
import { Badge, Button, Menu, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { IconEdit, IconFile, IconMerge, IconQueue, IconRestore, IconTrash } from '../../components/icons.tsx';
import { AlertMark } from '../../components/patient-alerts.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import { pathTo } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useDeletePatient, useRestorePatient } from './patients.queries.ts';
import { PatientNameLink } from '../../components/patient-name-link.tsx';
import { RowAction, RowActions } from '../../components/row-action.tsx';
import { RowMenu } from '../../components/row-menu.tsx';
import { Cell } from '../../components/row-cell.tsx';

/** One patient in the list: the record at a glance and what may be done with it (or, deleted, its restore). */
export function PatientRow({
  patient,
  deletedView,
  permissions,
  onEdit,
  onDocuments,
  onMerge,
  extra,
}: {
  patient: Patient;
  deletedView: boolean;
  permissions: readonly string[] | undefined;
  onEdit: () => void;
  onDocuments: () => void;
  onMerge: () => void;
  /** Another feature's action on the row (the book's "Book", composed in app/). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const remove = useDeletePatient();
  const restore = useRestorePatient();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('roles.confirmTitle'),
      children: <Text size="sm">{t('patients.deleteText', { name: patient.name })}</Text>,
      labels: { confirm: t('roles.confirmYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(patient.id, {
          onSuccess: () => toastSuccess(t('patients.deleted', { name: patient.name })),
          onError: (error) => {
            if (isApiError(error) && error.handled) return;
            toastError(t('patients.deleteFailed'), errorMessage(translate, error));
          },
        }),
    });

  const doRestore = () =>
    restore.mutate(patient.id, {
      onSuccess: () => toastSuccess(t('patients.restored', { name: patient.name })),
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        toastError(t('patients.restoreFailed'), errorMessage(translate, error));
      },
    });

  const canQueue = can(permissions, 'add queue');
  const canEdit = can(permissions, 'edit patient');
  const canDelete = can(permissions, 'delete patient');
  const isAdmin = can(permissions, 'Administrator');
  return (
    <Table.Tr data-testid="patient-row" data-patient-id={patient.id} data-file-number={patient.fileNumber}>
      <Cell>
        <p className="row-text row-strong row-number">{patient.fileNumber}</p>
      </Cell>
      <Cell>
        <div className="row-line">
          <PatientNameLink patient={patient} size="sm" fw={500} data-testid="patient-row-name" />
          {patient.hasAlerts && <AlertMark alerts={patient.alerts} />}
          {patient.mergedIntoId && (
            <Badge size="xs" color="gray" variant="light">
              {t('patients.merged')}
            </Badge>
          )}
        </div>
        {patient.guardianName && (
          <p className="row-text row-dimmed" data-size="xs">
            {t('patients.guardianLine', { name: patient.guardianName })}
          </p>
        )}
      </Cell>
      <Cell>
        {patient.birthDateApproximate ? '≈ ' : ''}
        {t('patients.ageYears', { count: patient.age })}
      </Cell>
      <Cell>{patient.isMale === 1 ? t('patients.male') : t('patients.female')}</Cell>
      <Cell>
        <bdi dir="ltr" className="row-text row-nowrap">
          {displayPhone(patient.phone, patient.country.prefix)}
        </bdi>
      </Cell>
      <Cell>{patient.lastQueueAt ? format.date(patient.lastQueueAt) : '—'}</Cell>
      <RowActions>
        {deletedView ? (
          isAdmin &&
          !patient.mergedIntoId && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconRestore size={14} />}
              loading={restore.isPending}
              onClick={doRestore}
              data-testid="patient-restore"
            >
              {t('patients.restore')}
            </Button>
          )
        ) : (
          <>
            {extra}
            {canQueue && (
              <Button
                size="compact-sm"
                variant="light"
                component={Link}
                to={`${pathTo('queueAdd')}?patientId=${patient.id}`}
                leftSection={<IconQueue size={14} />}
                data-row-primary
                aria-label={`${t('patients.toQueue')}: ${patient.name}`}
                data-testid="patient-queue"
              >
                {t('patients.toQueue')}
              </Button>
            )}
            {canEdit && (
              <RowAction
                label={t('common.edit')}
                onClick={onEdit}
                of={patient.name}
                testId="patient-edit"
                primary={!canQueue}
                icon={<IconEdit />}
              />
            )}
            <RowAction
              label={t('documents.title')}
              onClick={onDocuments}
              of={patient.name}
              testId="patient-documents-open"
              primary={!(canQueue || canEdit)}
              icon={<IconFile />}
            />
            {(canDelete || isAdmin) && (
              <RowMenu label={t('patients.moreFor', { name: patient.name })} testId="patient-menu">
                {isAdmin && (
                  <Menu.Item
                    leftSection={<IconMerge size={16} />}
                    onClick={onMerge}
                    data-testid="patient-merge"
                  >
                    {t('patients.merge.action')}
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={confirmDelete}
                    data-testid="patient-delete"
                  >
                    {t('common.delete')}
                  </Menu.Item>
                )}
              </RowMenu>
            )}
          </>
        )}
      </RowActions>
    </Table.Tr>
  );
}
