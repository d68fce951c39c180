/** A seeded pseudo-random source (mulberry32): the same seed always yields the same demo data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("cannot pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: weights[i] is the relative chance of items[i]. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let roll = this.next() * total;
    for (let index = 0; index < items.length; index++) {
      roll -= weights[index] ?? 0;
      if (roll < 0) return items[index] as T;
    }
    return items[items.length - 1] as T;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let index = pool.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [pool[index], pool[other]] = [pool[other] as T, pool[index] as T];
    }
    return pool.slice(0, count);
  }
}
