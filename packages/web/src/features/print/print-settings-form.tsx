import {
  lazy,
  Suspense,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ComponentProps,
  type RefObject,
} from 'react';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Image,
  Input,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  DIGIT_SYSTEMS,
  LOGO_TYPES,
  printSettingCreateSchema,
  printSettingSchema,
  printSettingUpdateSchema,
  type PrintSetting,
} from '@basira/shared/print/print-settings.schemas';
import { IconAlert, IconUpload } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { staleRecord, useSchemaForm } from '../../lib/use-schema-form.ts';
import { PrintSettingsPreview } from './print-settings-preview.tsx';
import {
  createBody,
  isHexColor,
  previewSetting,
  readLogo,
  rebase,
  updateBody,
  valuesOf,
  type PrintSettingValues,
} from './print-settings-values.ts';
import { useCreatePrintSetting, useUpdatePrintSetting } from './print-settings.queries.ts';

// The editor (Tiptap) is the heaviest part of the screen: its chunk loads with the form, not with the list.
const RichTextField = lazy(() =>
  import('../../components/rich-text-field.tsx').then((m) => ({ default: m.RichTextField })),
);

/** A few clinic colours to pick from; any 6-digit hex can be typed. */
const SWATCHES = ['#000000', '#1c3f94', '#1971c2', '#0b7285', '#2b8a3e', '#862e9c', '#c92a2a', '#5c3d2e'];

export interface PrintSettingsFormProps {
  /** The setting being edited; null for a new one. */
  setting: PrintSetting | null;
  /** The organization has no setting yet: the new one becomes the default whatever the switch says. */
  isFirst: boolean;
  onSaved: (setting: PrintSetting) => void;
  /** Reports unsaved input, so the page asks before opening another setting. */
  onDirtyChange: (dirty: boolean) => void;
}

/** Someone else saved the setting meanwhile: their version (now in the form) and what this user had typed. */
interface Stale {
  theirs: PrintSetting;
  mine: PrintSettingValues;
}

