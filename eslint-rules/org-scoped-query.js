/**
 * basira/org-scoped-query: a drizzle query that reads, updates or deletes rows of an organization's table must
 * filter by organization through `inOrg` (packages/server/src/lib/tenant.ts), so that a new query cannot forget
 * it. Global tables (reference data) are listed in the rule's options. A query that is scoped some other way
 * (e.g. by a token hash that is unique across organizations and checked against the organization right after)
 * says so with `// eslint-disable-next-line basira/org-scoped-query -- <why>`: those comments are the written
 * list of exemptions (`grep -rn "org-scoped-query --"`).
 * A raw statement (sql`…`) is held to the same: one that reads, updates or deletes from an organization table
 * written in it holds `inOrg(...)` or, for an alias, `sameOrg(alias, orgId)` among its values. A raw statement
 * nested in a query is checked on its own, and its scoping does not count for the query around it.
 */

/** @param {import('estree').Node} node @param {Set<string>} fns @param {import('eslint').Scope.Scope} scope @param {number} depth */
function isScoped(node, fns, scope, depth = 0) {
  if (!node || depth > 4) return false;
  let found = false;
  const visit = (n) => {
    if (found || !n || typeof n.type !== 'string') return;
    // A raw statement inside is checked on its own: its scoping is its subquery's, not this query's.
    if (n.type === 'TaggedTemplateExpression') return;
    if (n.type === 'CallExpression') {
      const c = n.callee;
      const name =
        c.type === 'Identifier'
          ? c.name
          : c.type === 'MemberExpression' && !c.computed
            ? c.property.name
            : '';
      if (fns.has(name)) return void (found = true);
    }
    if (n.type === 'Identifier') {
      const variable = findVariable(scope, n.name);
      const def = variable?.defs[0];
      if (def?.type === 'Variable' && def.node.init) found = isScoped(def.node.init, fns, scope, depth + 1);
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'parent') continue;
      const child = n[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(node);
  return found;
}

function findVariable(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const v = s.set.get(name);
    if (v) return v;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Queries of organization tables filter by organization through inOrg' },
    schema: [
      {
        type: 'object',
        properties: {
          globalTables: { type: 'array', items: { type: 'string' } },
          scopingFunctions: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      unscoped:
        'Query of `{{table}}` without an organization filter: use inOrg(...) in its where, or say why it is exempt.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const globalTables = new Set(options.globalTables ?? []);
    const fns = new Set(options.scopingFunctions ?? ['inOrg']);
    const sourceCode = context.sourceCode;
    /** Whether `name` is an organization table imported from the schema, seen from `node`. */
    const isOrgTable = (name, node) => {
      if (globalTables.has(name)) return false;
      const def = findVariable(sourceCode.getScope(node), name)?.defs[0];
      return def?.type === 'ImportBinding' && /\/db\/schema(\.ts)?$/.test(String(def.parent.source.value));
    };
    return {
      // A raw statement (sql`…`) that reads, updates or deletes from an organization table written in it
      // (`FROM ${table}`, `JOIN ${table}`, `UPDATE ${table}`) holds a scoping call among its values: inOrg for a
      // table, sameOrg for an alias. A row an INSERT writes carries the organization it is given.
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const { quasis, expressions } = node.quasi;
        const scope = sourceCode.getScope(node);
        const read = expressions.find(
          (expression, i) =>
            expression.type === 'Identifier' &&
            /\b(FROM|JOIN|UPDATE)\s*$/i.test(quasis[i].value.raw) &&
            isOrgTable(expression.name, node),
        );
        if (read && !expressions.some((expression) => isScoped(expression, fns, scope)))
          context.report({ node: read, messageId: 'unscoped', data: { table: read.name } });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed) return;
        const method = callee.property.name;
        if (!['from', 'update', 'delete'].includes(method)) return;
        const table = node.arguments[0];
        if (!table || table.type !== 'Identifier' || globalTables.has(table.name)) return;
        if (!isOrgTable(table.name, node)) return;
        const scope = sourceCode.getScope(node);
        // Walk up the method chain: db.select().from(t).innerJoin(...).where(...)...
        let current = node;
        let scoped = false;
        while (
          current.parent?.type === 'MemberExpression' &&
          current.parent.object === current &&
          current.parent.parent?.type === 'CallExpression'
        ) {
          const call = current.parent.parent;
          if (current.parent.property.name === 'where' && isScoped(call.arguments[0], fns, scope))
            scoped = true;
          current = call;
        }
        if (!scoped) context.report({ node, messageId: 'unscoped', data: { table: table.name } });
      },
    };
  },
};
