export interface XY {
  x: number;
  y: number;
}

export interface QuadraticFit {
  /** y = a + b·x + c·x² */
  a: number;
  b: number;
  c: number;
  n: number;
  /** n − 3. */
  degreesOfFreedom: number;
  /** √(RSS / (n − 3)); null with exactly three points (an exact fit says nothing about noise). */
  residualStandardError: number | null;
  /** Fitted x range: the curve is drawn over it only. */
  xMin: number;
  xMax: number;
}

/** Inverse of a symmetric 3×3 matrix by cofactors; null when singular. */
function invert3(m: number[][]): number[][] | null {
  const g = (i: number, j: number) => m[i]?.[j] ?? 0;
  const cof = (i: number, j: number) => {
    const r = [0, 1, 2].filter((k) => k !== i);
    const c = [0, 1, 2].filter((k) => k !== j);
    const [r0 = 0, r1 = 0] = r;
    const [c0 = 0, c1 = 0] = c;
    return ((i + j) % 2 ? -1 : 1) * (g(r0, c0) * g(r1, c1) - g(r0, c1) * g(r1, c0));
  };
  const det = g(0, 0) * cof(0, 0) + g(0, 1) * cof(0, 1) + g(0, 2) * cof(0, 2);
  if (!(Math.abs(det) > 1e-12)) return null;
  return [0, 1, 2].map((i) => [0, 1, 2].map((j) => cof(j, i) / det));
}

const row = (z: number) => [1, z, z * z];

/**
 * Ordinary least squares for y = a + b·x + c·x² (Buoyant's harness fits resource use against RPS
 * this way: roughly linear with a little curvature as queues or batching set in). x is centred
 * and scaled first so x² of thousands of RPS does not swamp the normal equations. Needs at least
 * three distinct x; null otherwise.
 */
export function fitQuadratic(points: readonly XY[]): QuadraticFit | null {
  const ps = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const n = ps.length;
  if (new Set(ps.map((p) => p.x)).size < 3) return null;
  const mean = ps.reduce((s, p) => s + p.x, 0) / n;
  const scale = Math.sqrt(ps.reduce((s, p) => s + (p.x - mean) ** 2, 0) / n) || 1;
  const xtx = [0, 1, 2].map(() => [0, 0, 0]);
  const xty = [0, 0, 0];
  for (const p of ps) {
    const v = row((p.x - mean) / scale);
    for (let i = 0; i < 3; i++) {
      xty[i]! += (v[i] ?? 0) * p.y;
      for (let j = 0; j < 3; j++) xtx[i]![j]! += (v[i] ?? 0) * (v[j] ?? 0);
    }
  }
  const inverse = invert3(xtx);
  if (!inverse) return null;
  const [k0, k1, k2] = [0, 1, 2].map((i) =>
    [0, 1, 2].reduce((s, j) => s + (inverse[i]?.[j] ?? 0) * (xty[j] ?? 0), 0),
  ) as [number, number, number];
  // Back from the scaled basis: k0 + k1·z + k2·z² with z = (x − mean)/scale.
  const c = k2 / (scale * scale);
  const b = k1 / scale - (2 * k2 * mean) / (scale * scale);
  const a = k0 - (k1 * mean) / scale + (k2 * mean * mean) / (scale * scale);
  const rss = ps.reduce((s, p) => {
    const z = (p.x - mean) / scale;
    return s + (p.y - (k0 + k1 * z + k2 * z * z)) ** 2;
  }, 0);
  const df = n - 3;
  const xs = ps.map((p) => p.x);
  return {
    a,
    b,
    c,
    n,
    degreesOfFreedom: df,
    residualStandardError: df > 0 ? Math.sqrt(rss / df) : null,
    xMin: Math.min(...xs),
    xMax: Math.max(...xs),
  };
}
