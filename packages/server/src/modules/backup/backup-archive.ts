import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

/**
 * The backup file: a plain ustar archive (`tar tf` lists it) of `database.*`, `uploads/...`, then
 * `manifest.json` (every entry's size and SHA-256) and `manifest.sha256`. The reader is strict: a header
 * checksum, a padding byte, an entry's hash or the manifest's own hash that does not match, or a file that
 * ends early, refuses the whole file, so one flipped byte anywhere is caught before a restore touches anything.
 */
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_HASH = 'manifest.sha256';
const BLOCK = 512;
const CHUNK = 1024 * 1024;

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 'basira-backup';
  formatVersion: number;
  appVersion: string;
  database: 'pglite' | 'postgres';
  createdAt: string;
  entries: ManifestEntry[];
  /**
   * The embedded database's: every table's row count at the instant of its dump, which a restore compares before it
   * swaps the database in. Absent from PostgreSQL's (pg_restore runs in one transaction) and from backups made
   * before it was added; a format-1 reader that does not know it ignores it.
   */
  rows?: Record<string, number>;
}

export class BackupFileError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`Archive entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  // `tar xf` by hand (as root it keeps the modes) gives files for their owner only, as the server writes them.
  block.write(octal(PRIVATE_FILE_MODE, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(octal(checksum(block), 7) + ' ', 148, 'ascii');
  return block;
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes an archive to an open file, hashing every entry and the whole file. */
export class ArchiveWriter {
  private readonly entries: ManifestEntry[] = [];
  private readonly fileHash = createHash('sha256');
  private position = 0;

  constructor(
    private readonly file: FileHandle,
    private readonly now: Date,
  ) {}

  private async write(bytes: Buffer): Promise<void> {
    this.fileHash.update(bytes);
    await this.file.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.write(header(name, data.length, this.now));
    await this.write(data);
    await this.write(Buffer.alloc(padding(data.length)));
    this.entries.push({ name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }

  /** Copies a file of known size (documents are never rewritten; a file that changes under us is an error). */
  async addFile(name: string, path: string, size: number): Promise<void> {
    await this.write(header(name, size, this.now));
    const hash = createHash('sha256');
    let copied = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
      copied += chunk.length;
      if (copied > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (copied !== size) throw new Error(`${path} changed while it was being backed up`);
    await this.write(Buffer.alloc(padding(size)));
    this.entries.push({ name, size, sha256: hash.digest('hex') });
  }

  /** Appends the manifest, its hash and the end-of-archive blocks; returns the file's size and SHA-256. */
  async finish(
    meta: Omit<Manifest, 'entries'>,
  ): Promise<{ size: number; sha256: string; manifest: Manifest }> {
    const manifest: Manifest = { ...meta, entries: [...this.entries] };
    const text = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
    await this.addBuffer(MANIFEST, text);
    await this.addBuffer(
      MANIFEST_HASH,
      Buffer.from(createHash('sha256').update(text).digest('hex'), 'ascii'),
    );
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.file.sync();
    return { size: this.position, sha256: this.fileHash.digest('hex'), manifest };
  }
}

/** Receives each entry's bytes in order while the archive is read. */
export interface EntrySink {
  start(name: string, size: number): Promise<void>;
  chunk(bytes: Buffer): Promise<void>;
  end(): Promise<void>;
}

const isZero = (bytes: Buffer) => bytes.every((b) => b === 0);

/**
 * Reads and checks a whole archive: every header, padding and hash, and that every entry the manifest names is
 * there and nothing else. `sink` (optional) receives the data; it must only write into a staging area, since the
 * verdict is known only at the end. Throws BackupFileError with a sentence an operator can act on.
 */
export async function readArchive(path: string, sink?: EntrySink): Promise<Manifest> {
  const file = await open(path, 'r').catch((error: unknown) => {
    throw new BackupFileError(`Cannot open the backup file ${path}: ${(error as Error).message}`);
  });
  try {
    const { size: total } = await file.stat();
    let position = 0;
    const read = async (length: number): Promise<Buffer> => {
      if (position + length > total)
        throw new BackupFileError(
          `The backup file is truncated (it ends at byte ${total}, inside an entry): it cannot be restored.`,
        );
      const bytes = Buffer.alloc(length);
      await file.read(bytes, 0, length, position);
      position += length;
      return bytes;
    };
    const seen: ManifestEntry[] = [];
    let manifestText: Buffer | null = null;
    let manifestHash: string | null = null;
    for (;;) {
      if (position === total)
        throw new BackupFileError('The backup file is truncated (its end-of-archive marker is missing).');
      const block = await read(BLOCK);
      if (isZero(block)) {
        const rest = await read(total - position);
        if (!isZero(rest))
          throw new BackupFileError('The backup file is damaged (data after its end marker).');
        break;
      }
      const stored = parseInt(block.subarray(148, 156).toString('ascii').replace(/[\0 ]/g, ''), 8);
      if (stored !== checksum(block) || block.subarray(257, 262).toString('ascii') !== 'ustar')
        throw new BackupFileError(`The backup file is damaged (a bad header at byte ${position - BLOCK}).`);
      const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const size = parseInt(block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
      if (!name || !Number.isSafeInteger(size) || block[156] !== 0x30)
        throw new BackupFileError(`The backup file is damaged (a bad header at byte ${position - BLOCK}).`);
      const hash = createHash('sha256');
      const keep = name === MANIFEST || name === MANIFEST_HASH;
      const kept: Buffer[] = [];
      if (!keep) await sink?.start(name, size);
      for (let left = size; left > 0;) {
        const bytes = await read(Math.min(CHUNK, left));
        left -= bytes.length;
        hash.update(bytes);
        if (keep) kept.push(bytes);
        else await sink?.chunk(bytes);
      }
      if (!keep) await sink?.end();
      if (!isZero(await read(padding(size))))
        throw new BackupFileError(`The backup file is damaged (bad padding after ${name}).`);
      if (name === MANIFEST) manifestText = Buffer.concat(kept);
      else if (name === MANIFEST_HASH) manifestHash = Buffer.concat(kept).toString('ascii');
      else seen.push({ name, size, sha256: hash.digest('hex') });
    }
    if (!manifestText || !manifestHash)
      throw new BackupFileError('The backup file has no manifest: it is truncated or not a Basira backup.');
    if (createHash('sha256').update(manifestText).digest('hex') !== manifestHash)
      throw new BackupFileError('The backup file is damaged (its manifest does not match its checksum).');
    const manifest = JSON.parse(manifestText.toString('utf8')) as Manifest;
    if (manifest.format !== 'basira-backup' || manifest.formatVersion > FORMAT_VERSION)
      throw new BackupFileError(
        `This backup was written in format ${manifest.formatVersion} by Basira ${manifest.appVersion}; upgrade Basira to restore it.`,
      );
    const expected = new Map(manifest.entries.map((e) => [e.name, e]));
    for (const entry of seen) {
      const want = expected.get(entry.name);
      if (!want || want.size !== entry.size || want.sha256 !== entry.sha256)
        throw new BackupFileError(`The backup file is damaged: ${entry.name} does not match its checksum.`);
      expected.delete(entry.name);
    }
    if (expected.size)
      throw new BackupFileError(`The backup file is incomplete: ${[...expected.keys()][0]} is missing.`);
    return manifest;
  } finally {
    await file.close();
  }
}

/**
 * The names in a tar held in memory (the embedded database's dump, once gunzipped), checking every header's checksum
 * and that every entry fits. A restore hands PGlite only an archive that passes: on bytes that are not one, PGlite
 * falls back to gunzipping them in a stream whose error nothing catches, which ends the whole process.
 */
export function tarEntryNames(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let position = 0; ;) {
    if (position + BLOCK > bytes.length) throw new BackupFileError('ends inside a header');
    const block = bytes.subarray(position, position + BLOCK);
    if (isZero(block)) return names;
    const stored = parseInt(block.subarray(148, 156).toString('ascii').replace(/[\0 ]/g, ''), 8);
    const size = parseInt(block.subarray(124, 136).toString('ascii').replace(/[\0 ]/g, '') || '0', 8);
    if (stored !== checksum(block) || !Number.isSafeInteger(size))
      throw new BackupFileError(`a bad header at byte ${position}`);
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = block.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    names.push(prefix ? `${prefix}/${name}` : name);
    position += BLOCK + size + padding(size);
    if (position > bytes.length) throw new BackupFileError(`${name} does not fit in the archive`);
  }
}
