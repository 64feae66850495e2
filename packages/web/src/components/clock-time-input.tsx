import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useTranslation } from '../i18n/use-translation.ts';
import { amPmLabels } from '../lib/calendar-settings.ts';

/**
 * A time of day (`HH:mm`, 24-hour in the value) shown on a 12-hour clock in the interface's own letters:
 * `10:30 ص` in Arabic, `10:30 AM` in English. The browser's native time input would write Latin AM/PM in an
 * Arabic page, following the computer's locale instead of the interface.
 */
export function ClockTimeInput(
  props: Omit<TimePickerProps, 'format' | 'amPmLabels'> & { 'data-testid'?: string },
) {
  const { t, i18n } = useTranslation();
  return (
    <TimePicker
      {...props}
      format="12h"
      amPmLabels={amPmLabels(i18n.language)}
      hoursInputLabel={t('common.hours')}
      minutesInputLabel={t('common.minutes')}
      amPmInputLabel={t('common.amPm')}
      hoursInputProps={{ 'data-testid': 'time-hours' }}
      minutesInputProps={{ 'data-testid': 'time-minutes' }}
      amPmSelectProps={{ 'data-testid': 'time-ampm' }}
    />
  );
}
