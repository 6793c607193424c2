import type { TRunReport, TVerdict } from "@meshbench/contracts";

const delta = (baseline: number, variant: number, interval: [number, number]) => ({
  baseline,
  variant,
  absolute: variant - baseline,
  relative: (variant - baseline) / baseline,
  slowerSide: variant > baseline ? ("variant" as const) : ("baseline" as const),
  slowerByRelative: Math.abs(variant - baseline) / Math.min(variant, baseline),
  interval: { confidence: 0.95, absolute: [0, 0] as [number, number], relative: interval },
  withinNoise: null,
  notEnoughRepetitions: false,
  baselineRepetitions: { n: 3, mean: baseline, sd: 0 },
  variantRepetitions: { n: 3, mean: variant, sd: 0 },
});

/** The parts of a run report the CLI reads: one level, a baseline and a mesh row with deltas. */
export const REPORT = {
  run: { id: "run1", title: "nightly | <b>bold</b>", status: "succeeded" },
  reference: "baseline",
  variants: ["baseline", "ambient"],
  failures: { count: 0, reasons: [], incompleteCells: [] },
  levels: [
    {
      label: "100 QPS · 8 conn",
      level: { key: "qps-100/c8/p0/http1/ka" },
      rows: [
        { variant: "baseline", isReference: true, stats: [] },
        {
          variant: "ambient",
          isReference: false,
          stats: [
            { stat: "p50", value: 0.00052, delta: delta(0.0004, 0.00052, [0.2, 0.4]), noise: null },
            {
              stat: "p99",
              value: 0.0013,
              delta: delta(0.0012, 0.0013, [0.01, 0.15]),
              noise: {
                band: [-0.05, 0.06],
                source: "nearest",
                label: "A/A noise at 100 QPS",
                calibratedQps: 100,
                calibrationRunId: "aa1",
                call: "real",
              },
            },
          ],
        },
      ],
    },
  ],
} as unknown as TRunReport;

export const VERDICT: TVerdict = {
  runId: "run1",
  benchmarkKey: "ambient-vs-no-mesh",
  status: "fail",
  reasons: ["p50 overhead of ambient is 30% (interval 20%…40%), over the 10% budget"],
  checks: [
    {
      rule: 0,
      kind: "overhead",
      statistic: "p50",
      cell: { variant: "ambient", requestedQps: 100, connections: 8 },
      status: "fail",
      reason: "p50 overhead of ambient is 30% (interval 20%…40%), over the 10% budget",
      observedMs: 0.52,
      effect: null,
    },
  ],
  reference: null,
  method: "Pooled-histogram statistic per cell.",
  seed: 7,
};
