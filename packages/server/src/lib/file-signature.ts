import type { documentContentTypes } from '@basira/shared/patients/patients.schemas';

export type DocumentContentType = (typeof documentContentTypes)[number];

const SIGNATURES: { type: DocumentContentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** How many leading bytes identify a document. */
export const SIGNATURE_BYTES = 8;

/** The document's type by its first bytes (magic numbers), whatever its name or declared type says. */
export function contentTypeOf(head: Uint8Array): DocumentContentType | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.type;
}
