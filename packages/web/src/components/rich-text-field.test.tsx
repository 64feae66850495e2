import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { initEnglish } from '../test/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { RichTextField } from './rich-text-field.tsx';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = JSON.parse(readFileSync(path.resolve(here, '../../public/src/locales/en.json'), 'utf8')) as {
  richText: Record<'toolbar' | 'bold' | 'hr' | 'insertImage' | 'uploadFailed' | 'link', string>;
  errors: { codes: { document: { unsupported_type: string } } };
};

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initEnglish();
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});

const createObjectURL = vi.fn(() => 'blob:photo-5');
const revokeObjectURL = vi.fn();

beforeEach(() => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (url.includes('/mo/patient/7/document') && init?.method === 'POST') {
      const file = (init.body as FormData).get('file') as File;
      if (file.type !== 'image/png')
        return json({ message: 'unsupported', code: 'document.unsupported_type' }, 415);
      return json(
        {
          data: {
            id: 5,
            patientId: 7,
            queueId: null,
            category: 'photo',
            fileName: file.name,
            contentType: 'image/png',
            size: file.size,
            uploadedBy: null,
            createdAt: '2026-03-01T09:00:00Z',
          },
        },
        201,
      );
    }
    if (url.includes('/mo/patient/document/5'))
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'content-type': 'image/png' },
      });
    return new Response(JSON.stringify({ message: 'not found', code: 'not_found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

function Harness(props: {
  initial: string;
  readOnly?: boolean;
  links?: boolean;
  onChange?: (html: string) => void;
}) {
  const [value, setValue] = useState<string | null>(props.initial);
  return (
    <RichTextField
      label="Outer findings"
      value={value}
      onChange={(html) => {
        setValue(html);
        props.onChange?.(html);
      }}
      patientId={7}
      readOnly={props.readOnly ?? false}
      links={props.links ?? true}
      data-testid="outer"
    />
  );
}

function renderField(props: Parameters<typeof Harness>[0]) {
  return render(
    <Providers i18n={i18next} direction="rtl">
      <QueryClientProvider client={createQueryClient()}>
        <Harness {...props} />
      </QueryClientProvider>
    </Providers>,
  );
}

describe('the rich-text field', () => {
  it('shows the given HTML and reports what is typed as HTML', async () => {
    const onChange = vi.fn();
    renderField({ initial: '<p>Lids <strong>normal</strong></p>', onChange });
    const content = await screen.findByRole('textbox', { name: 'Outer findings' });
    expect(content).toHaveTextContent('Lids normal');
    expect(content.querySelector('strong')).toHaveTextContent('normal');
    expect(screen.getByRole('toolbar', { name: en.richText.toolbar })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.richText.bold })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.richText.insertImage })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(content);
    await user.keyboard('X');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.lastCall![0] as string;
    expect(html).toMatch(/^<p dir="auto">.*<strong>.*<\/strong>.*<\/p>$/);
    expect(html).toContain('X');
    expect(content).toHaveTextContent('X');
  });

  it('shows a read-only record without the toolbar', async () => {
    renderField({ initial: '<h2>Findings</h2><ul><li><p>clear cornea</p></li></ul>', readOnly: true });
    const content = await screen.findByRole('textbox', { name: 'Outer findings' });
    expect(content).toHaveAttribute('contenteditable', 'false');
    expect(content).toHaveTextContent('clear cornea');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: en.richText.bold })).toBeNull();
  });

  it('loads a document image through the API client and keeps its /api src in the HTML', async () => {
    const onChange = vi.fn();
    const src = '/api/mo/patient/document/5?disposition=inline';
    renderField({
      initial: `<p>Photo</p><img src="${src}" data-document-id="5" alt="eye.png"><img src="https://example.com/x.png">`,
      onChange,
    });
    const content = await screen.findByRole('textbox', { name: 'Outer findings' });
    const image = content.querySelector('img[data-document-id="5"]');
    expect(image).not.toBeNull();
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:photo-5'));
    expect(image).toHaveAttribute('alt', 'eye.png');
    const loads = () =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/document/'));
    expect(loads()).toHaveLength(1);
    expect(loads()[0]).toMatch(/\/api\/mo\/patient\/document\/5\?disposition=inline$/);

    await userEvent.setup().click(screen.getByRole('button', { name: en.richText.hr }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.lastCall![0] as string;
    expect(html).toContain(`<img dir="auto" src="${src}" alt="eye.png" data-document-id="5">`);
    expect(html).not.toContain('blob:');
    // Editing around the image neither reloads it nor lets go of its object URL.
    expect(loads()).toHaveLength(1);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    // An image of another site is not taken in (the server would drop it anyway).
    expect(html).not.toContain('example.com');
  });

  it('uploads a picked image as a photo of the patient and inserts it; a refused file changes nothing', async () => {
    const onChange = vi.fn();
    const { container } = renderField({ initial: '<p>Lids</p>', onChange });
    await screen.findByRole('textbox', { name: 'Outer findings' });
    const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker).toHaveAttribute('accept', 'image/png,image/gif,image/jpeg,image/bmp,image/x-icon');
    const user = userEvent.setup();

    await user.upload(picker, new File(['GIF89a'], 'eye.gif', { type: 'image/gif' }));
    expect(await screen.findByText(en.richText.uploadFailed)).toBeInTheDocument();
    expect(screen.getByText(en.errors.codes.document.unsupported_type)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    await user.upload(picker, new File([new Uint8Array([0x89, 0x50])], 'eye.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').at(-1)!;
    expect(String(url)).toMatch(/\/mo\/patient\/7\/document\?category=photo$/);
    expect([...(init!.body as FormData).keys()]).toEqual(['file']);
    const html = onChange.mock.lastCall![0] as string;
    expect(html).toContain(
      'src="/api/mo/patient/document/5?disposition=inline" alt="eye.png" data-document-id="5"',
    );
    expect(html).not.toMatch(/data:|blob:/);
  });

  it('a letter’s text takes no link: one given is its text, and there is no link control (issue 50)', async () => {
    const onChange = vi.fn();
    renderField({
      initial: '<p>See <a href="https://evil.example/pay">our portal</a></p>',
      links: false,
      onChange,
    });
    const content = await screen.findByRole('textbox', { name: 'Outer findings' });
    expect(content).toHaveTextContent('See our portal');
    expect(content.querySelector('a')).toBeNull();
    expect(screen.getByRole('button', { name: en.richText.bold })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.richText.link })).toBeNull();
    // A web address typed is text too.
    const user = userEvent.setup();
    await user.click(content);
    await user.keyboard(' https://evil.example ');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall![0]).not.toContain('<a');
  });
});