/** The print-setting form with its live preview beside it (below it on narrow screens). */
export function PrintSettingsForm({ setting, isFirst, onSaved, onDirtyChange }: PrintSettingsFormProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const [base, setBase] = useState<PrintSetting | null>(setting);
  const [stale, setStale] = useState<Stale | null>(null);
  const create = useCreatePrintSetting();
  const update = useUpdatePrintSetting(base?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const creating = base === null;
  const form = useSchemaForm({
    schema: base ? printSettingUpdateSchema : printSettingCreateSchema,
    initialValues: valuesOf(setting, isFirst),
    toBody: (v: PrintSettingValues) => (base ? updateBody(v, base) : createBody(v)),
  });
  const { values, dirty, set } = form;
  const [lastColor, setLastColor] = useState(values.color);
  const resetLogoPicker = useRef<() => void>(null);

  useEffect(() => onDirtyChange(dirty), [dirty]);
  useEffect(() => () => onDirtyChange(false), []);

  const load = (next: PrintSetting) => {
    setBase(next);
    form.load(valuesOf(next));
    setLastColor(next.color);
  };

  // A newer version read by the page (the list refetched): taken in while nothing is typed over it.
  useEffect(() => {
    if (!setting || !base || setting.id !== base.id || setting.version <= base.version || dirty) return;
    setBase(setting);
    form.load(valuesOf(setting));
  }, [setting?.version]);

  const chooseLogo = async (file: File | null) => {
    resetLogoPicker.current?.();
    if (!file) return;
    const read = await readLogo(file);
    if ('error' in read) form.form.setFieldError('logo', read.error);
    else set('logo', read.dataUrl);
  };

  const fail = (error: unknown) => {
    if (isApiError(error) && error.handled) return;
    const theirs = staleRecord(error, printSettingSchema);
    if (theirs && base) {
      setStale({ theirs, mine: rebase(values, base, theirs) });
      load(theirs);
      return;
    }
    form.showServerErrors(error);
    toastError(
      creating ? t('printSetting.createFailed') : t('printSetting.updateFailed'),
      errorMessage(translate, error),
    );
  };

  const saved = (next: PrintSetting) => {
    load(next);
    setStale(null);
    toastSuccess(creating ? t('printSetting.savedCreate') : t('printSetting.savedUpdate'));
    onSaved(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const body = form.submitValues();
    if (!body) return;
    if (base) update.mutate({ ...body, version: base.version }, { onSuccess: saved, onError: fail });
    else create.mutate(body, { onSuccess: saved, onError: fail });
  };

  const discard = () => {
    form.form.reset();
    setLastColor(base?.color ?? valuesOf(null).color);
  };

  // The preview follows the typing without holding it up (a long header re-renders the sheet).
  const preview = useDeferredValue(previewSetting(values, base, lastColor));
  const defaultLocked = base?.isDefault === true || (creating && isFirst);
  const defaultHint = base?.isDefault
    ? t('printSetting.isDefaultHeld')
    : creating && isFirst
      ? t('printSetting.isDefaultFirst')
      : t('printSetting.isDefaultHint');

  return (
    <Grid gap="lg" data-testid="print-setting-editor" data-mode={creating ? 'create' : 'update'}>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate aria-labelledby="print-setting-form-title">
            <Stack gap="md">
              <Title order={2} fz="h4" id="print-setting-form-title">
                {creating ? t('printSetting.newTitle') : t('printSetting.editTitle')}
              </Title>
              {stale && (
                <Alert
                  color="orange"
                  role="alert"
                  title={t('printSetting.staleTitle')}
                  data-testid="print-setting-stale"
                >
                  <Text size="sm">
                    {t('printSetting.staleText', { at: format.dateTime(stale.theirs.updatedAt) })}
                  </Text>
                  <Group mt="xs" gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        form.form.setValues(stale.mine);
                        setStale(null);
                      }}
                      data-testid="print-setting-stale-keep"
                    >
                      {t('printSetting.staleKeepMine')}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setStale(null)}>
                      {t('printSetting.staleKeepTheirs')}
                    </Button>
                  </Group>
                </Alert>
              )}
              <TextField
                name="name"
                label={t('printSetting.name')}
                description={t('printSetting.nameHint')}
                maxLength={100}
                value={values.name}
                onChange={(event) => set('name', event.currentTarget.value)}
                error={form.error('name')}
                data-testid="print-setting-name"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField
                  name="optometrist"
                  label={t('printSetting.optometrist')}
                  maxLength={200}
                  value={values.optometrist}
                  onChange={(event) => set('optometrist', event.currentTarget.value)}
                  error={form.error('optometrist')}
                  data-testid="print-setting-optometrist"
                />
                <TextField
                  name="specialist"
                  label={t('printSetting.specialist')}
                  maxLength={200}
                  value={values.specialist}
                  onChange={(event) => set('specialist', event.currentTarget.value)}
                  error={form.error('specialist')}
                  data-testid="print-setting-specialist"
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ColorInput
                  name="color"
                  label={t('printSetting.color')}
                  description={t('printSetting.colorHint')}
                  format="hex"
                  swatches={SWATCHES}
                  swatchesPerRow={8}
                  withEyeDropper={false}
                  value={values.color}
                  onChange={(color) => {
                    set('color', color);
                    if (isHexColor(color)) setLastColor(color.toLowerCase());
                  }}
                  error={form.error('color')}
                  maxLength={7}
                  // A hex code reads left to right in either language.
                  styles={{ input: { direction: 'ltr', textAlign: 'start' } }}
                  data-testid="print-setting-color"
                />
                <LogoField
                  logo={values.logo}
                  error={form.error('logo')}
                  onChoose={(file) => void chooseLogo(file)}
                  onRemove={() => set('logo', null)}
                  resetRef={resetLogoPicker}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <ChoiceField
                  name="paper"
                  label={t('printSetting.paperSize')}
                  hint={t('printSetting.paperHint')}
                  value={values.paperSize}
                  onChange={(paper) => set('paperSize', paper === 'A4' ? 'A4' : 'A5')}
                  data={[
                    { value: 'A5', label: t('printSetting.paper.A5') },
                    { value: 'A4', label: t('printSetting.paper.A4') },
                  ]}
                />
                <ChoiceField
                  name="zero"
                  label={t('printSetting.zeroAs')}
                  hint={t('printSetting.zeroHint')}
                  value={values.zeroAs}
                  onChange={(zero) => set('zeroAs', zero === 'zeros' ? 'zeros' : 'plano')}
                  data={[
                    { value: 'plano', label: t('printSetting.zero.plano') },
                    { value: 'zeros', label: t('printSetting.zero.zeros') },
                  ]}
                />
                <ChoiceField
                  name="digits"
                  label={t('printSetting.digits')}
                  hint={t('printSetting.digitsHint')}
                  value={values.digits}
                  onChange={(digits) => set('digits', digits === 'arabic' ? 'arabic' : 'western')}
                  data={DIGIT_SYSTEMS.map((system) => ({
                    value: system,
                    label: t(`printSetting.digit.${system}`),
                  }))}
                />
              </SimpleGrid>
              <Suspense fallback={<Skeleton h={160} />}>
                <RichTextField
                  label={t('printSetting.header')}
                  value={values.header}
                  onChange={(html) => set('header', html)}
                  error={form.error('header')}
                  data-testid="print-setting-header"
                />
                <RichTextField
                  label={t('printSetting.footer')}
                  value={values.footer}
                  onChange={(html) => set('footer', html)}
                  error={form.error('footer')}
                  data-testid="print-setting-footer"
                />
              </Suspense>
              <Switch
                label={t('printSetting.isDefault')}
                description={defaultHint}
                checked={defaultLocked || values.isDefault}
                disabled={defaultLocked}
                onChange={(event) => set('isDefault', event.currentTarget.checked)}
                data-testid="print-setting-default"
              />
              <Group justify="flex-end" gap="sm">
                {dirty && (
                  <Button
                    variant="default"
                    onClick={discard}
                    disabled={saving}
                    data-testid="print-setting-discard"
                  >
                    {t('printSetting.discard')}
                  </Button>
                )}
                <Button
                  type="submit"
                  loading={saving}
                  disabled={!creating && !dirty}
                  data-testid="print-setting-submit"
                >
                  {creating ? t('printSetting.create') : t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Box
          style={{
            position: 'sticky',
            insetBlockStart: 'calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-md))',
          }}
        >
          <PrintSettingsPreview setting={preview} />
        </Box>
      </Grid.Col>
    </Grid>
  );
}

