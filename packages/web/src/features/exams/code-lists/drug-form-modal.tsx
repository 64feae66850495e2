import type { FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  DRUG_CLASSES,
  DRUG_FORMS,
  drugInputSchema,
  type Drug,
  type DrugForm,
} from '@basira/shared/codes/codes.schemas';
import { DOSE_UNITS } from '@basira/shared/exams/medication-schedule';
import { ingredientDef } from '@basira/shared/prescribing/ingredients';
import { STRENGTH_UNITS } from '@basira/shared/prescribing/prescribing.schemas';
import { IconTrash } from '../../../components/icons.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useDrugMutations } from './codes.queries.ts';
import {
  drugBody,
  drugFormValues,
  PRESERVATIVE_UNKNOWN,
  PRESERVATIVES,
  withForm,
  type DrugFormValues,
  type FrequencyKind,
  type StrengthUnit,
} from './drug-form-values.ts';
import { IngredientPicker } from './ingredient-picker.tsx';

/** How a strength's unit is labelled (the keys cannot hold `%` or `/`). */
export const STRENGTH_UNIT_KEYS: Record<StrengthUnit, string> = {
  '%': 'percent',
  mg: 'mg',
  'mg/ml': 'mgPerMl',
};

/** Adds a drug to the formulary (`drug` null) or edits one. */
export function DrugFormModal({
  opened,
  drug,
  onClose,
}: {
  opened: boolean;
  drug: Drug | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(drug ? 'codeLists.drugs.editTitle' : 'codeLists.drugs.addTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted per drug: the form starts from the drug it edits. */}
      {opened && <DrugForm key={drug?.id ?? 'new'} drug={drug} onClose={onClose} />}
    </Modal>
  );
}

function DrugForm({ drug, onClose }: { drug: Drug | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const arabic = (i18n.resolvedLanguage ?? i18n.language) === 'ar';
  const { save } = useDrugMutations();
  const form = useSchemaForm({
    schema: drugInputSchema,
    initialValues: drugFormValues(drug),
    toBody: drugBody,
    required: ['name'],
  });
  const { values } = form;
  const counted = values.frequencyKind === 'timesPerDay' || values.frequencyKind === 'everyHours';
  const setValues = (changes: Partial<DrugFormValues>) => form.form.setValues(changes);
  const substanceName = (id: string) => {
    const def = ingredientDef(id);
    return def ? (arabic ? def.ar : def.en) : id;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = form.submitValues();
    if (!body) return;
    save.mutate(
      { id: drug?.id ?? null, body },
      {
        onSuccess: () => {
          toastSuccess(t(drug ? 'codeLists.drugs.updated' : 'codeLists.drugs.added'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return;
          form.showServerErrors(error);
          toastError(t('codeLists.saveFailed'), errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="drug-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('codeLists.drugs.name')}
            description={
              <>
                {t('codeLists.drugs.nameHint')} <bdi dir="ltr">Timolol 0.5%</bdi>
              </>
            }
            dir="ltr"
            withAsterisk
            maxLength={200}
            data-autofocus
            data-testid="drug-name"
            {...form.inputProps('name')}
          />
          <TextInput
            label={t('codeLists.drugs.nameAr')}
            description={t('codeLists.drugs.nameArHint')}
            dir="rtl"
            lang="ar"
            maxLength={200}
            data-testid="drug-name-ar"
            {...form.inputProps('nameAr')}
          />
          <TagsInput
            label={t('codeLists.drugs.brands')}
            description={t('codeLists.drugs.brandsHint')}
            dir="ltr"
            maxTags={20}
            acceptValueOnBlur
            data-testid="drug-brands"
            {...form.inputProps('brands')}
          />
          <TagsInput
            label={t('codeLists.drugs.layNames')}
            description={t('codeLists.drugs.layNamesHint')}
            maxTags={20}
            acceptValueOnBlur
            data-testid="drug-lay-names"
            {...form.inputProps('layNames')}
          />
          <Select
            label={t('codeLists.drugs.form')}
            data={DRUG_FORMS.map((value) => ({ value, label: t(`codeLists.forms.${value}`) }))}
            value={values.form}
            onChange={(value) => value && setValues(withForm(values, value as DrugForm))}
            allowDeselect={false}
            data-testid="drug-form-select"
          />
          <Select
            label={t('codeLists.drugs.class')}
            description={t('codeLists.drugs.classHint')}
            data={DRUG_CLASSES.map((value) => ({ value, label: t(`codeLists.classes.${value}`) }))}
            allowDeselect={false}
            searchable
            data-testid="drug-class-select"
            {...form.inputProps('class')}
          />
        </SimpleGrid>

        <Fieldset
          legend={
            <Group gap="xs">
              <span>{t('codeLists.drugs.ingredients')}</span>
              {values.ingredients.length === 0 && (
                <Badge color="orange" variant="light" data-testid="drug-form-not-checked">
                  {t('codeLists.drugs.notChecked')}
                </Badge>
              )}
            </Group>
          }
          data-testid="drug-ingredients"
        >
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('codeLists.drugs.ingredientsHint')}
            </Text>
            {values.ingredients.map((ingredient, index) => (
              <Group key={ingredient.substance} align="end" wrap="nowrap" data-testid="drug-ingredient">
                <Text
                  size="sm"
                  fw={600}
                  style={{ flex: 1, lineHeight: 'var(--input-height-sm)' }}
                  data-testid="drug-ingredient-name"
                >
                  {substanceName(ingredient.substance)}
                </Text>
                <NumberInput
                  // The first row's labels head the columns; every input keeps its name for a screen reader.
                  label={index === 0 ? t('codeLists.drugs.strength') : undefined}
                  aria-label={`${t('codeLists.drugs.strength')}: ${substanceName(ingredient.substance)}`}
                  value={ingredient.strength}
                  onChange={(value) => form.form.setFieldValue(`ingredients.${index}.strength`, value)}
                  error={form.error(`ingredients.${index}.strength`)}
                  min={0}
                  allowNegative={false}
                  decimalScale={4}
                  w={110}
                  data-testid="drug-ingredient-strength"
                />
                <Select
                  label={index === 0 ? t('codeLists.drugs.strengthUnit') : undefined}
                  aria-label={`${t('codeLists.drugs.strengthUnit')}: ${substanceName(ingredient.substance)}`}
                  data={STRENGTH_UNITS.map((value) => ({
                    value,
                    label: t(`codeLists.strengthUnits.${STRENGTH_UNIT_KEYS[value]}`),
                  }))}
                  value={ingredient.unit}
                  onChange={(value) =>
                    value && form.form.setFieldValue(`ingredients.${index}.unit`, value as StrengthUnit)
                  }
                  allowDeselect={false}
                  w={110}
                  data-testid="drug-ingredient-unit"
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('codeLists.drugs.removeIngredient', {
                    name: substanceName(ingredient.substance),
                  })}
                  onClick={() => form.form.removeListItem('ingredients', index)}
                  data-testid="drug-ingredient-remove"
                >
                  <IconTrash />
                </ActionIcon>
              </Group>
            ))}
            <IngredientPicker
              chosen={values.ingredients.map((i) => i.substance)}
              onPick={(row) =>
                form.form.insertListItem('ingredients', { substance: row.id, strength: '', unit: '%' })
              }
              error={form.error('ingredients')}
            />
          </Stack>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('codeLists.drugs.preservative')}
            description={t('codeLists.drugs.preservativeHint')}
            data={[
              { value: PRESERVATIVE_UNKNOWN, label: t('codeLists.drugs.preservativeUnknown') },
              { value: 'none', label: t('codeLists.drugs.preservativeFree') },
              ...PRESERVATIVES.map((p) => ({ value: p.id, label: arabic ? p.ar : p.en })),
            ]}
            allowDeselect={false}
            data-testid="drug-preservative"
            {...form.inputProps('preservative')}
          />
          <Group align="start" wrap="nowrap" gap="xs">
            <NumberInput
              label={t('codeLists.drugs.defaultDose')}
              min={0}
              allowNegative={false}
              decimalScale={3}
              style={{ flex: 1 }}
              data-testid="drug-dose"
              {...form.inputProps('defaultDose')}
            />
            <Select
              label={t('codeLists.drugs.doseUnit')}
              data={DOSE_UNITS.map((value) => ({ value, label: t(`codeLists.doseUnits.${value}`) }))}
              value={values.defaultDoseUnit || null}
              onChange={(value) =>
                form.set('defaultDoseUnit', (value ?? '') as DrugFormValues['defaultDoseUnit'])
              }
              error={form.error('defaultDoseUnit')}
              w={130}
              data-testid="drug-dose-unit"
            />
          </Group>
          <Group align="end" wrap="nowrap" gap="xs">
            <Select
              label={t('codeLists.drugs.defaultFrequency')}
              data={(['none', 'timesPerDay', 'everyHours', 'bedtime', 'asNeeded'] as const).map((kind) => ({
                value: kind,
                label: t(`codeLists.frequencyKinds.${kind}`),
              }))}
              value={values.frequencyKind}
              onChange={(value) => value && form.set('frequencyKind', value as FrequencyKind)}
              allowDeselect={false}
              style={{ flex: 1 }}
              data-testid="drug-frequency-kind"
            />
            {counted && (
              <NumberInput
                aria-label={t(`codeLists.frequencyKinds.${values.frequencyKind}`)}
                min={1}
                max={values.frequencyKind === 'timesPerDay' ? 24 : 72}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                w={80}
                data-testid="drug-frequency-count"
                {...form.inputProps('frequencyCount')}
                error={
                  form.error('defaultFrequency.timesPerDay') ??
                  form.error('defaultFrequency.everyHours') ??
                  form.error('frequencyCount')
                }
              />
            )}
          </Group>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="drug-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
