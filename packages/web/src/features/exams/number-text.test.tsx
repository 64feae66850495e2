import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { NumberText } from './number-text.tsx';

beforeAll(async () => {
  await initEnglish();
});

function Axis({ initial }: { initial: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <NumberText
      leaf={{ kind: 'axis' }}
      value={value}
      onCommit={setValue}
      unit="°"
      label="Axis"
      aria-label="Axis"
      error={value !== null && value > 180 ? 'At most 180' : undefined}
      data-testid="axis"
      size="sm"
    />
  );
}

const renderAxis = (initial: number | null) =>
  render(
    <Providers i18n={i18next} direction="ltr">
      <Axis initial={initial} />
    </Providers>,
  );

describe('an axis input', () => {
  it('shows a valid axis in three digits', () => {
    renderAxis(90);
    expect(screen.getByRole('textbox', { name: 'Axis' })).toHaveProperty('value', '090');
  });

  it('shows an axis out of range as typed beside its error, never normalised (200, not 020)', async () => {
    renderAxis(null);
    const input = screen.getByRole('textbox', { name: 'Axis' });
    await userEvent.type(input, '200');
    await userEvent.tab();
    expect(input).toHaveProperty('value', '200');
    expect(screen.getByText('At most 180')).toBeTruthy();
  });
});
