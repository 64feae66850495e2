import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('embedded database lock', () => {
  it('refuses a data directory another live process holds, takes over a stale lock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-lock-'));
    mkdirSync(path.join(dataDir, 'db'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dataDir, 'db.lock'), String(other.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const database = await openDatabase({ dataDir });
    await database.ping();
    await database.close();
  });
});
