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
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import {
  LETTER_PERMISSIONS,
  LETTER_TEMPLATE_READ,
  letterCreateSchema,
  letterListSchema,
  letterResponseSchema,
  letterSchema,
  letterTemplateListSchema,
  letterUpdateSchema,
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
import type { ErrorKeys } from '../../../lib/form-validation.ts';
import { staleRecord, useSchemaForm } from '../../../lib/use-schema-form.ts';
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
  // A template's days are the doctor's to give: asked for when the chosen template writes them (`sickLeave.days`).
  const needsDaysFor = (templateId: string | null) => {
    const template = templates.data?.find((tpl) => tpl.isActive && String(tpl.id) === templateId);
    return template !== undefined && usesMergeField(template.body, 'sickLeave.days');
  };
  const choice = useSchemaForm({
    schema: letterCreateSchema,
    initialValues: { templateId: null as string | null, days: '' as number | '' },
    toBody: ({ templateId, days }) => ({
      patientId,
      queueId,
      templateId: templateId ? Number(templateId) : undefined,
      ...(needsDaysFor(templateId) && days !== '' ? { days } : {}),
    }),
    required: ['templateId'],
    check: ({ templateId, days }): ErrorKeys =>
      needsDaysFor(templateId) && days === '' ? { days: 'days.required' } : {},
    // A template chosen (and a number of days) is no work to lose: the letter it makes is in the editor below.
    guardUnsaved: false,
  });
  const { templateId, days } = choice.values;
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
  const needsDays = needsDaysFor(templateId);

  const make = () => {
    const body = choice.submitValues();
    if (!body) return;
    create.mutate(body, {
      onSuccess: (letter) => {
        toastSuccess(t('letters.card.created'));
        setOpen(letter);
      },
      onError: (error) => {
        if (!(isApiError(error) && error.handled))
          toastError(t('letters.card.createFailed'), errorMessage(translate, error));
      },
    });
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
              onChange={(value) => choice.set('templateId', value)}
              error={choice.error('templateId')}
              searchable
              nothingFoundMessage={t('letters.card.noTemplates')}
              w={{ base: '100%', sm: 360 }}
              data-testid="letter-template-select"
            />
            {needsDays && (
              <NumberInput
                label={t('letters.card.days')}
                value={days}
                onChange={(value) => choice.set('days', typeof value === 'number' ? value : '')}
                error={choice.error('days')}
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
              disabled={!templateId || (needsDays && days === '')}
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
  // The version read goes with the save, and moves on with each save (or their version after a 409).
  const [version, setVersion] = useState(letter.version);
  const form = useSchemaForm({
    schema: letterUpdateSchema,
    initialValues: { title: letter.title, body: letter.body },
    // A title cleared is the letter's own title again (the server asks for one).
    toBody: (values: { title: string; body: string }) => ({
      version,
      title: values.title.trim() || letter.title,
      body: values.body,
    }),
    // A letter that cannot be edited here never holds input.
    guardUnsaved: canEdit,
  });
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
  const show = (next: Letter) => {
    setVersion(next.version);
    form.load({ title: next.title, body: next.body });
    onSaved(next);
  };

  const submit = () => {
    const body = form.submitValues();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (next) => {
        show(next);
        toastSuccess(t('letters.card.saved'));
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return;
        const theirs = staleRecord(error, letterSchema);
        if (theirs) {
          // Someone else saved it meanwhile: their letter is shown, to be edited again.
          toastError(t('letters.card.stale'));
          show(theirs);
          return;
        }
        form.showServerErrors(error);
        toastError(t('letters.card.saveFailed'), errorMessage(translate, error));
      },
    });
  };

  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-body)" data-testid="letter-editor">
      <Stack gap="sm">
        <TextInput
          label={t('letters.card.titleLabel')}
          readOnly={!canEdit}
          maxLength={150}
          {...form.inputProps('title')}
          data-testid="letter-title"
        />
        <Suspense fallback={<Skeleton h={260} />}>
          <div dir={letter.language === 'ar' ? 'rtl' : 'ltr'} lang={letter.language}>
            <RichTextField
              label={t('letters.card.body')}
              value={form.values.body}
              onChange={(html) => form.set('body', html)}
              error={form.error('body')}
              readOnly={!canEdit}
              links={false}
              data-testid="letter-body-editor"
            />
          </div>
        </Suspense>
        <Group gap="sm">
          {canEdit && (
            <Button
              onClick={submit}
              loading={save.isPending}
              disabled={!form.dirty}
              data-testid="letter-save"
            >
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
