import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToOthers } from '../test/file-modes.ts';
import { spawnServer, type ServerProcess } from '../test/server-process.ts';
import { DataDirError, prepareDataDir } from './private-files.ts';

/**
 * The server's files are its user's alone (docs/operations.md, "Files"). Another account on the clinic's computer
 * could read patients' phones and password hashes straight out of the embedded database's files.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 7), Buffer.from('\n%%EOF\n')]);

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'basira-modes-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the files the server writes', () => {
  let server: ServerProcess;
  let dataDir: string;

  afterAll(async () => server?.kill('SIGTERM'));

  it('are its own user’s only under umask 0000: database, uploads, backups, token', async () => {
    dataDir = path.join(work, 'data');
    server = spawnServer({ DATA_DIR: dataDir, TELEGRAM_WORKER: 'false' }, { umask: '0000' });
    const url = await server.url;
    const call = async (method: string, route: string, token?: string, body?: unknown) => {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${route}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<{ data: Record<string, unknown> }>;
    };
    const token = (
      await call('POST', '/api/login', undefined, {
        email: 'admin@basira.local',
        password: 'bootstrap-password',
      })
    ).data.token as string;
    const patient = await call('POST', '/api/mo/patient', token, {
      name: 'Ahmed Ali Hassan',
      phone: '0770 123 4567',
    });
    const boundary = '----basira-modes';
    const upload = await fetch(`${url}/api/mo/patient/${patient.data.id as number}/document`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    // A backup on request, beside the one the server made at its first start.
    const backup = await fetch(`${url}/api/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(backup.status).toBe(200);
    await backup.arrayBuffer();

    const names = readdirSync(dataDir);
    expect(names).toEqual(expect.arrayContaining(['db', 'uploads', 'backups', 'backup.token', 'db.lock']));
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar')).length).toBe(2);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('refuses to start on a data directory others can write, saying how to fix it', async () => {
    await server.kill('SIGTERM');
    chmodSync(dataDir, 0o777);
    const refused = spawnServer({ DATA_DIR: dataDir, TELEGRAM_WORKER: 'false' });
    await expect(refused.url).rejects.toThrow(/other users.*chmod -R go-rwx/s);
    expect(refused.child.exitCode).toBe(2);
  }, 60_000);
});

describe('the data directory at start', () => {
  it('is refused while anything in it is open to others, and accepted once the fix is applied', () => {
    const dir = path.join(work, 'copied');
    mkdirSync(path.join(dir, 'db'), { recursive: true, mode: 0o700 });
    const file = path.join(dir, 'db', 'PG_VERSION');
    writeFileSync(file, '17', { mode: 0o600 });
    expect(() => prepareDataDir(dir)).not.toThrow();

    // The folder itself readable by others: everything in it is within their reach.
    chmodSync(dir, 0o755);
    expect(() => prepareDataDir(dir)).toThrow(DataDirError);
    chmodSync(dir, 0o700);
    // A file inside that others can write (an older Basira's database, a copy made by hand).
    chmodSync(file, 0o666);
    expect(() => prepareDataDir(dir)).toThrow(/0666 .*db\/PG_VERSION.*chmod -R go-rwx '.*copied'/s);
    chmodSync(file, 0o600);
    expect(() => prepareDataDir(dir)).not.toThrow();
  });

  it('is created for its user only when missing, whatever the umask', () => {
    const nested = path.join(work, 'fresh', 'data');
    const previous = process.umask(0);
    try {
      prepareDataDir(nested);
    } finally {
      process.umask(previous);
    }
    expect(openToOthers(path.join(work, 'fresh'))).toEqual([]);
  });
});
