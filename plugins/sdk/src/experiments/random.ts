// A seeded pseudo-random generator: the bootstrap must give the same answer on every retry of
// the same learning cycle, so its randomness is derived from the cycle id, never Math.random().

/** A generator of uniform numbers in [0, 1). */
export type Random = () => number;

/** A 32-bit FNV-1a hash of a string: turns a cycle id into a seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mulberry32: small, fast and good enough for resampling; the same seed gives the same stream. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
