import path from 'node:path';

/** What Rolldown's chunking hands a group's `name` function: the module graph as parsed. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules a signed-out visitor needs to see the sign-in form (bench/web-bundle measures them). */
const SIGN_IN_ROOTS = ['main.tsx', 'app/outer-layout.tsx', 'features/auth/login-page.tsx'];

const staticClosure = (
  roots: string[],
  ctx: ChunkingContext,
  follow: (id: string) => boolean,
): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) if (follow(dep)) stack.push(dep);
  }
  return seen;
};

/**
 * The chunks of a signed-in screen, a few files instead of dozens (docs/architecture.md, "How a screen loads").
 * Our own code only (libraries keep Rolldown's automatic chunks: through Mantine's one index module every
 * component looks imported by the sign-in page, so a library group would load them all before the sign-in form):
 * - `app`: the shared code (components, lib, i18n, the shared package's schemas and clinical math), beyond
 *   what the sign-in page needs;
 * - one chunk per feature folder (`features/<name>`, the exam types with the exams).
 * The sign-in path (the entry, the outer layout, the sign-in page and what they import) is left as it was, so
 * bench/web-bundle's figure stays what it was.
 */
export function chunkGroups(srcDir: string) {
  const src = srcDir.endsWith(path.sep) ? srcDir : srcDir + path.sep;
  const inNodeModules = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
  let signIn: Set<string> | null = null;
  /** Our modules the sign-in path imports (libraries are not followed: see above). */
  const onSignInPath = (id: string, ctx: ChunkingContext) => {
    signIn ??= staticClosure(
      SIGN_IN_ROOTS.map((file) => path.join(src, file)),
      ctx,
      (dep) => !inNodeModules(dep),
    );
    return signIn.has(id);
  };
  const featureOf = (id: string): string | null => {
    if (!id.startsWith(src)) return null;
    const [top, name] = id.slice(src.length).split(path.sep);
    if (top === 'features' && name) return name;
    if (top === 'exam-types') return 'exams';
    return null;
  };
  const isShared = (id: string) =>
    (id.startsWith(src) && /^(components|lib|i18n)[\\/]/.test(id.slice(src.length))) ||
    id.includes(`${path.sep}packages${path.sep}shared${path.sep}src${path.sep}`);
  return [
    {
      name: (id: string, ctx: ChunkingContext) => (isShared(id) && !onSignInPath(id, ctx) ? 'app' : null),
      debugName: 'app',
      priority: 20,
    },
    {
      name: (id: string, ctx: ChunkingContext) => {
        const feature = featureOf(id);
        return feature && !onSignInPath(id, ctx) ? `f-${feature}` : null;
      },
      debugName: 'features',
      priority: 10,
    },
  ];
}
