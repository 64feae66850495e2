import { defineExam } from './exam-definition.ts';
import { EXAM_PERMISSIONS } from './exam-types.ts';
import { richText, text } from './fields.ts';

/** Text of HTML without its tags, for one line of summary. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The external eye and anterior segment note: a title and rich text (sanitised on the server). */
export const outer = defineExam({
  type: 'outer',
  permissions: EXAM_PERMISSIONS.outer,
  fields: {
    title: text(200, { options: 'OuterTitle' }),
    body: richText(),
  },
  summary(data) {
    const body = data.body ? plainText(data.body) : '';
    return [data.title ?? '', body.length > 80 ? `${body.slice(0, 80)}…` : body].filter(Boolean).join(' · ');
  },
});
