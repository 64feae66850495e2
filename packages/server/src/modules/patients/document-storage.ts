import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SIGNATURE_BYTES } from '../../lib/file-signature.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files.ts';

export interface StoredFile {
  /** Server-made, relative to the storage root: `<orgId>/<yyyy>/<mm>/<uuid>`. */
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, to tell the content type. */
  head: Buffer;
}

/**
 * Where patient documents live. Behind this interface so they can move (object storage) later; the
 * database keeps only the key.
 */
export interface DocumentStorage {
  save(orgId: number, source: Readable, now: Date): Promise<StoredFile>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
}

/**
 * Files under `${DATA_DIR}/uploads`. Several server processes need this directory shared (docs/uploads.md).
 * Names are made here, never taken from the upload, so a file name cannot escape the directory.
 */
export class LocalDiskStorage implements DocumentStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`Bad storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async save(orgId: number, source: Readable, now: Date): Promise<StoredFile> {
    const year = String(now.getUTCFullYear());
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const key = `${orgId}/${year}/${month}/${randomUUID()}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
    const hash = createHash('sha256');
    let size = 0;
    const headChunks: Buffer[] = [];
    let headLength = 0;
    const inspect = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headLength < SIGNATURE_BYTES) {
          headChunks.push(chunk.subarray(0, SIGNATURE_BYTES - headLength));
          headLength += Math.min(chunk.length, SIGNATURE_BYTES - headLength);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, inspect, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
