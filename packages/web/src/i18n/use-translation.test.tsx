import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation } from './use-translation.ts';

function instance(lang: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: lang,
    initAsync: false,
    resources: { ar: { translation: { hello: 'مرحبا' } }, en: { translation: { hello: 'Hello' } } },
  });
  return i18n;
}

const seen: unknown[] = [];
function Hello({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  seen.push(t);
  return (
    <span data-testid={id} lang={i18n.language}>
      {t('hello')}
    </span>
  );
}

describe('useTranslation', () => {
  it('reads the provider’s instance: each server render draws in its own request’s language', () => {
    const page = (lang: string) =>
      renderToString(
        <I18nextProvider i18n={instance(lang)}>
          <Hello id="a" />
        </I18nextProvider>,
      );
    expect(page('ar')).toContain('مرحبا');
    expect(page('en')).toContain('Hello');
  });

  it('shares one `t` between readers, and draws them again with a new one when the language changes', async () => {
    const i18n = instance('en');
    seen.length = 0;
    render(
      <I18nextProvider i18n={i18n}>
        <Hello id="a" />
        <Hello id="b" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('b').textContent).toBe('Hello');
    expect(seen[0]).toBe(seen[1]);

    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByTestId('a').textContent).toBe('مرحبا');
    expect(screen.getByTestId('b').getAttribute('lang')).toBe('ar');
    // A memo that depends on `t` is computed again.
    expect(seen.at(-1)).not.toBe(seen[0]);
    expect(seen.at(-1)).toBe(seen.at(-2));
  });
});
