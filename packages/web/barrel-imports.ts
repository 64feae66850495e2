import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The packages whose one index module re-exports every component and hook. */
const BARRELS = [
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/dates',
  '@mantine/form',
  '@mantine/modals',
  '@mantine/notifications',
  '@mantine/charts',
  '@mantine/schedule',
  '@mantine/tiptap',
  '@mantine/store',
];

interface Target {
  file: string;
  imported: string;
}

const IMPORT_LINE = /^import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)";?$/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\};?$/m;

/** `a, b as c` → [['a', 'a'], ['b', 'c']]: each specifier's name outside and inside the module. */
function specifiers(list: string): [outer: string, inner: string][] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [left, right] = s.split(/\s+as\s+/);
      return [left!.trim(), (right ?? left)!.trim()];
    });
}

/** Every name a barrel exports → the module that defines it, read from the barrel's own import lines. */
export function readBarrel(indexFile: string): Map<string, Target> {
  const source = readFileSync(indexFile, 'utf8');
  const dir = path.dirname(indexFile);
  const locals = new Map<string, Target>();
  for (const match of source.matchAll(IMPORT_LINE))
    for (const [imported, local] of specifiers(match[1]!))
      locals.set(local, { file: path.join(dir, match[2]!), imported });
  const exported = new Map<string, Target>();
  for (const [local, name] of specifiers(source.match(EXPORT_LIST)?.[1] ?? '')) {
    const target = locals.get(local);
    if (target) exported.set(name, target);
  }
  return exported;
}

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](@mantine\/[a-z-]+)["'];?/g;

/**
 * Rewrites `import { Button } from '@mantine/core'` to an import of the module that defines `Button`, in our
 * code and in Mantine's own packages (which import each other through their barrels), for the build only.
 *
 * Why: Mantine's packages are imported through one index module that imports every component. Tree-shaking
 * drops what is unused, but the module graph the chunking sees still says that whoever imports the index imports
 * all of it, so a chunk group cannot tell the few components the sign-in page uses from the rest (issue 54:
 * grouping the libraries loaded every component before the sign-in form). With the imports pointed at the
 * defining modules, the graph says what each module really uses (`chunk-groups.ts` walks it).
 */
export function barrelImports(): Plugin {
  const barrels = new Map<string, Map<string, Target>>();
  return {
    name: 'basira-barrel-imports',
    apply: 'build',
    async transform(code, id) {
      if (!code.includes('@mantine/')) return null;
      const statements = [...code.matchAll(BARREL_IMPORT)].filter((m) => BARRELS.includes(m[2]!));
      if (statements.length === 0) return null;
      // The index module each package resolves to from here (its `exports`), read once.
      const maps = new Map<string, Map<string, Target>>();
      for (const pkg of new Set(statements.map((m) => m[2]!))) {
        const index = (await this.resolve(pkg, id))?.id;
        if (!index) continue;
        if (!barrels.has(index)) barrels.set(index, readBarrel(index));
        maps.set(pkg, barrels.get(index)!);
      }
      const out = code.replace(BARREL_IMPORT, (statement, list: string, pkg: string) => {
        const map = maps.get(pkg);
        if (!map) return statement;
        const direct: string[] = [];
        const rest: string[] = [];
        for (const [exported, local] of specifiers(list)) {
          const target = map.get(exported);
          if (!target) rest.push(exported === local ? local : `${exported} as ${local}`);
          else {
            const name = target.imported === local ? local : `${target.imported} as ${local}`;
            direct.push(`import { ${name} } from ${JSON.stringify(target.file)};`);
          }
        }
        if (rest.length) direct.push(`import { ${rest.join(', ')} } from '${pkg}';`);
        // One line, as the statement was: the lines after it keep their numbers.
        return direct.join(' ');
      });
      return { code: out, map: null };
    },
  };
}
