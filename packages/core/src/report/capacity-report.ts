import {
  type TCapacityProbe,
  type TCapacityReport,
  type TRunDetail,
  type TVariantCapacityReport,
  secondsToMs,
} from "@meshbench/contracts";
import {
  capacityConfigFromEnvironment,
  capacityResults,
  capacityShares,
  probeObservationOf,
  probeVerdicts,
  sloSlacks,
  type CapacitySearchConfig,
  type ProbeObservation,
  type VariantCapacity,
} from "../capacity";

const qps = (x: number) => Math.round(x).toLocaleString("en-US");

const STATUS_WORDS: Record<VariantCapacity["status"], string> = {
  searching: "search unfinished",
  converged: "converged",
  at_least: "at least (passed at the highest QPS allowed)",
  at_cluster_cap: "stopped at the cluster's cap (passed at the highest QPS the cluster allows)",
  below_minimum: "below the minimum QPS",
  budget_exhausted: "trial budget exhausted before the precision was reached",
  load_generator_bound:
    "load generator bound: the load generator, not the target, could not reach the next probe",
};

/** The SLO criteria a repetition missed, in words. */
function missesOf(o: ProbeObservation, config: CapacitySearchConfig): string[] {
  const [p99, errors, achieved] = sloSlacks(o, config.slo);
  const out: string[] = [];
  if ((p99 ?? 0) < 0)
    out.push(
      o.p99Seconds === null
        ? "no latency recorded"
        : `p99 ${secondsToMs(o.p99Seconds).toFixed(1)} ms > ${+secondsToMs(config.slo.p99Seconds).toFixed(3)} ms`,
    );
  if ((errors ?? 0) < 0)
    out.push(
      `errors ${(o.errorRate * 100).toFixed(2)}% > ${+(config.slo.maxErrorRate * 100).toFixed(3)}%`,
    );
  if ((achieved ?? 0) < 0)
    out.push(
      `achieved ${((100 * o.actualQps) / o.requestedQps).toFixed(1)}% < ${+((config.slo.minQpsRatio ?? 0.95) * 100).toFixed(1)}% of requested`,
    );
  return out;
}

function sentenceOf(r: VariantCapacity): string {
  if (r.capacityQps === null) return `no probe met the SLO (${STATUS_WORDS[r.status]})`;
  if (r.status === "load_generator_bound")
    return `≥ ${qps(r.capacityQps)} QPS (load generator bound): ${STATUS_WORDS[r.status]}`;
  const [low, high] = r.interval ?? [r.capacityQps, null];
  const range = high === null ? `≥ ${qps(low)}` : `${qps(low)}–${qps(high)}`;
  const head =
    r.status === "at_least" || r.status === "at_cluster_cap"
      ? `at least ${qps(r.capacityQps)}`
      : qps(r.capacityQps);
  return `${head} QPS (${range}), ${STATUS_WORDS[r.status]}`;
}

/**
 * A capacity run's report: every variant's capacity with its interval and how its search ended,
 * "keeps N% of baseline capacity", and the probes with each repetition's pass/fail (the audit).
 * Read from the stored trials and the search configuration the worker recorded in the run's
 * environment, with the same core functions the worker's search used; undefined for other runs.
 */
export function capacityReport(run: TRunDetail): TCapacityReport | undefined {
  const config = capacityConfigFromEnvironment(run.environment);
  if (!config) return undefined;
  const seen = run.trials.flatMap((t) => {
    const o = probeObservationOf(t);
    return o && config.variants.includes(o.variant) ? [{ key: t.key, o }] : [];
  });
  const observations = seen.map((s) => s.o);
  const results = capacityResults(config, observations);
  const shares = capacityShares(results, config.baseline);
  const verdicts = probeVerdicts(config, observations);
  const variants = results.map((r): TVariantCapacityReport => {
    const mine = seen.filter((s) => s.o.variant === r.variant);
    const levels = [...new Set(mine.map((s) => s.o.requestedQps))].sort((a, b) => a - b);
    const probes = levels.map((level): TCapacityProbe => {
      const verdict = verdicts.get(r.variant)?.find((v) => v.requestedQps === level);
      const repetitions = mine
        .filter((s) => s.o.requestedQps === level)
        .sort((a, b) => a.o.repetition - b.o.repetition)
        .map(({ key, o }) => {
          const sloMisses = missesOf(o, config);
          const misses = o.loadGeneratorBound
            ? [...sloMisses, "load generator saturated (measured the generator)"]
            : sloMisses;
          return {
            repetition: o.repetition,
            trialKey: key,
            actualQps: o.actualQps,
            p99: o.p99Seconds,
            errorRate: o.errorRate,
            passed: sloMisses.length === 0,
            misses,
          };
        });
      return {
        requestedQps: level,
        passed: verdict ? verdict.passed : null,
        passes: repetitions.filter((x) => x.passed).length,
        repetitions,
      };
    });
    const share = shares.find((s) => s.variant === r.variant) ?? null;
    return {
      variant: r.variant,
      status: r.status,
      capacityQps: r.capacityQps,
      interval: r.interval,
      lastPass: r.bracket.lastPass,
      firstFail: r.bracket.firstFail,
      share: share && {
        share: share.share,
        interval: share.interval,
        sentence: share.sentence,
      },
      sentence: sentenceOf(r),
      probes,
    };
  });
  return {
    slo: {
      p99Ms: secondsToMs(config.slo.p99Seconds),
      maxErrorPercent: config.slo.maxErrorRate * 100,
      minAchievedPercent: (config.slo.minQpsRatio ?? 0.95) * 100,
    },
    baseline: config.baseline,
    repetitionsPerProbe: config.repetitions,
    trialBudget: config.budgetTrials,
    trialsUsed: observations.length,
    variants,
  };
}
