import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { parseTypedDate } from '../lib/dates.ts';

/** A calendar day (`YYYY-MM-DD`) picked or typed; never empty (a report is always of some day). */
export function DayInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  testId?: string;
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
      data-testid={testId}
    />
  );
}
