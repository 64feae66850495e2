/** A seeded pseudo-random source (mulberry32): the demo loads the same people and records on every run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Earlier items more often: common names are common. */
  pickSkewed<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() ** 2 * items.length)]!;
  }

  /** A key of `weights`, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let left = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) if ((left -= weight) < 0) return key;
    return entries[entries.length - 1]![0];
  }

  /** A value in [min, max] on the grid of `step`, as the exam fields require. */
  step(min: number, max: number, step: number): number {
    return onGrid(min + this.int(0, Math.round((max - min) / step)) * step, step);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

/** `value` rounded to the grid of `step`, without binary noise (43.25, not 43.250000000001). */
export function onGrid(value: number, step: number): number {
  const decimals = String(step).split('.')[1]?.length ?? 0;
  return Number((Math.round(value / step) * step).toFixed(decimals));
}
