/**
 * Requests per signed-in user, counted in this process (README.md, "Why 600 requests a user a minute"). Each user
 * has a bucket of half a minute's requests, refilled at `perMinute` a minute: a page that opens with a dozen calls,
 * or a typeahead's search every 200 ms, never meets it, while a script hammering a route does within seconds.
 * Background calls (polls and the event stream, `X-Background: 1`) have a bucket of their own, so a user who met
 * the limit still sees the queue move; the header cannot lift the limit, only move a caller to the other bucket.
 *
 * In memory, not in the database: a shared count would cost a write per request on every hot page, and the
 * limit sheds one session's flood, which one process mostly serves; N processes allow up to N times as many.
 */
export class UserRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly capacity: number;
  private readonly perMs: number;
  private sweptAt: number;

  constructor(
    perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.capacity = Math.max(1, Math.floor(perMinute / 2));
    this.perMs = perMinute / 60_000;
    this.sweptAt = now();
  }

  /** How many users (and their background calls) have a bucket that is not full. */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes one request from the user's budget: 0 when it may go on, else the whole seconds until one is left. */
  take(orgId: number, userId: number, background: boolean): number {
    const now = this.now();
    if (now - this.sweptAt > this.capacity / this.perMs) this.sweep(now);
    const key = background ? `${orgId}:${userId}:b` : `${orgId}:${userId}`;
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.perMs)
      : this.capacity;
    const left = tokens < 1 ? tokens : tokens - 1;
    if (bucket) {
      bucket.tokens = left;
      bucket.at = now;
    } else this.buckets.set(key, { tokens: left, at: now });
    return tokens < 1 ? Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) : 0;
  }

  /** Drops the buckets that have filled up again (the same as none), once per time a bucket takes to fill. */
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, bucket] of this.buckets)
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.capacity) this.buckets.delete(key);
  }
}
