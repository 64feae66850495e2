import { lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Every file and folder the server and its commands write (the database, uploads, backups, the token) is its
 * user's alone: patients' records and password hashes must not be readable, nor the audit trail's trigger
 * writable, by another account on the clinic's computer. docs/operations.md, "Files".
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The bits of a mode that give the group or others anything. */
export const GROUP_AND_OTHERS = 0o077;
const GROUP_AND_OTHERS_WRITE = 0o022;

/**
 * Makes everything this process creates its user's only, whatever the umask it was started under (a service
 * manager's, a shell's 0000). Each write also names its mode (PRIVATE_*_MODE); this covers the writes that cannot,
 * such as pg_dump's output file. PGlite sets its files' modes itself: see db/owner-only-fs.ts.
 */
export function keepFilesPrivate(): void {
  process.umask(GROUP_AND_OTHERS);
}

export class DataDirError extends Error {}

const octal = (stats: Stats) => (stats.mode & 0o777).toString(8).padStart(4, '0');

/** At most this many paths are named in the refusal: the fix is one command for all of them. */
const NAMED = 5;

/**
 * The server's start on DATA_DIR: a missing one is created for its user only; an existing one must be its user's
 * alone (no group or other bit on the folder itself) and hold nothing the group or others can write. Anything else
 * stops the start with how to fix it: others may already have read the records, and what they could write (the
 * database's own files, among them the audit trail's append-only trigger) the server can no longer trust.
 */
export function prepareDataDir(dir: string): void {
  const root = path.resolve(dir);
  let stats: Stats;
  try {
    stats = lstatSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
    return;
  }
  if (!stats.isDirectory()) throw new DataDirError(`DATA_DIR ${root} is not a directory.`);
  const open: string[] = [];
  if (stats.mode & GROUP_AND_OTHERS) open.push(`${octal(stats)} ${root}`);
  // Symbolic links have no mode of their own (their target is checked where it lies inside DATA_DIR).
  for (const name of readdirSync(root, { recursive: true })) {
    const file = path.join(root, String(name));
    const entry = lstatSync(file, { throwIfNoEntry: false });
    if (entry && !entry.isSymbolicLink() && entry.mode & GROUP_AND_OTHERS_WRITE)
      open.push(`${octal(entry)} ${file}`);
  }
  if (open.length === 0) return;
  throw new DataDirError(
    [
      `DATA_DIR ${root} is open to other users of this computer: they can read or change patients' records.`,
      ...open.slice(0, NAMED).map((line) => `  ${line}`),
      ...(open.length > NAMED ? [`  … and ${open.length - NAMED} more`] : []),
      'As the user the server runs as, make it that user’s alone, then start the server again:',
      `  chmod -R go-rwx '${root.replaceAll("'", `'\\''`)}'`,
      'If other accounts could write there, check the data or restore the last backup (docs/operations.md, "Files").',
    ].join('\n'),
  );
}
