import path from 'node:path';

/**
 * basira/layers: the import boundaries between the packages and the server's layers (docs/architecture.md,
 * "Layering"), checked on every relative import (resolved to a file) and on workspace package imports.
 * - shared imports nothing of server or web;
 * - the server's plugins, lib, db and types.ts never import modules/ (modules build on them, not the reverse);
 * - a server module never imports another module's routes;
 * - a web feature never imports another feature (app/ composes them).
 */
const rules = [
  {
    from: /\/packages\/shared\/src\//,
    to: /\/packages\/(server|web)\/|^@basira\/(server|web)/,
    message: 'shared imports nothing of server or web',
  },
  {
    from: /\/packages\/server\/src\/(plugins|lib|db)\/|\/packages\/server\/src\/types\.ts$/,
    to: /\/packages\/server\/src\/modules\//,
    message: 'plugins, lib, db and types.ts sit below the modules and never import them',
  },
  {
    from: /\/packages\/server\/src\/modules\/([^/]+)\//,
    to: /\/packages\/server\/src\/modules\/([^/]+)\/[^/]+\.routes\.ts$/,
    sameGroupAllowed: true,
    message: "a module never imports another module's routes",
  },
  {
    from: /\/packages\/web\/src\/features\/([^/]+)\//,
    to: /\/packages\/web\/src\/features\/([^/]+)\//,
    sameGroupAllowed: true,
    message: 'a web feature never imports another feature (app/ composes them)',
  },
];

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between shared, server layers and web features' },
    schema: [],
    messages: { crossed: 'Import crosses a boundary: {{message}}.' },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const applicable = rules.filter((r) => r.from.test(file));
    if (applicable.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = source.startsWith('.')
        ? path.resolve(path.dirname(context.filename), source).split(path.sep).join('/')
        : source;
      for (const rule of applicable) {
        const to = rule.to.exec(target);
        if (!to) continue;
        if (rule.sameGroupAllowed && rule.from.exec(file)?.[1] === to[1]) continue;
        context.report({ node, messageId: 'crossed', data: { message: rule.message } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
