import type { ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
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
          {props.children}
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
