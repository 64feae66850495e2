import { useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Button, FileButton, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../i18n/use-translation.ts';
import { okSchema } from '@basira/shared/common/api.schemas';
import {
  DOCUMENT_MAX_BYTES_DEFAULT,
  documentCategories,
  documentContentTypes,
  patientDocumentListSchema,
  patientDocumentResponseSchema,
  type PatientDocument,
} from '@basira/shared/patients/patients.schemas';
import { apiBlob, apiRequest } from '../lib/api-client.ts';
import { isApiError } from '../lib/api-error.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { useFormatters } from '../lib/format.ts';
import { QUERY_ROOTS } from '../lib/query-keys.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';
import { useTranslator } from '../lib/use-translator.ts';
import { IconDownload, IconEye, IconFile, IconTrash, IconUpload } from './icons.tsx';
import { ListPage } from './list-page.tsx';
import { saveBlob } from '../lib/save-blob.ts';
import { RowAction, RowActions } from './row-action.tsx';

type Category = (typeof documentCategories)[number];

export const documentsKey = (patientId: number) => [QUERY_ROOTS.patients, patientId, 'documents'] as const;

/** What the server accepts, checked here first by type and size only (the server checks the content). */
export function documentProblem(file: { type: string; size: number }, maxBytes = DOCUMENT_MAX_BYTES_DEFAULT) {
  if (file.size > maxBytes) return 'errors.codes.document.too_large';
  if (file.type && !(documentContentTypes as readonly string[]).includes(file.type))
    return 'errors.codes.document.unsupported_type';
  return null;
}

export interface PatientDocumentsProps {
  patientId: number;
  /** Uploads from the board belong to that visit. */
  queueId?: number;
  /** `edit patient`: upload and delete. */
  canEdit: boolean;
  initial?: PatientDocument[];
}

/** A patient's documents: upload (PDF, PNG, JPEG ≤ 10 MB), list, view, download, delete. */
export function PatientDocuments({ patientId, queueId, canEdit, initial }: PatientDocumentsProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<Category>('general');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const resetRef = useRef<() => void>(null);

  const documents = useQuery({
    queryKey: documentsKey(patientId),
    queryFn: async () =>
      (await apiRequest(`mo/patient/${patientId}/document`, { schema: patientDocumentListSchema })).data,
    ...(initial ? { initialData: initial } : {}),
  });

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (
        await apiRequest(`mo/patient/${patientId}/document`, {
          method: 'POST',
          body: form,
          query: { category, queueId },
          schema: patientDocumentResponseSchema,
          timeoutMs: 120_000,
        })
      ).data;
    },
    onSuccess: (document) => {
      toastSuccess(t('documents.uploaded', { name: document.fileName }));
      void queryClient.invalidateQueries({ queryKey: documentsKey(patientId) });
    },
    onError: (error) => {
      if (isApiError(error) && error.handled) return;
      setProblem(errorMessage(translate, error));
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest(`mo/patient/document/delete/${id}`, { method: 'DELETE', schema: okSchema }),
    onSuccess: () => {
      toastSuccess(t('documents.deleted'));
      void queryClient.invalidateQueries({ queryKey: documentsKey(patientId) });
    },
    onError: (error) => toastError(t('documents.deleteFailed'), errorMessage(translate, error)),
  });

  const open = async (document: PatientDocument, inline: boolean) => {
    try {
      const { blob } = await apiBlob(`mo/patient/document/${document.id}`, {
        query: { disposition: inline ? 'inline' : 'attachment' },
      });
      saveBlob(blob, document.fileName, inline);
    } catch (error) {
      if (isApiError(error) && error.handled) return;
      toastError(t('documents.openFailed'), errorMessage(translate, error));
    }
  };

  const send = (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const found = documentProblem(file);
    setProblem(found ? t(found) : null);
    if (!found) upload.mutate(file);
  };

  const confirmDelete = (document: PatientDocument) =>
    modals.openConfirmModal({
      title: t('roles.confirmTitle'),
      children: <Text size="sm">{t('documents.deleteText', { name: document.fileName })}</Text>,
      labels: { confirm: t('roles.confirmYes'), cancel: t('roles.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      onConfirm: () => remove.mutate(document.id),
    });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) send(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="sm" data-testid="patient-documents">
      {canEdit && (
        <Paper
          withBorder
          p="sm"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          }}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('documents.category')}
              data={documentCategories.map((value) => ({ value, label: t(`documents.categories.${value}`) }))}
              value={category}
              onChange={(value) => value && setCategory(value as Category)}
              allowDeselect={false}
              w={200}
              data-testid="document-category"
            />
            <FileButton
              onChange={send}
              accept={documentContentTypes.join(',')}
              resetRef={resetRef}
              inputProps={{ 'data-testid': 'document-input' } as Record<string, string>}
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload />}
                  loading={upload.isPending}
                  data-testid="document-upload"
                >
                  {t('documents.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('documents.hint')}
            </Text>
          </Group>
        </Paper>
      )}
      {problem && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setProblem(null)}
          closeButtonLabel={t('common.close')}
        >
          {problem}
        </Alert>
      )}
      <ListPage
        rows={documents.data}
        error={documents.error}
        empty={t('documents.empty')}
        emptyLook="text"
        name="document"
        minWidth={560}
        columns={[
          t('documents.fileName'),
          t('documents.category'),
          t('documents.size'),
          t('documents.uploadedAt'),
        ]}
        table={{ striped: true, highlightOnHover: false }}
        renderRow={(document) => (
          <Table.Tr key={document.id} data-testid="document-row">
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <IconFile size={16} />
                <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                  <bdi>{document.fileName}</bdi>
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray">
                {t(`documents.categories.${document.category}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{format.size(document.size)}</Table.Td>
            <Table.Td>
              <Text size="sm">{format.dateTime(document.createdAt)}</Text>
              {document.uploadedBy && (
                <Text size="xs" c="dimmed">
                  {document.uploadedBy.name}
                </Text>
              )}
            </Table.Td>
            <RowActions>
              <RowAction
                label={t('documents.view')}
                onClick={() => void open(document, true)}
                of={document.fileName}
                icon={<IconEye />}
              />
              <RowAction
                label={t('documents.download')}
                onClick={() => void open(document, false)}
                of={document.fileName}
                testId="document-download"
                icon={<IconDownload />}
              />
              {canEdit && (
                <RowAction
                  label={t('common.delete')}
                  color="red"
                  onClick={() => confirmDelete(document)}
                  of={document.fileName}
                  testId="document-delete"
                  icon={<IconTrash />}
                />
              )}
            </RowActions>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
