import { lazy, Suspense, useState } from 'react';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LETTER_PERMISSIONS,
  LETTER_TEMPLATE_READ,
  letterListSchema,
  letterResponseSchema,
  letterSchema,
  letterTemplateListSchema,
  SICK_LEAVE_MAX_DAYS,
  usesMergeField,
  type Letter,
  type LetterCreate,
  type LetterUpdate,
} from '@basira/shared/letters/letters.schemas';
import { IconEdit, IconPrinter } from '../../../components/icons.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-catalogue.ts';
import { useFormatters } from '../../../lib/format.ts';
import { QUERY_ROOTS } from '../../../lib/query-keys.ts';
import { pathTo } from '../../../lib/routes.ts';
import { canAny } from '../../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { staleRecord } from '../../../lib/use-schema-form.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { RowActions } from '../../../components/row-action.tsx';

const RichTextField = lazy(() =>
  import('../../../components/rich-text-field.tsx').then((m) => ({ default: m.RichTextField })),
);

const templatesQuery = queryOptions({
  queryKey: [QUERY_ROOTS.board, 'letterTemplates'],
  queryFn: async ({ signal }) =>
    (await apiRequest('mo/letter-template', { schema: letterTemplateListSchema, signal })).data,
  staleTime: 60_000,
});

