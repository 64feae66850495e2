import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file and folder under `dir` (itself included) that its group or others may read, write or enter. */
export function openToOthers(dir: string): string[] {
  const all = [dir, ...readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)))];
  return all
    .map((file) => ({ file, stat: lstatSync(file) }))
    .filter(({ stat }) => !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
    .map(({ file, stat }) => `${(stat.mode & 0o777).toString(8)} ${path.relative(dir, file) || '.'}`);
}
