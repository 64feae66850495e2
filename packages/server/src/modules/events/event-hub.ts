import type { LiveEvent } from '@basira/shared/events/events.schemas';
import type { Database, Unlisten } from '../../db/client.ts';

/** One NOTIFY channel for every organization's live events; the payload names the organization. */
export const EVENTS_CHANNEL = 'basira_events';

type Listener = (event: LiveEvent) => void;
interface Envelope {
  orgId: number;
  event: LiveEvent;
}

/**
 * Live events between server processes: a change is published with NOTIFY (PostgreSQL; in-process on
 * PGlite) and every process, the publishing one included, fans it out to the open streams of that
 * organization. Nothing is stored: a client that reconnects refetches (the `ready` event tells it to).
 */
export class EventHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private unlisten: Unlisten | undefined;
  private offReconnect: (() => void) | undefined;
  /** What each open stream does when events may have been missed (the database connection came back). */
  private readonly resyncs = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
    this.offReconnect = this.database.onReconnect(() => {
      for (const resync of this.resyncs)
        try {
          resync();
        } catch (error) {
          this.log.warn({ err: error }, 'live events: a stream could not be resynchronised');
        }
    });
  }

  async stop(): Promise<void> {
    this.offReconnect?.();
    await this.unlisten?.();
    this.unlisten = undefined;
    this.listeners.clear();
    this.resyncs.clear();
  }

  /**
   * Call after the change has committed. Events published in the same turn of the event loop go out in one
   * NOTIFY (a busy clinic's saves then cost one round trip between them, not one each). A failed publish is
   * logged, never thrown: the change stands. Resolves once the event has been sent.
   */
  publish(orgId: number, event: LiveEvent): Promise<void> {
    this.pending.push({ orgId, event });
    this.flushing ??= new Promise((resolve) => setImmediate(() => void this.flush().then(resolve)));
    return this.flushing;
  }

  private pending: Envelope[] = [];
  private flushing: Promise<void> | null = null;

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.flushing = null;
    for (const payload of payloads(batch))
      try {
        await this.database.notify(EVENTS_CHANNEL, payload);
      } catch (error) {
        this.log.warn({ err: error, events: batch.length }, 'live events not published');
      }
  }

  /** `onMissed` runs when events may have been lost (after a database outage): the client should refetch. */
  subscribe(orgId: number, listener: Listener, onMissed?: () => void): () => void {
    let set = this.listeners.get(orgId);
    if (!set) this.listeners.set(orgId, (set = new Set()));
    set.add(listener);
    if (onMissed) this.resyncs.add(onMissed);
    return () => {
      if (onMissed) this.resyncs.delete(onMissed);
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(orgId) === set) this.listeners.delete(orgId);
    };
  }

  /** Open streams, for tests and shutdown. */
  subscriberCount(orgId?: number): number {
    if (orgId !== undefined) return this.listeners.get(orgId)?.size ?? 0;
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string): void {
    let envelopes: Envelope[];
    try {
      const parsed = JSON.parse(payload) as Envelope | Envelope[];
      envelopes = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return;
    }
    for (const envelope of envelopes)
      for (const listener of this.listeners.get(envelope.orgId) ?? []) {
        try {
          listener(envelope.event);
        } catch (error) {
          this.log.warn({ err: error }, 'live event listener failed');
        }
      }
  }
}

/** A NOTIFY payload must stay under 8,000 bytes: envelopes grouped into JSON arrays that fit. */
const MAX_PAYLOAD_BYTES = 7_000;

function payloads(envelopes: Envelope[]): string[] {
  const out: string[] = [];
  let group: string[] = [];
  let size = 2;
  for (const envelope of envelopes) {
    const json = JSON.stringify(envelope);
    const bytes = Buffer.byteLength(json) + 1;
    if (group.length > 0 && size + bytes > MAX_PAYLOAD_BYTES) {
      out.push(`[${group.join(',')}]`);
      group = [];
      size = 2;
    }
    group.push(json);
    size += bytes;
  }
  if (group.length > 0) out.push(`[${group.join(',')}]`);
  return out;
}