const lettersKey = (patientId: number) => [QUERY_ROOTS.board, 'letters', patientId];
/** A page of the patient's letters, newest first (LETTERS_PER_PAGE a page). */
const lettersQuery = (patientId: number, page: number) =>
  queryOptions({
    queryKey: [...lettersKey(patientId), page],
    queryFn: ({ signal }) =>
      apiRequest('mo/letter', { schema: letterListSchema, query: { patientId, page }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
type LetterPage = z.infer<typeof letterListSchema>;

/**
 * The board's letters: a template chosen and "Create" makes a letter of this visit with the patient's data filled
 * in; it is then edited here and printed (`/print/letter/:id`, a new tab). The patient's earlier letters below.
 */
export function BoardLettersCard({
  patientId,
  queueId,
  permissions,
}: {
  patientId: number;
  queueId: number;
  permissions: readonly string[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const canRead = canAny(permissions, LETTER_PERMISSIONS.show);
  const canAdd = canAny(permissions, LETTER_PERMISSIONS.add) && canAny(permissions, LETTER_TEMPLATE_READ);
  const canPrint = canAny(permissions, LETTER_PERMISSIONS.print);
  const templates = useQuery({ ...templatesQuery, enabled: canAdd });
  const [page, setPage] = useState(1);
  const letters = useQuery({ ...lettersQuery(patientId, page), enabled: canRead });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [days, setDays] = useState<number | null>(null);
  // The letter in the editor, kept while another page of the list is shown.
  const [open, setOpen] = useState<Letter | null>(null);

  const create = useMutation({
    mutationFn: async (body: LetterCreate) =>
      (await apiRequest('mo/letter', { method: 'POST', body, schema: letterResponseSchema })).data,
    onSuccess: () => {
      // The new letter heads the first page; every page after it shifts by one.
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: lettersKey(patientId) });
    },
  });

  if (!canRead && !canAdd) return null;
  const active = (templates.data ?? []).filter((tpl) => tpl.isActive);
  // The interface language's templates first.
  const ordered = [...active].sort(
    (a, b) => Number(b.language === i18n.language) - Number(a.language === i18n.language),
  );
  const meta = letters.data?.meta;
  const chosen = active.find((tpl) => String(tpl.id) === templateId);
  // A sick leave's days are the doctor's to give: asked for when the chosen template writes them.
  const needsDays = chosen !== undefined && usesMergeField(chosen.body, 'sickLeave.days');

  const make = () => {
    if (!templateId || (needsDays && days === null)) return;
    create.mutate(
      {
        patientId,
        queueId,
        templateId: Number(templateId),
        ...(needsDays && days !== null ? { days } : {}),
      },
      {
        onSuccess: (letter) => {
          toastSuccess(t('letters.card.created'));
          setOpen(letter);
        },
        onError: (error) => {
          if (!(isApiError(error) && error.handled))
            toastError(t('letters.card.createFailed'), errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" data-testid="board-letters">
      <Title order={2} fz="h4" mb="sm">
        {t('letters.card.title')}
      </Title>
      <Stack gap="sm">
        {canAdd && (
          <Group gap="sm" align="flex-end">
            <Select
              label={t('letters.card.template')}
              placeholder={t('letters.card.choose')}
              data={ordered.map((tpl) => ({
                value: String(tpl.id),
                label: `${tpl.name} (${t(`letters.languages.${tpl.language}`)})`,
              }))}
              value={templateId}
              onChange={setTemplateId}
              searchable
              nothingFoundMessage={t('letters.card.noTemplates')}
              w={{ base: '100%', sm: 360 }}
              data-testid="letter-template-select"
            />
            {needsDays && (
              <NumberInput
                label={t('letters.card.days')}
                value={days ?? ''}
                onChange={(value) => setDays(typeof value === 'number' ? value : null)}
                min={1}
                max={SICK_LEAVE_MAX_DAYS}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                withAsterisk
                w={120}
                data-testid="letter-days"
              />
            )}
            <Button
              onClick={make}
              disabled={!templateId || (needsDays && days === null)}
              loading={create.isPending}
              data-testid="letter-create"
            >
              {t('letters.card.create')}
            </Button>
          </Group>
        )}

        {open && (
          <LetterEditor
            key={open.id}
            letter={open}
            canEdit={canAny(permissions, LETTER_PERMISSIONS.edit)}
            canPrint={canPrint}
            onSaved={(saved) => {
              setOpen(saved);
              queryClient.setQueryData(
                lettersQuery(patientId, page).queryKey,
                (old: LetterPage | undefined) =>
                  old && { ...old, data: old.data.map((l) => (l.id === saved.id ? saved : l)) },
              );
            }}
            onClose={() => setOpen(null)}
          />
        )}

        {canRead && (
          <ListPage
            rows={letters.data?.data}
            loading={letters.isPending}
            empty={t('letters.card.empty')}
            emptyLook="text"
            name="board-letters"
            minWidth={480}
            columns={[t('letters.card.letter'), t('letters.card.date'), t('letters.card.by')]}
            table={{ striped: true, fz: 'sm', verticalSpacing: 4 }}
            renderRow={(letter) => (
              <Table.Tr
                key={letter.id}
                data-testid="board-letter-row"
                aria-current={letter.id === open?.id || undefined}
              >
                <Table.Td>
                  {letter.title}
                  <Text span size="xs" c="dimmed" ms={6}>
                    {t(`letters.kinds.${letter.kind}`)}
                  </Text>
                </Table.Td>
                <Table.Td>{format.dateTime(letter.createdAt)}</Table.Td>
                <Table.Td>{letter.createdBy?.name ?? ''}</Table.Td>
                <RowActions>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => setOpen(letter)}
                    data-testid="board-letter-open"
                  >
                    {t('letters.card.open')}
                  </Button>
                  {canPrint && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPrinter size={14} />}
                      component={Link}
                      to={pathTo('letterPrint', { id: letter.id })}
                      target="_blank"
                    >
                      {t('letters.card.print')}
                    </Button>
                  )}
                </RowActions>
              </Table.Tr>
            )}
            pagination={
              meta && {
                lastPage: meta.lastPage,
                page,
                onChange: setPage,
                size: 'sm',
              }
            }
          />
        )}
      </Stack>
    </Card>
  );
}

function LetterEditor({
  letter,
  canEdit,
  canPrint,
  onSaved,
  onClose,
}: {
  letter: Letter;
  canEdit: boolean;
  canPrint: boolean;
  onSaved: (letter: Letter) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const [title, setTitle] = useState(letter.title);
  const [body, setBody] = useState(letter.body);
  const [version, setVersion] = useState(letter.version);
  const [saved, setSaved] = useState({ title: letter.title, body: letter.body });
  const dirty = title !== saved.title || body !== saved.body;
  const save = useMutation({
    mutationFn: async (input: LetterUpdate) =>
      (
        await apiRequest(`mo/letter/${letter.id}`, {
          method: 'POST',
          body: input,
          schema: letterResponseSchema,
        })
      ).data,
  });

  const submit = () =>
    save.mutate(
      { version, title: title.trim() || letter.title, body },
      {
        onSuccess: (next) => {
          setVersion(next.version);
          setBody(next.body);
          setTitle(next.title);
          setSaved({ title: next.title, body: next.body });
          onSaved(next);
          toastSuccess(t('letters.card.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          const theirs = staleRecord(error, letterSchema);
          if (theirs) {
            // Someone else saved it meanwhile: their letter is shown, to be edited again.
            toastError(t('letters.card.stale'));
            setTitle(theirs.title);
            setBody(theirs.body);
            setVersion(theirs.version);
            setSaved({ title: theirs.title, body: theirs.body });
            onSaved(theirs);
            return;
          }
          toastError(t('letters.card.saveFailed'), errorMessage(translate, error));
        },
      },
    );

  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-body)" data-testid="letter-editor">
      <Stack gap="sm">
        <TextInput
          label={t('letters.card.titleLabel')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          readOnly={!canEdit}
          maxLength={150}
          data-testid="letter-title"
        />
        <Suspense fallback={<Skeleton h={260} />}>
          <div dir={letter.language === 'ar' ? 'rtl' : 'ltr'} lang={letter.language}>
            <RichTextField
              label={t('letters.card.body')}
              value={body}
              onChange={setBody}
              readOnly={!canEdit}
              links={false}
              data-testid="letter-body-editor"
            />
          </div>
        </Suspense>
        <Group gap="sm">
          {canEdit && (
            <Button onClick={submit} loading={save.isPending} disabled={!dirty} data-testid="letter-save">
              {t('letters.card.save')}
            </Button>
          )}
          {canPrint && (
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              component={Link}
              to={pathTo('letterPrint', { id: letter.id })}
              target="_blank"
              data-testid="letter-print"
            >
              {t('letters.card.print')}
            </Button>
          )}
          <Button variant="default" onClick={onClose} data-testid="letter-close">
            {t('letters.card.close')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
