// A seeded pseudo-random source (mulberry32): the same seed gives the same sites, byte for byte,
// on every machine, so the committed fixtures can be checked against a fresh generation.

/** Draws from one seeded sequence. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A fresh, independent source for one part (a site, a page), so adding a site never shifts another. */
  static of(seed: number, ...parts: readonly (string | number)[]): Random {
    let hash = seed >>> 0;
    for (const char of parts.join('/')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x9e3779b1) >>> 0;
    return new Random(hash ^ (hash >>> 16));
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** Hex digits, for the ids in script tags. */
  hex(length: number): string {
    let text = '';
    while (text.length < length) text += this.int(0, 15).toString(16);
    return text;
  }

  digits(length: number): string {
    let text = String(this.int(1, 9));
    while (text.length < length) text += String(this.int(0, 9));
    return text;
  }
}
