import sanitize from 'sanitize-html';

/**
 * The rich text a clinician writes (the outer record), cut down to what the editor makes: paragraphs, headings,
 * lists, emphasis, links, and images served by this app (patient documents, never inline data or other sites).
 * No script, no event handler, no `javascript:` URL, no style (a style can load a URL), no form or frame.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: {
    '*': ['dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'data-document-id'],
    p: ['dir', 'data-text-align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Images only from this app's own document route: a relative URL, checked below.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnDocumentUrl(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  disallowedTagsMode: 'discard',
};

const OWN_DOCUMENT = /^\/api\/mo\/patient\/document\/\d{1,10}(\?disposition=inline)?$/;
const isOwnDocumentUrl = (src: string) => OWN_DOCUMENT.test(src);

export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/**
 * A letter and its template keep text formatting only: the rich text's tags without links and images. A link
 * becomes its text (a letter is printed and handed over: a link on its print page was a way to send the reader
 * anywhere), and an image goes (the letter editor takes none; the clinic's paper has its logo).
 */
const LETTER_OPTIONS: sanitize.IOptions = {
  allowedTags: (OPTIONS.allowedTags as string[]).filter((tag) => tag !== 'a' && tag !== 'img'),
  allowedAttributes: { '*': ['dir'], p: ['dir', 'data-text-align'], ol: ['start'] },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

export function sanitizeLetterText(html: string): string {
  return sanitize(html, LETTER_OPTIONS).trim();
}
