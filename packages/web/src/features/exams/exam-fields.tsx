import { Fragment, memo } from 'react';
import { ActionIcon, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { EyesNode, GroupNode, ListNode, Node } from '@basira/shared/exams/fields';
import { examDefinition } from '@basira/shared/exams/registry';
import { type ExamType } from '@basira/shared/exams/exam-types';
import { IconTrash } from '../../components/icons.tsx';
import { useExamForm } from './exam-form-context.ts';
import { useExamTexts } from '../../lib/exam-texts.ts';
import type { ExamWebExtension } from '../../exam-types/exam-extension.ts';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { LeafInput } from './leaf-input.tsx';

/**
 * A type's extra controls (its extension's `itemExtras`): beside a list item by the list's path (`readings`),
 * under each item or under an eyes block by `<path>:after`.
 */
type ItemExtras = NonNullable<ExamWebExtension['itemExtras']>;

const isLeaf = (node: Node) => node.kind !== 'group' && node.kind !== 'eyes' && node.kind !== 'list';
/** Leaves that need a whole row: check lists, multi-line text, the editor, attached images. */
const isWide = (node: Node) =>
  node.kind === 'checks' ||
  node.kind === 'richText' ||
  node.kind === 'documents' ||
  (node.kind === 'text' && node.lines !== undefined);

/**
 * Every section of a type's form, in the definition's order: the one generic form of every exam type. Kept out of
 * the page's renders (`memo`): each input follows the form itself (`useExamForm`).
 */
export const ExamSections = memo(function ExamSections({ type }: { type: ExamType }) {
  const texts = useExamTexts(type);
  const { fields } = examDefinition(type);
  const extras = useExamExtension(type).itemExtras ?? {};
  return (
    <Stack gap="md">
      {Object.entries(fields).map(([key, node]) => (
        <Card
          key={key}
          withBorder
          padding="md"
          component="section"
          aria-label={texts.section(key)}
          data-testid={`exam-section-${key}`}
        >
          <Title order={2} fz="h5" mb="sm">
            {texts.section(key)}
          </Title>
          <NodeView type={type} node={node} path={key} extras={extras} top />
        </Card>
      ))}
    </Stack>
  );
});

function NodeView({
  type,
  node,
  path,
  extras,
  top = false,
}: {
  type: ExamType;
  node: Node;
  path: string;
  extras: ItemExtras;
  top?: boolean;
}) {
  switch (node.kind) {
    case 'group':
      return <GroupView type={type} node={node} path={path} extras={extras} />;
    case 'eyes':
      return <EyesView type={type} node={node} path={path} extras={extras} />;
    case 'list':
      return <ListView type={type} node={node} path={path} extras={extras} />;
    default:
      // A section that is a single field: the section's title is its label.
      return <LeafInput type={type} leaf={node} path={path} visibleLabel={!top} />;
  }
}

function GroupView({
  type,
  node,
  path,
  extras,
}: {
  type: ExamType;
  node: GroupNode;
  path: string;
  extras: ItemExtras;
}) {
  const texts = useExamTexts(type);
  // A hidden field is shown by the type's own extra, where it belongs (a reason under its warning).
  const entries = Object.entries(node.fields).filter(([, child]) => !(child.kind === 'text' && child.hidden));
  // A number's unit chosen beside it (a dose's) is part of the number's input, not an input of its own.
  const units = new Set(
    entries.flatMap(([, child]) => (child.kind === 'number' && child.unitField ? [child.unitField] : [])),
  );
  const leaves = entries.filter(([key, child]) => isLeaf(child) && !isWide(child) && !units.has(key));
  const wide = entries.filter(([, child]) => isWide(child));
  const blocks = entries.filter(([, child]) => !isLeaf(child));
  return (
    <Stack gap="sm">
      {leaves.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          {leaves.map(([key, child]) => (
            <LeafInput key={key} type={type} leaf={child as never} path={`${path}.${key}`} />
          ))}
        </SimpleGrid>
      )}
      {wide.map(([key, child]) => (
        <LeafInput key={key} type={type} leaf={child as never} path={`${path}.${key}`} />
      ))}
      {blocks.map(([key, child]) => (
        <Box key={key}>
          <Text fw={600} size="sm" mb={4}>
            {texts.label(`${path}.${key}`)}
          </Text>
          <NodeView type={type} node={child} path={`${path}.${key}`} extras={extras} />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The two eyes side by side: a column of labels, the right eye, then the left. In Arabic (right to left) the right
 * eye sits on the reader's right, as clinicians write it. The inputs follow one eye down, then the other (DOM
 * order: the grid flows by column), so Tab goes down the right eye before it crosses to the left.
 */
function EyesView({
  type,
  node,
  path,
  extras,
}: {
  type: ExamType;
  node: EyesNode;
  path: string;
  extras: ItemExtras;
}) {
  const { t } = useTranslation();
  const texts = useExamTexts(type);
  // What a type shows under both eyes' fields (`<path>:after`, as under a list's items).
  const After = extras[`${path}:after`];
  const rows = Object.entries(node.fields);
  const common = Object.entries(node.common);
  return (
    <Stack gap="xs">
      {common.length > 0 && (
        <GroupView type={type} node={{ kind: 'group', fields: node.common }} path={path} extras={{}} />
      )}
      <Box
        data-testid={`exam-eyes-${path}`}
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(5rem, max-content) minmax(0, 1fr) minmax(0, 1fr)',
          gridTemplateRows: `repeat(${rows.length + 1}, auto)`,
          gridAutoFlow: 'column',
          columnGap: 'var(--mantine-spacing-sm)',
          rowGap: 6,
          alignItems: 'center',
        }}
      >
        <span />
        {rows.map(([key]) => (
          <Text key={key} size="sm" fw={500}>
            {texts.label(`${path}.right.${key}`)}
          </Text>
        ))}
        {(['right', 'left'] as const).map((side) => (
          <Fragment key={side}>
            <Text size="sm" fw={700} ta="center" data-testid={`exam-eye-${side}`}>
              {t(`exams.eyes.${side}`)}
            </Text>
            {rows.map(([key, leaf]) => (
              <LeafInput
                key={key}
                type={type}
                leaf={leaf as never}
                path={`${path}.${side}.${key}`}
                side={side}
                visibleLabel={false}
              />
            ))}
          </Fragment>
        ))}
      </Box>
      {After && <After path={path} />}
    </Stack>
  );
}

function ListView({
  type,
  node,
  path,
  extras,
}: {
  type: ExamType;
  node: ListNode;
  path: string;
  extras: ItemExtras;
}) {
  const { t } = useTranslation();
  const texts = useExamTexts(type);
  const form = useExamForm();
  const items = (form.getValue(path) as unknown[] | undefined) ?? [];
  // An editable list shows one empty item to start in (unless its definition starts it empty); an item is
  // written only when something is typed in it.
  const count = form.readOnly || node.startEmpty ? items.length : Math.max(items.length, 1);
  const listKey = path.replace(/\.\d+(?=\.|$)/g, '');
  const Extra = extras[listKey];
  const After = extras[`${listKey}:after`];
  const remove = (index: number) =>
    form.setValue(
      path,
      items.filter((_, i) => i !== index),
    );
  return (
    <Stack gap="sm">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder padding="sm" data-testid={`exam-item-${path}`}>
          <Group justify="space-between" mb="xs">
            <Text size="sm" fw={600}>
              {texts.label(path)} {index + 1}
            </Text>
            <Group gap="xs">
              {Extra && <Extra path={`${path}.${index}`} />}
              {!form.readOnly && index < items.length && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('examForm.removeItem')}
                  onClick={() => remove(index)}
                  data-testid={`exam-remove-${path}`}
                >
                  <IconTrash />
                </ActionIcon>
              )}
            </Group>
          </Group>
          <NodeView type={type} node={node.item} path={`${path}.${index}`} extras={extras} />
          {After && <After path={`${path}.${index}`} />}
        </Card>
      ))}
      {!form.readOnly && count < node.max && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => form.setValue(`${path}.${count}`, {})}
            data-testid={`exam-add-${path}`}
          >
            {t('examForm.addItem', { item: texts.label(path) })}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
