import path from 'node:path';
import type { ChunkingContext } from 'rolldown';

const SRC = path.resolve(import.meta.dirname, 'src');
const ENTRY = path.join(SRC, 'main.tsx');
/** What the sign-in form needs beyond the entry: the outer layout and the sign-in page. */
const SIGN_IN = [path.join(SRC, 'app/outer-layout.tsx'), path.join(SRC, 'features/auth/login-page.tsx')];

/** Libraries only some screens use, large enough to keep out of the common library chunk. */
const OWN_CHUNK: [name: string, test: RegExp][] = [
  [
    'editor',
    /node_modules[\\/](@tiptap|prosemirror-|@mantine[\\/]tiptap|linkifyjs|orderedmap|rope-sequence|w3c-keyname)/,
  ],
  ['charts', /node_modules[\\/](recharts|@mantine[\\/]charts|d3-|victory-vendor)/],
  ['schedule', /node_modules[\\/]@mantine[\\/]schedule/],
  ['qrcode', /node_modules[\\/](qrcode|pngjs|dijkstrajs)/],
];
const ownChunk = (id: string) => OWN_CHUNK.find(([, test]) => test.test(id))?.[0];

/** Our modules every signed-in screen shares: the library of helpers, the components, the shared package. */
const APP = /packages[\\/](web[\\/]src[\\/](lib|components|i18n[\\/]i18n)|shared[\\/]src)[\\/]/;

/**
 * A feature's modules that are not components (`features/<name>/*.ts`: its queries, rules, hooks, the light modules
 * its routes' loaders read): small, shared by the feature's screens in ever-changing combinations. Left to the
 * bundler they became a chunk per combination, a few hundred bytes each, and a new importer split them further.
 */
const FEATURE_LOGIC = /packages[\\/]web[\\/]src[\\/]features[\\/]([^\\/]+)[\\/][^\\/]+(?<!\.test)\.ts$/;

/** The static imports' closure of `roots` (dynamic imports are other chunks' business). */
function closure(roots: string[], ctx: ChunkingContext, skip = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || skip.has(id)) continue;
    seen.add(id);
    stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Names the chunk of each module, so that a signed-in screen is a handful of files instead of 120–160 (issue 54):
 *
 * - `boot`: what the entry imports statically (React, the router, the guards, the providers);
 * - `sign-in`: what the sign-in form adds, so that the sign-in page loads no screen's code;
 * - `vendor`: every other library, but the large ones only some screens use (`OWN_CHUNK`);
 * - `app`: our helpers, components and the shared package;
 * - `<feature>-logic`: a feature's modules that are not components.
 *
 * A feature's components are left to the bundler (one chunk per screen and what screens share).
 * It relies on `barrel-imports.ts`: through Mantine's index module every component looks imported by the entry.
 */
export function chunkGroups() {
  const reaches = new Map<string, boolean>();
  const reachesOwnChunk = (id: string, ctx: ChunkingContext): boolean => {
    const known = reaches.get(id);
    if (known !== undefined) return known;
    reaches.set(id, false); // a cycle adds nothing
    const result =
      !!ownChunk(id) || (ctx.getModuleInfo(id)?.importedIds ?? []).some((dep) => reachesOwnChunk(dep, ctx));
    reaches.set(id, result);
    return result;
  };
  let groups: { boot: Set<string>; signIn: Set<string> } | undefined;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (id === ENTRY || id.endsWith('.css')) return null;
    if (!groups) {
      const boot = closure([ENTRY], ctx);
      groups = { boot, signIn: closure(SIGN_IN, ctx, boot) };
    }
    if (groups.boot.has(id)) return 'boot';
    if (groups.signIn.has(id)) return 'sign-in';
    if (id.includes('node_modules')) return ownChunk(id) ?? 'vendor';
    // A helper that brings a large library (the rich-text field, a chart) stays with the screens that use it.
    if (APP.test(id) && !reachesOwnChunk(id, ctx)) return 'app';
    const feature = FEATURE_LOGIC.exec(id)?.[1];
    if (feature && !reachesOwnChunk(id, ctx)) return `${feature}-logic`;
    return null;
  };
}