/** The logo: shown as it will print, chosen as a PNG or JPEG file (the server checks what it really is). */
function LogoField({
  logo,
  error,
  onChoose,
  onRemove,
  resetRef,
}: {
  logo: string | null;
  error: string | undefined;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
  resetRef: RefObject<(() => void) | null>;
}) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper
      label={t('printSetting.logo')}
      description={t('printSetting.logoHint')}
      error={error}
      errorProps={{ 'data-testid': 'print-setting-logo-error' }}
      data-testid="print-setting-logo"
    >
      <Group gap="xs" mt={4} wrap="wrap" align="center">
        {logo && <LogoThumbnail key={logo} logo={logo} />}
        <FileButton
          onChange={onChoose}
          accept={LOGO_TYPES.join(',')}
          resetRef={resetRef}
          inputProps={{ 'data-testid': 'print-setting-logo-input' } as ComponentProps<'input'>}
        >
          {(picker) => (
            <Button {...picker} variant="light" size="compact-sm" leftSection={<IconUpload />}>
              {logo ? t('printSetting.logoReplace') : t('printSetting.logoChoose')}
            </Button>
          )}
        </FileButton>
        {logo && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onRemove}
            data-testid="print-setting-logo-remove"
          >
            {t('printSetting.logoRemove')}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/** The chosen logo as it will print; a file the browser cannot draw says so instead of a broken image. */
function LogoThumbnail({ logo }: { logo: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <Paper withBorder p={4} bg="white" style={{ flex: 'none' }}>
      {broken ? (
        <Group gap={4} h={40} px={4} c="red.8" wrap="nowrap" data-testid="print-setting-logo-broken">
          <IconAlert size={16} />
          <Text size="xs" c="red.8">
            {t('printSetting.logoUnreadable')}
          </Text>
        </Group>
      ) : (
        <Image
          src={logo}
          alt={t('printSetting.logoAlt')}
          h={40}
          w="auto"
          maw={120}
          fit="contain"
          onError={() => setBroken(true)}
          data-testid="print-setting-logo-image"
        />
      )}
    </Paper>
  );
}

/** A labelled segmented choice (paper, zero style, digits): label and hint tied to the control for screen readers. */
function ChoiceField(props: {
  name: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  data: { value: string; label: string }[];
}) {
  const id = `print-setting-${props.name}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={`${id}-label`}>
        {props.label}
      </Text>
      <Text size="xs" c="dimmed" id={`${id}-hint`} mt={-4}>
        {props.hint}
      </Text>
      <SegmentedControl
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        value={props.value}
        onChange={props.onChange}
        data={props.data}
        data-testid={id}
      />
    </Stack>
  );
}
