import type { TDelta, TLevelReport, TStatCell } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { noiseVerdict, summarizeLevel } from "./summary";

const reps = { n: 5, mean: null, sd: null };

/** A delta as core's compareVariants words it: variant − baseline, in seconds. */
function delta(baseline: number, variant: number, withinNoise: boolean | null): TDelta {
  const absolute = variant - baseline;
  return {
    baseline,
    variant,
    absolute,
    relative: absolute / baseline,
    slowerSide: absolute > 0 ? "variant" : absolute < 0 ? "baseline" : "equal",
    slowerByRelative: absolute === 0 ? 0 : Math.abs(absolute) / Math.min(baseline, variant),
    interval:
      withinNoise === null
        ? null
        : { confidence: 0.95, absolute: [absolute - 1e-4, absolute + 1e-4], relative: null },
    withinNoise,
    notEnoughRepetitions: withinNoise === null,
    baselineRepetitions: reps,
    variantRepetitions: reps,
  };
}

function cell(
  stat: TStatCell["stat"],
  value: number,
  d: TDelta | null,
  noise?: TStatCell["noise"],
) {
  return { stat, value, mean: value, sd: 0, delta: d, wording: null, noise } satisfies TStatCell;
}

function level(
  rows: { label: string; reference?: boolean; repetitions?: number; stats: TStatCell[] }[],
) {
  return {
    level: {
      key: "qps-500/c8/p0/http1/ka",
      requestedQps: 500,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1",
      keepAlive: true,
    },
    label: "500 QPS · 8 conns",
    curves: [],
    rows: rows.map((r) => ({
      id: `${r.label}@qps-500/c8/p0/http1/ka`,
      label: r.label,
      variant: r.label,
      levelKey: "qps-500/c8/p0/http1/ka",
      isReference: r.reference ?? false,
      repetitions: r.repetitions ?? 5,
      notEnoughRepetitions: false,
      requestCount: 1000,
      errorCount: 0,
      achievedQps: 500,
      stats: r.stats,
    })),
  } satisfies TLevelReport;
}

const baseline = {
  label: "baseline",
  reference: true,
  stats: [cell("p50", 0.00077, null), cell("p99", 0.002, null)],
};

describe("summarizeLevel", () => {
  it("leads with the answer: size, relative change, direction, statistic and the noise call", () => {
    const lines = summarizeLevel(
      level([
        baseline,
        {
          label: "hop",
          stats: [
            cell("p50", 0.00197, delta(0.00077, 0.00197, false)),
            cell("p99", 0.0016, delta(0.002, 0.0016, true)),
          ],
        },
      ]),
    );
    expect(lines).toEqual([
      "hop is 1.20 ms (+156%) slower at p50, outside the noise (its 95% interval excludes zero), " +
        "and 0.400 ms (\u221220.0%) faster at p99, within noise (its 95% interval includes zero).",
    ]);
  });

  it("reads the cluster's A/A band when the report carries one", () => {
    const band = (call: "noise" | "real") => ({
      band: [-0.05, 0.05] as [number, number],
      source: "calibrated" as const,
      label: "A/A noise at 500 QPS",
      calibratedQps: 500,
      calibrationRunId: "cal1",
      call,
    });
    const [line] = summarizeLevel(
      level([
        baseline,
        {
          label: "istio",
          stats: [
            cell("p50", 0.0008, delta(0.00077, 0.0008, false), band("noise")),
            cell("p99", 0.003, delta(0.002, 0.003, false), band("real")),
          ],
        },
      ]),
    );
    expect(line).toContain("slower at p50, within the cluster's A/A noise band");
    expect(line).toContain("slower at p99, outside the cluster's A/A noise band");
  });

  it("says when there are too few repetitions to judge, and when nothing changed", () => {
    const [line] = summarizeLevel(
      level([
        baseline,
        {
          label: "linkerd",
          stats: [
            cell("p50", 0.00077, delta(0.00077, 0.00077, true)),
            cell("p99", 0.0025, delta(0.002, 0.0025, null)),
          ],
        },
      ]),
    );
    expect(line).toBe(
      "linkerd is the same at p50, and 0.500 ms (+25.0%) slower at p99, too few repetitions to tell it from noise.",
    );
  });

  it("gives one sentence per compared variant and skips variants without trials", () => {
    const lines = summarizeLevel(
      level([
        baseline,
        { label: "a", stats: [cell("p50", 0.001, delta(0.00077, 0.001, false))] },
        { label: "b", repetitions: 0, stats: [cell("p50", 0.001, null)] },
        { label: "c", stats: [cell("p50", 0.0007, delta(0.00077, 0.0007, true))] },
      ]),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^a is .* slower at p50/);
    expect(lines[1]).toMatch(/^c is .* faster at p50/);
  });

  it("without a comparison, states each variant's p50 and p99", () => {
    expect(summarizeLevel(level([baseline]))).toEqual(["baseline: p50 0.770 ms, p99 2.00 ms."]);
    expect(summarizeLevel(level([{ ...baseline, repetitions: 0 }]))).toEqual([
      "No finished trials yet.",
    ]);
  });
});

describe("noiseVerdict", () => {
  it("is noise when the interval includes zero or the A/A band says so, real otherwise", () => {
    expect(noiseVerdict(cell("p50", 1, delta(1, 2, true)))).toBe("noise");
    expect(noiseVerdict(cell("p50", 1, delta(1, 2, false)))).toBe("real");
    expect(noiseVerdict(cell("p50", 1, delta(1, 2, null)))).toBe("unknown");
    expect(noiseVerdict(cell("p50", 1, null))).toBe("unknown");
  });
});
