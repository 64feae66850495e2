import '@mantine/tiptap/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FileButton, Input, Loader, useDirection } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useQueryClient } from '@tanstack/react-query';
import Image from '@tiptap/extension-image';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from '../i18n/use-translation.ts';
import { patientDocumentResponseSchema } from '@basira/shared/patients/patients.schemas';
import { documentsKey } from './patient-documents.tsx';
import { apiBlob, apiRequest } from '../lib/api-client.ts';
import { isApiError } from '../lib/api-error.ts';
import { errorMessage } from '../lib/error-catalogue.ts';
import { toastError } from '../lib/toasts.ts';
import { useTranslator } from '../lib/use-translator.ts';

/** The editor's image types (spec); the server keeps PNG and JPEG only, by content, and refuses the rest (415). */
export const RICH_TEXT_IMAGE_TYPES = 'image/png,image/gif,image/jpeg,image/bmp,image/x-icon';

/** How the stored HTML names an image: the app's own document route (the server's sanitizer allows no other). */
export const documentImageSrc = (id: number) => `/api/mo/patient/document/${id}?disposition=inline`;
const DOCUMENT_SRC = /^\/api\/mo\/patient\/document\/(\d{1,10})(?:\?disposition=inline)?$/;

/** The patient document an <img> shows: its `data-document-id`, else the id in its src; null for any other image. */
function documentIdOf(element: HTMLElement): number | null {
  const fromData = Number(element.getAttribute('data-document-id'));
  if (Number.isSafeInteger(fromData) && fromData > 0) return fromData;
  const match = DOCUMENT_SRC.exec(element.getAttribute('src') ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Shows one document image. An <img> cannot send the bearer token, so the bytes come through the API client and
 * are shown from an object URL (revoked when the node leaves); the document keeps its `/api/...` src.
 */
class DocumentImageView implements NodeView {
  dom: HTMLImageElement;
  private node: PmNode;
  private objectUrl: string | null = null;
  private loading: AbortController | null = null;
  private pending: ReturnType<typeof setTimeout> | null = null;

  constructor(node: PmNode) {
    this.node = node;
    this.dom = document.createElement('img');
    this.dom.style.maxWidth = '100%';
    this.render();
    // Tiptap draws its node views again once the editor is mounted: the first, short-lived view fetches nothing.
    this.pending = setTimeout(() => {
      this.pending = null;
      this.load();
    }, 0);
  }

  private get documentId(): number | null {
    const id = Number(this.node.attrs.documentId);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  private render() {
    const alt = this.node.attrs.alt as string | null;
    if (alt) this.dom.alt = alt;
    else this.dom.removeAttribute('alt');
    const id = this.documentId;
    if (id === null) this.dom.removeAttribute('data-document-id');
    else this.dom.setAttribute('data-document-id', String(id));
  }

  private release() {
    if (this.pending !== null) clearTimeout(this.pending);
    this.pending = null;
    this.loading?.abort();
    this.loading = null;
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
    this.dom.removeAttribute('src');
    this.dom.removeAttribute('data-load-failed');
  }

  private load() {
    this.release();
    const id = this.documentId;
    if (id === null) {
      this.dom.setAttribute('data-load-failed', '');
      return;
    }
    const loading = new AbortController();
    this.loading = loading;
    this.dom.setAttribute('aria-busy', 'true');
    apiBlob(`mo/patient/document/${id}`, { query: { disposition: 'inline' }, signal: loading.signal })
      .then(({ blob }) => {
        if (loading.signal.aborted) return;
        this.objectUrl = URL.createObjectURL(blob);
        this.dom.src = this.objectUrl;
      })
      .catch(() => {
        // A document deleted or not allowed: the alt text stands in for it (global reactions already ran).
        if (!loading.signal.aborted) this.dom.setAttribute('data-load-failed', '');
      })
      .finally(() => {
        if (!loading.signal.aborted) this.dom.removeAttribute('aria-busy');
      });
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type) return false;
    const before = this.documentId;
    this.node = node;
    this.render();
    if (this.documentId !== before) this.load();
    return true;
  }

  destroy() {
    this.release();
  }
}

/**
 * An image is a patient document: `<img src="/api/mo/patient/document/{id}?disposition=inline" data-document-id alt>`,
 * nothing else (no title, size or style: the sanitizer drops them). Images of other sites, data: URLs and the
 * Markdown input rule are not taken in at all.
 */
const DocumentImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      documentId: {
        default: null,
        parseHTML: (element: HTMLElement) => documentIdOf(element),
        renderHTML: (attributes: Record<string, unknown>) =>
          attributes.documentId == null ? {} : { 'data-document-id': String(attributes.documentId) },
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element: HTMLElement) => (documentIdOf(element) === null ? false : null),
      },
    ];
  },
  addInputRules() {
    return [];
  },
  addNodeView() {
    return ({ node }) => new DocumentImageView(node);
  },
}).configure({ inline: false, allowBase64: false, resize: false });

