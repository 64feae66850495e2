import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { GROUP_AND_OTHERS, PRIVATE_DIR_MODE } from '../lib/private-files.ts';

/** The part of Emscripten's NODEFS this wraps: every call that sets a file's mode on the real disk. */
interface Attributes {
  mode?: number | null;
}
interface NodeFsOps {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: Attributes): void;
  };
  stream_ops: { setattr(stream: unknown, attr: Attributes): void };
}

const ownerOnly = <T extends Attributes>(attr: T): T =>
  attr.mode == null ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS };

/**
 * Takes the group's and others' bits off every mode PGlite gives a file or folder on disk. PGlite does not go
 * through the umask for most of its files: a new database is made in memory and copied in with each file's mode
 * from that copy (0666), then chmod-ed to it, and a restored one gets the modes of its archive. So under any
 * umask, most of a new database's files were readable and writable by every local user. Wrapping the three
 * entries of NODEFS that write a mode (create, chmod by name, chmod by descriptor) covers all of them; PostgreSQL
 * inside the WebAssembly runs as its files' owner, so it needs no other bit.
 */
function restrictModes(nodefs: NodeFsOps): void {
  const { node_ops, stream_ops } = nodefs;
  const mknod = node_ops.mknod.bind(node_ops);
  const setattr = node_ops.setattr.bind(node_ops);
  const setStreamAttr = stream_ops.setattr.bind(stream_ops);
  // In place: NODEFS hands these very objects to every node it creates.
  node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  node_ops.setattr = (node, attr) => setattr(node, ownerOnly(attr));
  stream_ops.setattr = (stream, attr) => setStreamAttr(stream, ownerOnly(attr));
}

/** PGlite's Node file system with every file and folder its user's alone (0600/0700), whatever the umask. */
export class OwnerOnlyNodeFS extends NodeFS {
  constructor(dataDir: string) {
    // NodeFS creates the folder itself (without a mode) when it is missing.
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // Before NodeFS's own step mounts the folder: nothing is written with a wider mode, even once.
        preRun: [
          (mod: { NODEFS?: unknown }) => restrictModes(mod.NODEFS as NodeFsOps),
          ...(emscriptenOpts.preRun ?? []),
        ],
      },
    };
  }
}
