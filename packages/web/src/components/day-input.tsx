import { DateInput } from '@mantine/dates';
import { parseTypedDate } from '../lib/dates.ts';

/** A calendar day (`YYYY-MM-DD`) picked or typed; never empty (a report is always of some day). */
export function DayInput({
  label,
  value,
  onChange,
  testId,
  error,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  testId?: string;
  /** A form's translated error on the day. */
  error?: string;
}) {
  return (
    <DateInput
      label={label}
      valueFormat="YYYY-MM-DD"
      dateParser={parseTypedDate}
      value={value}
      onChange={(day) => {
        if (day) onChange(day);
      }}
      maw={180}
      error={error}
      data-testid={testId}
    />
  );
}
