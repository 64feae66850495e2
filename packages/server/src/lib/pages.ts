import type { PageMeta } from '@basira/shared/common/api.schemas';

export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