function createExtensions(links: boolean) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      // Mantine's Link below (its control and Mod+K); no code blocks (their language class is not kept).
      link: false,
      codeBlock: false,
    }),
    // Without links, a link in the HTML given is read as its text, and nothing typed becomes one.
    ...(links
      ? [
          Link.configure({
            openOnClick: false,
            autolink: true,
            defaultProtocol: 'https',
            HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
          }),
        ]
      : []),
    DocumentImage,
  ];
}

/** The editor's HTML, or '' when nothing is written (the form treats '' as empty). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

const IconPhoto = () => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.5}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </svg>
);

export interface RichTextFieldProps {
  label: string;
  /** HTML. */
  value: string | null;
  onChange: (html: string) => void;
  /** Images are uploaded as this patient's documents; without a patient (print settings) it takes no images. */
  patientId?: number;
  error?: string | undefined;
  /** The content without the toolbar (a record shown read-only). */
  readOnly?: boolean;
  /** Whether the text may hold links (true); a letter keeps text formatting only, as its server does. */
  links?: boolean;
  'data-testid'?: string;
}

/**
 * Rich text of an exam record (the outer record), of the print settings' header and footer, and of letters and
 * their templates (without links): Mantine's Tiptap editor; images are the patient's documents.
 */
export function RichTextField({
  label,
  value,
  onChange,
  patientId,
  error,
  readOnly = false,
  links = true,
  'data-testid': testId,
}: RichTextFieldProps) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const queryClient = useQueryClient();
  const { dir } = useDirection();
  const [uploading, setUploading] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The last value seen (given or reported): the editor's own echo through `value` must not reset it (the cursor).
  const [initialContent] = useState(() => value ?? '');
  const lastValue = useRef(initialContent);
  const errorId = `${testId ?? 'rich-text'}-error`;
  const [extensions] = useState(() => createExtensions(links));
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    }),
    [label, readOnly, error, errorId],
  );

  const editor = useEditor({
    extensions,
    content: initialContent,
    editable: !readOnly,
    // Each block takes the direction of its own text; an empty one follows the interface.
    textDirection: 'auto',
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastValue.current = html;
      onChangeRef.current(html);
    },
  });

  // A value set from outside (a record loaded, a form reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next === lastValue.current) return;
    lastValue.current = next;
    if (next !== htmlOf(editor)) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      h2ControlLabel: t('richText.heading2'),
      h3ControlLabel: t('richText.heading3'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.blockquote'),
      hrControlLabel: t('richText.hr'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
      linkEditorInputLabel: t('richText.linkUrl'),
      linkEditorInputPlaceholder: t('richText.linkPlaceholder'),
      linkEditorExternalLink: t('richText.linkExternal'),
      linkEditorInternalLink: t('richText.linkInternal'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );

  const insertImage = async (file: File | null) => {
    resetPicker.current?.();
    if (!file || !editor || patientId === undefined) return;
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const { data: document } = await apiRequest(`mo/patient/${patientId}/document`, {
        method: 'POST',
        body: form,
        query: { category: 'photo' },
        schema: patientDocumentResponseSchema,
        timeoutMs: 120_000,
      });
      void queryClient.invalidateQueries({ queryKey: documentsKey(patientId) });
      if (editor.isDestroyed) return;
      editor
        .chain()
        .focus()
        .insertContent({
          type: 'image',
          attrs: { src: documentImageSrc(document.id), alt: file.name, documentId: document.id },
        })
        .run();
    } catch (failure) {
      // A refused file (GIF, BMP, icon: 415) leaves the text as it was.
      if (!(isApiError(failure) && failure.handled))
        toastError(t('richText.uploadFailed'), errorMessage(translate, failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper label={label} error={error} errorProps={{ id: errorId }} data-testid={testId}>
      <RichTextEditor
        editor={editor}
        labels={labels}
        dir={dir}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {!readOnly && (
          <RichTextEditor.Toolbar role="toolbar" aria-label={t('richText.toolbar')}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            {links && (
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
            )}
            {patientId !== undefined && (
              <RichTextEditor.ControlsGroup>
                <FileButton
                  onChange={(file) => void insertImage(file)}
                  accept={RICH_TEXT_IMAGE_TYPES}
                  resetRef={resetPicker}
                >
                  {(picker) => (
                    <RichTextEditor.Control
                      {...picker}
                      disabled={uploading}
                      aria-label={uploading ? t('richText.uploading') : t('richText.insertImage')}
                      title={uploading ? t('richText.uploading') : t('richText.insertImage')}
                      aria-busy={uploading || undefined}
                      data-testid={testId ? `${testId}-insert-image` : undefined}
                    >
                      {uploading ? <Loader size={14} /> : <IconPhoto />}
                    </RichTextEditor.Control>
                  )}
                </FileButton>
              </RichTextEditor.ControlsGroup>
            )}
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

export default RichTextField;
