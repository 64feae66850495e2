import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ConsultationRxSheet, type ConsultationData } from './consultation-rx-sheet.tsx';
import { samplePatient } from './sample-prescription.ts';

const POAG = {
  code: 'H40.1',
  titleEn: 'Primary open-angle glaucoma',
  titleAr: 'الزرق مفتوح الزاوية الأولي (الماء الأزرق)',
  custom: false,
  favourite: false,
};

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => vi.unstubAllGlobals());

function renderSheet(data: ConsultationData) {
  return render(
    <Providers i18n={i18next} direction="ltr">
      <QueryClientProvider client={createQueryClient()}>
        <ConsultationRxSheet data={data} patient={samplePatient('Huda Salim')} />
      </QueryClientProvider>
    </Providers>,
  );
}
const lines = () => screen.getAllByTestId('print-diagnosis').map((li) => li.textContent);

describe('the prescription’s diagnoses', () => {
  it('print each title in the print’s language, then the doctor’s own words, never the other title', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderSheet({
      diagnoses: [
        // Saved by the older form, which copied the Arabic title into the words.
        { code: 'H40.1', text: POAG.titleAr },
        { code: 'H10.0', text: 'follicular' },
        { code: null, text: 'dry eye' },
      ],
      derived: {
        medications: [],
        warnings: [],
        diagnoses: [
          { titleEn: POAG.titleEn, titleAr: POAG.titleAr },
          { titleEn: 'Mucopurulent conjunctivitis', titleAr: 'التهاب الملتحمة المخاطي القيحي (الجرثومي)' },
          null,
        ],
      },
    });
    expect(lines()).toEqual([
      'H40.1 Primary open-angle glaucoma',
      'H10.0 Mucopurulent conjunctivitis · follicular',
      'dry eye',
    ]);
    // The record's own titles: nothing looked up.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('look a code up for a record saved before it kept its titles', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({ data: [POAG], meta: { page: 1, perPage: 30, total: 1, lastPage: 1 } }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSheet({
      diagnoses: [{ code: 'H40.1', text: POAG.titleAr }],
      derived: { medications: [], warnings: [] },
    });
    await waitFor(() => expect(lines()).toEqual(['H40.1 Primary open-angle glaucoma']));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('search=H40.1');
  });

  it('isolate the doctor’s words, so a note stored with an override cannot reverse the eye after it', () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    // Stored before the server removed the controls: an RLO that reached the end of the line on paper.
    renderSheet({
      diagnoses: [{ code: null, text: 'suspect \u202Eglaucoma', eye: 'left' }],
      derived: { medications: [], warnings: [], diagnoses: [null] },
    });
    const line = screen.getByTestId('print-diagnosis');
    const words = screen.getByTestId('print-diagnosis-words');
    expect(words.tagName).toBe('BDI');
    expect(words.textContent).toBe('suspect \u202Eglaucoma');
    expect(line.textContent).toBe('suspect \u202Eglaucoma · Left eye (OS)');
    expect(words.contains(screen.getByText(/Left eye/))).toBe(false);
  });
});
