import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.ts';

const TIMEOUT_MS = 3_000;
// The event loop of a busy test machine may run a timer late; a cut at Node's old check (30 s) is far past this.
const LATE_MS = 750;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Opens a connection, writes `head`, then one `drip` every 500 ms (a slow-loris client), and resolves with what the
 * server answered and when it closed the connection, or with no answer once `giveUpMs` has passed.
 */
function trickle(head: string, drip: string, giveUpMs = TIMEOUT_MS * 3) {
  return new Promise<{ answer: string; afterMs: number }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const dripping = setInterval(() => socket.writable && socket.write(drip), 500);
    const done = () => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, afterMs: Date.now() - started });
    };
    const giveUp = setTimeout(done, giveUpMs);
    socket.on('data', (chunk: Buffer) => void (answer += chunk.toString()));
    socket.on('close', done);
    socket.on('error', () => {});
  });
}

describe('REQUEST_TIMEOUT_MS: a request that takes longer to arrive is cut off within it', () => {
  it('a body trickled a byte at a time', async () => {
    const { answer, afterMs } = await trickle(
      'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      ' ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request_timeout"');
    expect(afterMs).toBeLessThanOrEqual(TIMEOUT_MS + LATE_MS);
  });

  it('headers trickled a line at a time', async () => {
    const { answer, afterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThanOrEqual(TIMEOUT_MS + LATE_MS);
  });

  it('a connection that never sends a byte', async () => {
    const { answer, afterMs } = await trickle('', '');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThanOrEqual(TIMEOUT_MS + LATE_MS);
  });

  it('a request that arrives in time is answered', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
