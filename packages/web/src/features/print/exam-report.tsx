import { useTranslation } from '../../i18n/use-translation.ts';
import { formatLeaf } from '@basira/shared/exams/field-format';
import type { EyesNode, Fields, GroupNode, Leaf, ListNode, Node, VaValue } from '@basira/shared/exams/fields';
import { examDefinition } from '@basira/shared/exams/registry';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { useExamTexts } from '../../lib/exam-texts.ts';
import { useFormatters } from '../../lib/format.ts';

type Values = Record<string, unknown>;
type Texts = ReturnType<typeof useExamTexts>;

const SIDES = ['right', 'left'] as const;
const isObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isBlock = (node: Node): node is GroupNode | EyesNode | ListNode =>
  node.kind === 'group' || node.kind === 'eyes' || node.kind === 'list';
/** Leaves that take a whole line: lists of checks, multi-line text, rich text. */
const isWide = (node: Node) =>
  node.kind === 'checks' || node.kind === 'richText' || (node.kind === 'text' && node.lines !== undefined);

/** Whether a node holds anything recorded (a report prints only what was recorded). */
function recorded(node: Node, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  switch (node.kind) {
    case 'group':
      return isObject(value) && anyRecorded(node.fields, value);
    case 'eyes':
      return (
        isObject(value) &&
        (anyRecorded(node.common, value) ||
          SIDES.some((side) => isObject(value[side]) && anyRecorded(node.fields, value[side] as Values)))
      );
    case 'list':
      return Array.isArray(value) && value.some((item) => recorded(node.item, item));
    case 'checks':
    case 'documents':
      return Array.isArray(value) && value.length > 0;
    case 'text':
    case 'richText':
      return typeof value === 'string' && value.trim() !== '';
    default:
      return true;
  }
}

function anyRecorded(fields: Fields, values: Values): boolean {
  return Object.entries(fields).some(([key, node]) => recorded(node, values[key]));
}

/** A stored value as the page says it: numbers LTR with their unit, choices and flags in the page's language. */
function LeafValue({ leaf, value, texts }: { leaf: Leaf; value: unknown; texts: Texts }) {
  const { t } = useTranslation();
  const format = useFormatters();
  switch (leaf.kind) {
    case 'number': {
      const unit = texts.unit(leaf.unit);
      return (
        <bdi dir="ltr">
          {formatLeaf(leaf, value)}
          {unit ? ` ${unit}` : ''}
        </bdi>
      );
    }
    case 'axis':
      return <bdi dir="ltr">{`${formatLeaf(leaf, value)}${texts.unit('deg')}`}</bdi>;
    case 'va':
      return <bdi dir="ltr">{(value as VaValue).text}</bdi>;
    case 'choice':
      return <>{texts.value(String(value))}</>;
    case 'checks':
      return <>{(value as string[]).map(texts.value).join(t('common.listSeparator'))}</>;
    case 'flag':
      return <>{value ? t('print.report.yes') : t('print.report.no')}</>;
    case 'date':
      return <>{format.date(String(value))}</>;
    case 'documents':
      return <>{t('print.report.images', { count: (value as number[]).length })}</>;
    case 'richText':
      // Rich text is sanitised by the server (an allowlist) before it is stored: safe to render as HTML.
      return <div className="print-rich-text" dangerouslySetInnerHTML={{ __html: String(value) }} />;
    default:
      return (
        <bdi style={{ whiteSpace: 'pre-wrap' }} dir="auto">
          {String(value)}
        </bdi>
      );
  }
}

function Pairs({
  texts,
  entries,
  values,
  path,
}: {
  texts: Texts;
  entries: [string, Leaf][];
  values: Values;
  path: string;
}) {
  const shown = entries.filter(([key, leaf]) => recorded(leaf, values[key]));
  if (shown.length === 0) return null;
  const inline = shown.filter(([, leaf]) => !isWide(leaf));
  const wide = shown.filter(([, leaf]) => isWide(leaf));
  return (
    <>
      {inline.length > 0 && (
        <div className="print-pairs">
          {inline.map(([key, leaf]) => (
            <span key={key} data-testid={`print-field-${path}.${key}`}>
              <span className="print-label">{texts.label(`${path}.${key}`)}: </span>
              <span className="print-pair-value">
                <LeafValue leaf={leaf} value={values[key]} texts={texts} />
              </span>
            </span>
          ))}
        </div>
      )}
      {wide.map(([key, leaf]) => (
        <div key={key} data-testid={`print-field-${path}.${key}`}>
          <span className="print-label">{texts.label(`${path}.${key}`)}: </span>
          <LeafValue leaf={leaf} value={values[key]} texts={texts} />
        </div>
      ))}
    </>
  );
}

