// Bench-only preload for the server child (`--import`): counts the socket writes the process makes, by wrapping
// `net.Socket.prototype._writeGeneric`, which both `_write` (one chunk: the `write` system call) and `_writev`
// (chunks corked together: one `writev`) end in, each call one handle write. Split by peer: PostgreSQL (port 5432,
// or BENCH_PG_PORT) and the rest (HTTP answers). Answers `{ writes, cpuMicros }` (the process's CPU time so far,
// user and system) to a `'writes'` message from the parent.
import net from 'node:net';

type Peer = 'postgres' | 'http';
export type WriteCounts = Record<Peer, { write: number; writev: number }> & { cpuMicros: number };

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5432);
const counts: WriteCounts = {
  postgres: { write: 0, writev: 0 },
  http: { write: 0, writev: 0 },
  cpuMicros: 0,
};

type WriteGeneric = (this: net.Socket, writev: boolean, ...rest: unknown[]) => unknown;
const proto = net.Socket.prototype as unknown as { _writeGeneric: WriteGeneric };
const original = proto._writeGeneric;
proto._writeGeneric = function (this: net.Socket, writev: boolean, ...rest: unknown[]) {
  // A write issued while connecting is retried through this same function once connected: counted then.
  if (!this.connecting)
    counts[this.remotePort === PG_PORT ? 'postgres' : 'http'][writev ? 'writev' : 'write']++;
  return original.call(this, writev, ...rest);
};

process.on('message', (message) => {
  if (message !== 'writes') return;
  const { user, system } = process.cpuUsage();
  process.send?.({ writes: { ...structuredClone(counts), cpuMicros: user + system } });
});
