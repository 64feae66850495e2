import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { barrelImports, readBarrel } from './barrel-imports.ts';

// Mantine's ESM index, as the build resolves it (the package's `exports` allow no deeper path).
const core = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '../esm/index.mjs',
);

type Transform = (this: unknown, code: string, id: string) => Promise<{ code: string } | null>;
const transform = barrelImports().transform as unknown as Transform;
const context = { resolve: () => Promise.resolve({ id: core }) };

describe('imports through Mantine’s index module (barrel-imports.ts)', () => {
  it('reads which module defines each name the index exports', () => {
    const names = readBarrel(core);
    expect(names.get('Button')?.file).toMatch(/components[\\/]Button[\\/]Button\.mjs$/);
    expect(names.get('useMantineTheme')?.file).toMatch(/MantineThemeProvider\.mjs$/);
    expect(names.size).toBeGreaterThan(400);
  });

  it('points each imported name at its module, keeping local names and what it cannot place', async () => {
    const out = await transform.call(
      context,
      "import { Button, TextInput as Field, notAMantineName } from '@mantine/core';\nrender(Button, Field);",
      '/src/page.tsx',
    );
    const code = out!.code;
    expect(code).toMatch(/import \{ Button \} from ".*Button\.mjs";/);
    expect(code).toMatch(/import \{ TextInput as Field \} from ".*TextInput\.mjs";/);
    expect(code).toContain("import { notAMantineName } from '@mantine/core';");
    // One line still: the lines after it keep their numbers.
    expect(code.split('\n')).toHaveLength(2);
  });

  it('leaves a module without such an import alone', async () => {
    expect(await transform.call(context, "import { useState } from 'react';", '/src/a.ts')).toBeNull();
  });
});
