import { Fragment, useEffect, useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DRUG_CLASSES,
  DRUG_FORMS,
  type Drug,
  type DrugInput,
  type Frequency,
} from '@basira/shared/codes/codes.schemas';
import { errorMessage } from '../../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useTranslator } from '../../../lib/use-translator.ts';
import { useDrugMutations } from './codes.queries.ts';

/** Examples written as prescriptions write them, each an isolated left-to-right run inside Arabic text. */
const DOSE_EXAMPLES = ['1 drop', '1 cm ribbon', '250 mg', '0.05 ml'];

type FrequencyKind = 'none' | 'timesPerDay' | 'everyHours' | 'bedtime' | 'asNeeded';

interface Draft {
  name: string;
  brands: string[];
  form: DrugInput['form'];
  class: DrugInput['class'];
  defaultDose: string;
  frequencyKind: FrequencyKind;
  /** n of `timesPerDay` or `everyHours`. */
  frequencyCount: number;
}

const kindOf = (frequency: Frequency | null): FrequencyKind =>
  frequency === null
    ? 'none'
    : typeof frequency === 'string'
      ? frequency
      : 'timesPerDay' in frequency
        ? 'timesPerDay'
        : 'everyHours';

const countOf = (frequency: Frequency | null): number =>
  frequency !== null && typeof frequency === 'object'
    ? 'timesPerDay' in frequency
      ? frequency.timesPerDay
      : frequency.everyHours
    : 1;

function draftOf(drug: Drug | null): Draft {
  return {
    name: drug?.name ?? '',
    brands: drug?.brands ?? [],
    form: drug?.form ?? 'drops',
    class: drug?.class ?? 'other',
    defaultDose: drug?.defaultDose ?? '',
    frequencyKind: kindOf(drug?.defaultFrequency ?? null),
    frequencyCount: countOf(drug?.defaultFrequency ?? null),
  };
}

function frequencyOf(draft: Draft): Frequency | null {
  switch (draft.frequencyKind) {
    case 'none':
      return null;
    case 'timesPerDay':
      return { timesPerDay: draft.frequencyCount };
    case 'everyHours':
      return { everyHours: draft.frequencyCount };
    default:
      return draft.frequencyKind;
  }
}

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
  const translate = useTranslator();
  const { save } = useDrugMutations();
  const [draft, setDraft] = useState(() => draftOf(drug));
  useEffect(() => {
    if (opened) setDraft(draftOf(drug));
  }, [opened, drug]);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const counted = draft.frequencyKind === 'timesPerDay' || draft.frequencyKind === 'everyHours';

  const submit = () =>
    save.mutate(
      {
        id: drug?.id ?? null,
        body: {
          name: draft.name.trim(),
          brands: draft.brands.map((brand) => brand.trim()).filter(Boolean),
          form: draft.form,
          class: draft.class,
          defaultDose: draft.defaultDose.trim(),
          defaultFrequency: frequencyOf(draft),
        },
      },
      {
        onSuccess: () => {
          toastSuccess(t(drug ? 'codeLists.drugs.updated' : 'codeLists.drugs.added'));
          onClose();
        },
        onError: (error) => toastError(t('codeLists.saveFailed'), errorMessage(translate, error)),
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(drug ? 'codeLists.drugs.editTitle' : 'codeLists.drugs.addTitle')}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="drug-form"
      >
        <Stack>
          <TextInput
            label={t('codeLists.drugs.name')}
            description={
              <>
                {t('codeLists.drugs.nameHint')} <bdi dir="ltr">Timolol 0.5%</bdi>
              </>
            }
            dir="ltr"
            required
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={200}
            data-autofocus
            data-testid="drug-name"
          />
          <TagsInput
            label={t('codeLists.drugs.brands')}
            description={t('codeLists.drugs.brandsHint')}
            dir="ltr"
            value={draft.brands}
            onChange={(brands) => set({ brands })}
            maxTags={20}
            acceptValueOnBlur
            data-testid="drug-brands"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('codeLists.drugs.form')}
              data={DRUG_FORMS.map((form) => ({ value: form, label: t(`codeLists.forms.${form}`) }))}
              value={draft.form}
              onChange={(value) => value && set({ form: value as Draft['form'] })}
              allowDeselect={false}
              data-testid="drug-form-select"
            />
            <Select
              label={t('codeLists.drugs.class')}
              data={DRUG_CLASSES.map((drugClass) => ({
                value: drugClass,
                label: t(`codeLists.classes.${drugClass}`),
              }))}
              value={draft.class}
              onChange={(value) => value && set({ class: value as Draft['class'] })}
              allowDeselect={false}
              searchable
              data-testid="drug-class-select"
            />
            <TextInput
              label={t('codeLists.drugs.defaultDose')}
              description={
                <>
                  {t('codeLists.drugs.doseHint')}{' '}
                  {DOSE_EXAMPLES.map((example, i) => (
                    <Fragment key={example}>
                      {i > 0 && t('common.listSeparator')}
                      <bdi dir="ltr">{example}</bdi>
                    </Fragment>
                  ))}
                </>
              }
              dir="ltr"
              value={draft.defaultDose}
              onChange={(e) => set({ defaultDose: e.currentTarget.value })}
              maxLength={100}
              data-testid="drug-dose"
            />
            <Group align="end" wrap="nowrap" gap="xs">
              <Select
                label={t('codeLists.drugs.defaultFrequency')}
                data={(['none', 'timesPerDay', 'everyHours', 'bedtime', 'asNeeded'] as const).map((kind) => ({
                  value: kind,
                  label: t(`codeLists.frequencyKinds.${kind}`),
                }))}
                value={draft.frequencyKind}
                onChange={(value) => value && set({ frequencyKind: value as FrequencyKind })}
                allowDeselect={false}
                style={{ flex: 1 }}
                data-testid="drug-frequency-kind"
              />
              {counted && (
                <NumberInput
                  aria-label={t(`codeLists.frequencyKinds.${draft.frequencyKind}`)}
                  value={draft.frequencyCount}
                  onChange={(value) => set({ frequencyCount: typeof value === 'number' ? value : 1 })}
                  min={1}
                  max={draft.frequencyKind === 'timesPerDay' ? 24 : 72}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  w={80}
                  data-testid="drug-frequency-count"
                />
              )}
            </Group>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!draft.name.trim()}
              data-testid="drug-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
