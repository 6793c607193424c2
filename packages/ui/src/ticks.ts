/**
 * The one tick rule of every chart: axes end on round values and step by 1, 2 or 5 × 10^k
 * (0, 0.5, 1, 1.5 ms; 0, 200, 400 QPS), never 0.05, 0.95, 1.9 or 350, 600, 850. A log axis ticks
 * at powers of ten, with the 2s and 5s between them when it spans two decades or less.
 * Charts hand their values here and give Recharts the returned domain and ticks as they are.
 */

export type NiceAxis = {
  domain: [number, number];
  ticks: number[];
  /** Prints a tick exactly, with as many decimals as the step needs (and no more). */
  format: (value: number) => string;
};

const MANTISSAS = [1, 2, 5] as const;
/** Tolerance for floating-point noise when comparing a value with a multiple of a step. */
const EPSILON = 1e-9;

/** m × 10^e without 0.1 × 3-style drift: small powers divide instead of multiplying. */
const scaled = (m: number, e: number) => (e < 0 ? m / 10 ** -e : m * 10 ** e);

/** Decimals needed to print multiples of a 1/2/5 × 10^k value exactly. */
function decimalsFor(value: number): number {
  const abs = Math.abs(value);
  if (!(abs > 0) || !Number.isFinite(abs)) return 0;
  return Math.max(0, -Math.floor(Math.log10(abs) + EPSILON));
}

/** The nice steps from the one at or just above `rough`, ascending (1, 2, 5, 10, 20, …). */
function* stepsFrom(rough: number): Generator<number> {
  const from = rough > 0 && Number.isFinite(rough) ? rough : 1;
  let e = Math.floor(Math.log10(from));
  for (;;) {
    for (const m of MANTISSAS) {
      const step = scaled(m, e);
      if (step >= from * (1 - EPSILON)) yield step;
    }
    e += 1;
  }
}

const fixed = (value: number, decimals: number) => Number(value.toFixed(decimals));

function formatter(decimals: (v: number) => number) {
  return (v: number) => {
    const text = v.toFixed(decimals(v));
    return Number(text) === 0 ? text.replace("-", "") : text;
  };
}

type LinearAxisOptions = {
  /** At most this many ticks (domain ends included); default 7. */
  maxTicks?: number;
  /** Take zero into the domain (bars, rates, latency from zero). */
  zero?: boolean;
};

/**
 * A linear axis over `values`: the smallest 1-2-5 step that covers them in at most `maxTicks`
 * ticks, the domain widened to the multiples of that step around them.
 */
function linearAxis(values: readonly number[], options: LinearAxisOptions = {}): NiceAxis {
  const maxTicks = Math.max(2, options.maxTicks ?? 7);
  const finite = values.filter(Number.isFinite);
  let lo = finite.length > 0 ? Math.min(...finite) : 0;
  let hi = finite.length > 0 ? Math.max(...finite) : 1;
  if (options.zero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    // One value: an axis around it (0 … 1 when everything is zero).
    const half = Math.abs(lo) / 2;
    if (lo === 0) hi = 1;
    else [lo, hi] = [lo - half, hi + half];
  }
  let step = 1;
  for (const candidate of stepsFrom((hi - lo) / (maxTicks - 1))) {
    step = candidate;
    const intervals = Math.ceil(hi / step - EPSILON) - Math.floor(lo / step + EPSILON);
    if (intervals <= maxTicks - 1) break;
  }
  const decimals = decimalsFor(step);
  const first = Math.floor(lo / step + EPSILON);
  const last = Math.ceil(hi / step - EPSILON);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(fixed(i * step, decimals));
  return {
    domain: [ticks[0]!, ticks[ticks.length - 1]!],
    ticks,
    format: formatter(() => decimals),
  };
}

/**
 * A log axis over the positive `values`: powers of ten, every one up to `maxTicks` and every
 * second, third … beyond; with 2 and 5 between them when the data spans two decades or less.
 */
function logAxis(values: readonly number[], options: { maxTicks?: number } = {}): NiceAxis {
  const maxTicks = Math.max(2, options.maxTicks ?? 8);
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  const lo = positive.length > 0 ? Math.min(...positive) : 1;
  const hi = positive.length > 0 ? Math.max(...positive) : 10;
  const eLo = Math.floor(Math.log10(lo) + EPSILON);
  let eHi = Math.ceil(Math.log10(hi) - EPSILON);
  if (eHi === eLo) eHi += 1;
  let ticks: number[];
  if (eHi - eLo <= 2) {
    const all: number[] = [];
    for (let e = eLo; e <= eHi; e++) for (const m of MANTISSAS) all.push(scaled(m, e));
    const start = all.filter((t) => t <= lo * (1 + EPSILON)).pop() ?? all[0]!;
    const end = all.find((t) => t >= hi * (1 - EPSILON)) ?? all[all.length - 1]!;
    ticks = all.filter((t) => t >= start && t <= end);
  } else {
    const every = Math.ceil((eHi - eLo) / (maxTicks - 1));
    const from = Math.floor(eLo / every) * every;
    const to = Math.ceil(eHi / every) * every;
    ticks = [];
    for (let e = from; e <= to; e += every) ticks.push(scaled(1, e));
  }
  return {
    domain: [ticks[0]!, ticks[ticks.length - 1]!],
    ticks,
    format: formatter(decimalsFor),
  };
}

/** The axis for a scale: log when asked (over the positive values), linear otherwise. */
export function niceAxis(
  values: readonly number[],
  options: LinearAxisOptions & { log?: boolean } = {},
): NiceAxis {
  return options.log ? logAxis(values) : linearAxis(values, options);
}
