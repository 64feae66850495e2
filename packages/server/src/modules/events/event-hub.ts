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

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.listeners.clear();
  }

  /** Call after the change has committed. A failed publish is logged, never thrown: the change stands. */
  async publish(orgId: number, event: LiveEvent): Promise<void> {
    try {
      await this.database.notify(EVENTS_CHANNEL, JSON.stringify({ orgId, event } satisfies Envelope));
    } catch (error) {
      this.log.warn({ err: error, type: event.type }, 'live event not published');
    }
  }

  subscribe(orgId: number, listener: Listener): () => void {
    let set = this.listeners.get(orgId);
    if (!set) this.listeners.set(orgId, (set = new Set()));
    set.add(listener);
    return () => {
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
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    for (const listener of this.listeners.get(envelope.orgId) ?? []) {
      try {
        listener(envelope.event);
      } catch (error) {
        this.log.warn({ err: error }, 'live event listener failed');
      }
    }
  }
}
