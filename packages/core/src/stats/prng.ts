/** A source of uniform numbers in [0, 1). Core never calls Math.random: callers hand one in. */
export type Rng = () => number;

/**
 * mulberry32: a tiny 32-bit seeded PRNG. Statistically fine for bootstrap resampling and, unlike
 * Math.random, reproducible: the same seed gives the same intervals on every machine, so a
 * stored comparison can be recomputed and checked.
 */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomIndex(rng: Rng, n: number): number {
  return Math.min(n - 1, Math.floor(rng() * n));
}

/**
 * Draws n indices from [0, n) with replacement and returns how often each was drawn: the
 * multiplicities of one bootstrap resample.
 */
export function resampleMultiplicities(rng: Rng, n: number): number[] {
  const weights = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    const k = randomIndex(rng, n);
    weights[k] = (weights[k] ?? 0) + 1;
  }
  return weights;
}
