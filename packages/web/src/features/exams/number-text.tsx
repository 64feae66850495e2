import { useEffect, useState, type ReactNode } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatAxis } from '@basira/shared/clinical/rounding';
import { formatNumber, parseTypedNumber } from '@basira/shared/exams/field-format';
import type { NumberField } from '@basira/shared/exams/fields';

/**
 * An axis the field takes (a whole 0–180) in three digits, `090`; any other as it is, beside its error. `formatAxis`
 * normalises the meridian, so a typed 200 read `020` next to "At most 180": a valid axis, not the one typed.
 */
const axisText = (v: number) => (Number.isInteger(v) && v >= 0 && v <= 180 ? formatAxis(v) : String(v));

interface TextProps {
  label: string | undefined;
  'aria-label': string;
  error: string | undefined;
  'data-testid': string;
  size: 'sm';
}

/**
 * A number typed as clinicians type it (`-2`, `+1.5`, `.75`, Arabic digits): kept as text while typing, then read,
 * written back to the form and shown the clinicians' way (`-2.00`, axis `090`). Always left to right. Its unit is
 * shown at its end, or `section` is: an input of its own there (a dose's unit select).
 */
export function NumberText({
  leaf,
  value,
  onCommit,
  unit,
  section,
  error,
  ...props
}: TextProps & {
  leaf: NumberField | { kind: 'axis' };
  value: unknown;
  onCommit: (v: number | null) => void;
  unit: string;
  section?: { node: ReactNode; width: number } | undefined;
}) {
  const { t } = useTranslation();
  const shown = (v: unknown) =>
    typeof v !== 'number' ? '' : leaf.kind === 'axis' ? axisText(v) : formatNumber(leaf, v);
  const [text, setText] = useState(shown(value));
  const [focused, setFocused] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    if (!focused) setText(shown(value));
  }, [value, focused]);
  return (
    <TextInput
      {...props}
      dir="ltr"
      inputMode="decimal"
      autoComplete="off"
      value={text}
      rightSection={
        section ? (
          section.node
        ) : unit ? (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={section?.width}
      rightSectionPointerEvents={section ? 'all' : 'none'}
      error={unreadable ? t('exams.errors.value.invalid') : error}
      onFocus={() => setFocused(true)}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        setFocused(false);
        const parsed = parseTypedNumber(text);
        setUnreadable(parsed === undefined);
        if (parsed === undefined) return;
        // An axis of 0 is the same meridian as 180.
        const next =
          parsed === null
            ? null
            : leaf.kind === 'axis' && Number.isInteger(parsed) && parsed === 0
              ? 180
              : parsed;
        onCommit(next);
        setText(shown(next));
      }}
    />
  );
}
