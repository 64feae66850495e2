import type { Clock } from '../lib/clock.ts';

/** The last moment at or before `now` when the local clock read `hour`:00. */
export function lastSlot(now: Date, hour: number): Date {
  const slot = new Date(now);
  slot.setHours(hour, 0, 0, 0);
  if (slot > now) slot.setDate(slot.getDate() - 1);
  return slot;
}

/**
 * The embedded database's daily backup at BACKUP_HOUR (local time), followed by its upkeep (app.ts). Each check asks whether a slot has passed
 * since the last backup this process knows of (the status file's `last` run, so a restart after 2 am does not
 * make a second one, and a server that was off at 2 am makes it as soon as it starts). A failed run is
 * recorded and tried again at the next slot. Tests call `check()` with a fake clock instead of waiting.
 */
export class ScheduledBackups {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly hour: number,
    /** When the last backup (successful or not) was made, from the status file. */
    private readonly lastRun: () => Promise<Date | null>,
    private readonly backup: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Makes the backup if a slot has passed since the last one; resolves when it is done. */
  async check(): Promise<boolean> {
    if (this.running) return false;
    const now = this.clock.now();
    const last = await this.lastRun();
    if (last && last >= lastSlot(now, this.hour)) return false;
    this.running = this.backup().catch(this.onError);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    return true;
  }

  /** Checks now (a server that was off at the hour backs up at start), then every `everyMs`. */
  start(everyMs = 60_000): void {
    // A status file that cannot be read is reported, never an unhandled rejection that ends the process.
    const tick = () => void this.check().catch(this.onError);
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
