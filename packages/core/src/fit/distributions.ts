/**
 * Quantiles for intervals, computed rather than tabled so any confidence works. Acklam's normal
 * quantile (relative error < 1.2e-9) and Hill's Student t quantile (Algorithm 396, accurate to
 * ~1e-6 for df ≥ 1) are the standard closed-form choices: no iteration, no special functions.
 */
const A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
  2.506628277459239,
];
const B = [
  -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
];
const C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
];
const D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

const poly = (cs: number[], x: number) => cs.reduce((acc, c) => acc * x + c, 0);

/** The standard normal quantile: Φ⁻¹(p) for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(C, q) / (poly(D, q) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(A, r) * q) / (poly(B, r) * r + 1);
}

/** Hill (1970): the two-sided t critical value for tail probability p (e.g. 0.05 → t₀.₉₇₅). */
function hillTwoSided(p: number, n: number): number {
  if (n === 1) return Math.tan(((1 - p) * Math.PI) / 2);
  if (n === 2) return Math.sqrt(2 / (p * (2 - p)) - 2);
  const a = 1 / (n - 0.5);
  const b = 48 / (a * a);
  let c = (((20700 * a) / b - 98) * a - 16) * a + 96.36;
  const d = ((94.5 / (b + c) - 3) / b + 1) * Math.sqrt((a * Math.PI) / 2) * n;
  let x = d * p;
  let y = x ** (2 / n);
  if (y > 0.05 + a) {
    x = normalQuantile(p * 0.5);
    y = x * x;
    if (n < 5) c += 0.3 * (n - 4.5) * (x + 0.6);
    c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c;
    y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x;
    y = a * y * y;
    y = y > 0.002 ? Math.exp(y) - 1 : 0.5 * y * y + y;
  } else {
    y =
      ((1 / (((n + 6) / (n * y) - 0.089 * d - 0.822) * (n + 2) * 3) + 0.5 / (n + 4)) * y - 1) *
        ((n + 1) / (n + 2)) +
      1 / y;
  }
  return Math.sqrt(n * y);
}

/** Student t quantile with df degrees of freedom (integer df ≥ 1), 0 < p < 1. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile needs 0 < p < 1, got ${p}`);
  if (!(df >= 1)) throw new RangeError(`studentTQuantile needs df ≥ 1, got ${df}`);
  if (p === 0.5) return 0;
  const upper = p > 0.5;
  const t = hillTwoSided(2 * (upper ? 1 - p : p), Math.round(df));
  return upper ? t : -t;
}