function GroupReport({
  texts,
  fields,
  values,
  path,
}: {
  texts: Texts;
  fields: Fields;
  values: Values;
  path: string;
}) {
  const entries = Object.entries(fields);
  const leaves = entries.filter((entry): entry is [string, Leaf] => !isBlock(entry[1]));
  const blocks = entries.filter(([key, node]) => isBlock(node) && recorded(node, values[key]));
  return (
    <>
      <Pairs texts={texts} entries={leaves} values={values} path={path} />
      {blocks.map(([key, node]) => (
        <div key={key}>
          <div className="print-subtitle">{texts.label(`${path}.${key}`)}</div>
          <NodeReport texts={texts} node={node} value={values[key]} path={`${path}.${key}`} />
        </div>
      ))}
    </>
  );
}

/** Both eyes side by side in a left-to-right table, the right eye on the left as clinicians write it. */
function EyesReport({
  texts,
  node,
  values,
  path,
}: {
  texts: Texts;
  node: EyesNode;
  values: Values;
  path: string;
}) {
  const { t, i18n } = useTranslation();
  const sides = SIDES.map((side) => (isObject(values[side]) ? (values[side] as Values) : {}));
  const rows = Object.entries(node.fields).filter(
    (entry): entry is [string, Leaf] =>
      !isBlock(entry[1]) && sides.some((side) => recorded(entry[1], side[entry[0]])),
  );
  return (
    <>
      <GroupReport texts={texts} fields={node.common} values={values} path={path} />
      {rows.length > 0 && (
        <table className="print-table" dir="ltr" data-testid={`print-eyes-${path}`}>
          <thead>
            <tr>
              <th />
              {SIDES.map((side) => (
                <th key={side}>{t(`exams.eyes.${side}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, leaf]) => (
              <tr key={key}>
                <th scope="row" dir={i18n.dir()}>
                  {texts.label(`${path}.right.${key}`)}
                </th>
                {sides.map((side, i) => (
                  <td key={SIDES[i]} dir="auto" data-testid={`print-field-${path}.${SIDES[i]}.${key}`}>
                    {recorded(leaf, side[key]) ? (
                      <LeafValue leaf={leaf} value={side[key]} texts={texts} />
                    ) : (
                      '—'
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function NodeReport({
  texts,
  node,
  value,
  path,
}: {
  texts: Texts;
  node: Node;
  value: unknown;
  path: string;
}) {
  switch (node.kind) {
    case 'group':
      return <GroupReport texts={texts} fields={node.fields} values={value as Values} path={path} />;
    case 'eyes':
      return <EyesReport texts={texts} node={node} values={value as Values} path={path} />;
    case 'list': {
      const items = (value as unknown[]).map((item, index) => ({ item, index }));
      return (
        <>
          {items
            .filter(({ item }) => recorded(node.item, item))
            .map(({ item, index }) => (
              <div key={index}>
                <div className="print-subtitle">
                  {texts.label(path)} {index + 1}
                </div>
                <NodeReport texts={texts} node={node.item} value={item} path={`${path}.${index}`} />
              </div>
            ))}
        </>
      );
    }
    default:
      return <LeafValue leaf={node} value={value} texts={texts} />;
  }
}

/**
 * A record of any exam type laid out from its definition, as the form is: each recorded section under its title,
 * fields as label and value, both eyes in a table (right eye on the left, numbers left to right), list items
 * numbered, choices in the page's language. Sections with nothing recorded are left out.
 */
export function ExamReport({ type, data }: { type: ExamType; data: Values }) {
  const { t } = useTranslation();
  // The type's computed results (its extension's), under the sections, as the server stored them.
  const { Results } = useExamExtension(type);
  const read = (path: string) =>
    path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), data);
  return (
    <>
      <ExamSectionsReport type={type} data={data} />
      {Results && data.derived != null && (
        <section className="print-section" data-testid="print-section-derived">
          <h2 className="print-section-title">{t('examForm.calculated')}</h2>
          <Results derived={data.derived} read={read} cols={2} compact />
        </section>
      )}
    </>
  );
}

function ExamSectionsReport({ type, data }: { type: ExamType; data: Values }) {
  const { t } = useTranslation();
  const texts = useExamTexts(type);
  const { fields } = examDefinition(type);
  const sections: [string, Node][] = Object.entries(fields).filter(([key, node]) =>
    recorded(node, data[key]),
  );
  if (sections.length === 0)
    return (
      <p className="print-label" data-testid="print-report-empty">
        {t('print.report.empty')}
      </p>
    );
  return (
    <div data-testid="print-report">
      {sections.map(([key, node]) => (
        <section key={key} className="print-section" data-testid={`print-section-${key}`}>
          <h2 className="print-section-title">{texts.section(key)}</h2>
          <NodeReport texts={texts} node={node} value={data[key]} path={key} />
        </section>
      ))}
    </div>
  );
}
