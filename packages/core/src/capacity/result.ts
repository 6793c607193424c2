import { nextCapacityProbes, sloSlacks } from "./search";
import type { CapacitySearchConfig, ProbeObservation, VariantSearchStatus } from "./types";

export interface VariantCapacity {
  variant: string;
  status: VariantSearchStatus;
  /** Highest passing probe QPS below the first failing one; null when none passed. */
  capacityQps: number | null;
  bracket: { lastPass: number | null; firstFail: number | null };
  /** Where each repetition index crossed the SLO (see capacityResults). */
  repetitionCapacities: number[];
  /** [low, high]; high null when no probe failed (capacity is only a lower bound). */
  interval: [number, number | null] | null;
}

/** Where one criterion's slack crosses zero between two probes, linearly in QPS. */
function crossing(q0: number, s0: number, q1: number, s1: number): number {
  if (!Number.isFinite(s1)) return q0;
  return q0 + ((q1 - q0) * s0) / (s0 - s1);
}

/**
 * One repetition index's own capacity: walk its trials up the probed QPS; at its first failing
 * probe, interpolate each failed criterion's slack from the probe before and take the lowest
 * crossing. A repetition failing at the lowest probe crosses there; one never failing is censored
 * at its highest probe.
 */
function repetitionCapacity(
  config: CapacitySearchConfig,
  mine: readonly ProbeObservation[],
): number | null {
  const sorted = [...mine].sort((a, b) => a.requestedQps - b.requestedQps);
  let prev: ProbeObservation | null = null;
  for (const o of sorted) {
    const s = sloSlacks(o, config.slo);
    if (s.every((x) => x >= 0)) {
      prev = o;
      continue;
    }
    if (!prev) return o.requestedQps;
    const p = prev;
    const ps = sloSlacks(p, config.slo);
    const at = s.flatMap((x, i) =>
      x < 0 ? [crossing(p.requestedQps, ps[i] ?? 0, o.requestedQps, x)] : [],
    );
    return Math.min(...at);
  }
  return sorted.at(-1)?.requestedQps ?? null;
}

/**
 * Each variant's capacity at the SLO with an interval. The point estimate is the highest passing
 * probe (what was shown to hold, never an extrapolation). The interval joins two uncertainties:
 * the bracket [last pass, first fail] (the search's resolution: with a monotone curve the
 * threshold lies inside it) and the spread of the repetitions (each repetition index's own SLO
 * crossing, interpolated between its probes): [min(last pass, lowest crossing), max(first fail,
 * highest crossing)]. With n repetitions their range holds the median repetition's capacity with
 * probability 1 − 2·0.5ⁿ (75% for 3, 94% for 5), and the bracket widens it further; trials per
 * probe are too few for a bootstrap to mean more than the range does.
 */
export function capacityResults(
  config: CapacitySearchConfig,
  observations: readonly ProbeObservation[],
): VariantCapacity[] {
  const step = nextCapacityProbes(config, observations);
  return step.variants.map((v) => {
    const complete = new Set(v.probes.map((p) => p.requestedQps));
    const mine = observations.filter(
      (o) => o.variant === v.variant && complete.has(o.requestedQps),
    );
    const reps = [...new Set(mine.map((o) => o.repetition))].sort((a, b) => a - b);
    const repetitionCapacities = reps.flatMap((r) => {
      const c = repetitionCapacity(
        config,
        mine.filter((o) => o.repetition === r),
      );
      return c === null ? [] : [c];
    });
    const { lastPass, firstFail } = v;
    let interval: VariantCapacity["interval"] = null;
    if (lastPass !== null) {
      const low = Math.min(lastPass, ...repetitionCapacities);
      // Bound by the generator: the failure above the last pass says nothing of the target.
      const open = firstFail === null || v.status === "load_generator_bound";
      const high = open ? null : Math.max(firstFail, ...repetitionCapacities);
      interval = [low, high];
    }
    return {
      variant: v.variant,
      status: v.status,
      capacityQps: lastPass,
      bracket: { lastPass, firstFail },
      repetitionCapacities,
      interval,
    };
  });
}

export interface CapacityShare {
  variant: string;
  /** variant capacity / baseline capacity, e.g. 0.86 ("keeps 86% of baseline capacity"). */
  share: number | null;
  /** Interval arithmetic on the two intervals: [low_v / high_b, high_v / low_b]; bounds null when open. */
  interval: [number | null, number | null] | null;
  sentence: string;
}

/** "keeps 86% of baseline capacity (72–97%)": conservative because the two intervals combine as bounds. */
export function capacityShares(
  results: readonly VariantCapacity[],
  baseline: string,
): CapacityShare[] {
  const b = results.find((r) => r.variant === baseline);
  return results
    .filter((r) => r.variant !== baseline)
    .map((r) => {
      const bq = b?.capacityQps ?? null;
      if (!b || bq === null || bq <= 0 || r.capacityQps === null || !b.interval || !r.interval) {
        return {
          variant: r.variant,
          share: null,
          interval: null,
          sentence: `${r.variant}: no capacity to compare`,
        };
      }
      const share = r.capacityQps / bq;
      const [vl, vh] = r.interval;
      const [bl, bh] = b.interval;
      const low = bh === null ? null : vl / bh;
      const high = vh === null || bl <= 0 ? null : vh / bl;
      const pct = (x: number | null) => (x === null ? "?" : `${Math.round(x * 100)}`);
      return {
        variant: r.variant,
        share,
        interval: [low, high],
        sentence: `${r.variant} keeps ${pct(share)}% of baseline capacity (${pct(low)}–${pct(high)}%)`,
      };
    });
}
