import { mulberry32, randomIndex, type Rng } from "../stats/prng";

export interface ChangePointOptions {
  /** Significance of each permutation test. Default 0.05. */
  alpha?: number;
  /** Permutations per test. Default 199 (the smallest p-value is then 1/200 = 0.005). */
  permutations?: number;
  /** Seeds the permutations: same series and seed, same change points. */
  seed: number;
  /** Fewest points either side of a change. Default 5: fewer make a mean meaningless. */
  minSegment?: number;
  /** Stop after this many. Default unlimited. */
  maxChangePoints?: number;
}

export interface ChangePoint {
  /** Index of the first point after the change. */
  index: number;
  pValue: number;
  /** The E-divisive divergence statistic at the split. */
  statistic: number;
  meanBefore: number;
  meanAfter: number;
  /** (after − before) / before; null when before is 0. */
  relativeChange: number | null;
}

export interface ChangePointResult {
  changePoints: ChangePoint[];
  alpha: number;
  permutations: number;
  /** The test that stopped the search (its p-value exceeded alpha), if one ran. */
  lastRejected: { index: number; pValue: number } | null;
}

/**
 * Best single split of xs by the E-divisive statistic with exponent 1:
 * Q(τ) = τ(m−τ)/m · [2/(τ(m−τ)) Σ|x−y| − Σ|x−x′|/C(τ,2) − Σ|y−y′|/C(m−τ,2)], the energy distance
 * between the two sides scaled by their sizes. Sums update as one point moves across: O(m²).
 */
export function bestSplit(
  xs: readonly number[],
  minSegment: number,
): { tau: number; q: number } | null {
  const m = xs.length;
  const k = Math.max(2, minSegment);
  if (m < 2 * k) return null;
  const d = (i: number, j: number) => Math.abs((xs[i] ?? 0) - (xs[j] ?? 0));
  let wl = 0;
  let wr = 0;
  let between = 0;
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      if (j < k) wl += d(i, j);
      else if (i >= k) wr += d(i, j);
      else between += d(i, j);
    }
  let best: { tau: number; q: number } | null = null;
  for (let tau = k; tau <= m - k; tau++) {
    if (tau > k) {
      // Point tau − 1 moves from the right side to the left.
      const p = tau - 1;
      let rowL = 0;
      let rowR = 0;
      for (let i = 0; i < p; i++) rowL += d(i, p);
      for (let j = p + 1; j < m; j++) rowR += d(p, j);
      wl += rowL;
      wr -= rowR;
      between += rowR - rowL;
    }
    const r = m - tau;
    const q =
      ((tau * r) / m) *
      ((2 * between) / (tau * r) - wl / ((tau * (tau - 1)) / 2) - wr / ((r * (r - 1)) / 2));
    if (!best || q > best.q) best = { tau, q };
  }
  return best;
}

function shuffled(xs: readonly number[], rng: Rng): number[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    const t = a[i] ?? 0;
    a[i] = a[j] ?? 0;
    a[j] = t;
  }
  return a;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * E-divisive means (Matteson & James 2014), the method of Apache Otava (Hunter): hierarchical
 * binary segmentation on the energy statistic, each new change point kept only if a permutation
 * test finds it significant. The test permutes every current segment within itself and compares
 * the observed best statistic with the best over all permuted segments, so on a series with no
 * change the chance of reporting any change point is at most alpha (p = (1 + #{permuted ≥
 * observed}) / (permutations + 1) is an exact permutation p-value). Nonparametric: no normality
 * assumed, which suits latency percentiles with their long right tails.
 */
export function detectChangePoints(
  values: readonly number[],
  opts: ChangePointOptions,
): ChangePointResult {
  const alpha = opts.alpha ?? 0.05;
  const permutations = Math.max(1, Math.floor(opts.permutations ?? 199));
  const minSegment = opts.minSegment ?? 5;
  const maxCount = opts.maxChangePoints ?? Infinity;
  const rng = mulberry32(opts.seed);
  const found: { index: number; pValue: number; statistic: number }[] = [];
  let bounds = [0, values.length];
  let lastRejected: ChangePointResult["lastRejected"] = null;
  while (found.length < maxCount) {
    const segments = bounds.slice(1).map((end, i) => values.slice(bounds[i], end));
    let best: { seg: number; tau: number; q: number } | null = null;
    for (let i = 0; i < segments.length; i++) {
      const split = bestSplit(segments[i] ?? [], minSegment);
      if (split && (!best || split.q > best.q)) best = { seg: i, ...split };
    }
    if (!best) break;
    const { seg, tau, q } = best;
    let asExtreme = 0;
    for (let r = 0; r < permutations; r++) {
      let permutedBest = -Infinity;
      for (const s of segments)
        permutedBest = Math.max(
          permutedBest,
          bestSplit(shuffled(s, rng), minSegment)?.q ?? -Infinity,
        );
      if (permutedBest >= q) asExtreme++;
    }
    const pValue = (1 + asExtreme) / (permutations + 1);
    const index = (bounds[seg] ?? 0) + tau;
    if (pValue > alpha) {
      lastRejected = { index, pValue };
      break;
    }
    found.push({ index, pValue, statistic: q });
    bounds = [...bounds, index].sort((a, b) => a - b);
  }
  const changePoints = found
    .sort((a, b) => a.index - b.index)
    .map((c) => {
      const at = bounds.indexOf(c.index);
      const before = values.slice(bounds[at - 1], c.index);
      const after = values.slice(c.index, bounds[at + 1]);
      const mb = mean(before);
      const ma = mean(after);
      return {
        ...c,
        meanBefore: mb,
        meanAfter: ma,
        relativeChange: mb !== 0 ? (ma - mb) / mb : null,
      };
    });
  return { changePoints, alpha, permutations, lastRejected };
}
