import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { DatesProvider } from '@mantine/dates';
import { I18nextProvider } from 'react-i18next';
import { useTranslation } from '../i18n/use-translation.ts';
import { calendarSettings } from '../lib/calendar-settings.ts';
import { cssVariablesResolver, isDarkColorSchemeManager, theme } from '../lib/theme.ts';
import type { Direction } from '../lib/storage.ts';
import { Toaster } from './toaster.tsx';

const colorSchemeManager = isDarkColorSchemeManager();

export function Providers(props: { i18n: I18n; direction: Direction; children: ReactNode }) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <DirectionProvider initialDirection={props.direction} detectDirection>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          cssVariablesResolver={cssVariablesResolver}
        >
          <Toaster />
          <ClinicCalendar>{props.children}</ClinicCalendar>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}

/** Every date picker in the interface language, on the clinic's week (Saturday first). */
function ClinicCalendar({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={calendarSettings(i18n.language)}>{children}</DatesProvider>;
}
