import type { TTrialRecord } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { emptyLatencySummary } from "../stats/percentiles";
import { mulberry32 } from "../stats/prng";
import type { LevelCoordinates } from "../trials";
import { calibrateNoise, judgeAgainstNoise, noiseBandFor } from "./noise-band";

const shape = { connections: 8, payloadBytes: 0, protocol: "http1" as const, keepAlive: true };
const level = (requestedQps: number | null): LevelCoordinates => ({ requestedQps, ...shape });

/** A summary-only trial whose p99 is `p99` (compareVariants then compares repetition means). */
const trial = (p99: number, repetition: number): TTrialRecord => ({
  variant: "baseline",
  ...level(1000),
  repetition,
  id: `t${repetition}`,
  key: `k${repetition}`,
  sequence: repetition,
  status: "succeeded",
  failureReason: null,
  loadGenerator: "wrk",
  summaryOnly: true,
  resolutionSeconds: null,
  validityFlags: [],
  actualQps: 1000,
  durationSeconds: 30,
  requestCount: 30_000,
  errorCount: 0,
  summary: { ...emptyLatencySummary(), p99, p50: p99 / 3 },
  histogram: null,
});

const noisy = (seed: number, n: number, centre: number, spread: number) => {
  const u = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => trial(centre * (1 + spread * (u() - 0.5)), i + 1));
};

describe("noise band from A/A calibration", () => {
  const calibration = calibrateNoise(
    [
      { level: level(500), baseline: noisy(1, 5, 0.004, 0.1), aa: noisy(2, 5, 0.004, 0.1) },
      { level: level(2000), baseline: noisy(3, 5, 0.006, 0.2), aa: noisy(4, 5, 0.006, 0.2) },
      { level: level(4000), baseline: noisy(5, 2, 0.006, 0.2), aa: noisy(6, 2, 0.006, 0.2) },
    ],
    { seed: 42, statistics: ["p50", "p99"] },
  );

  it("stores per level and statistic the bootstrap interval of the relative A/A delta", () => {
    const [l500, l2000, l4000] = calibration.levels;
    const band = l500?.bands.p99;
    expect(band).toBeDefined();
    expect(band![0]).toBeLessThan(0.01);
    expect(band![1]).toBeGreaterThan(-0.01);
    expect(band![1] - band![0]).toBeLessThan(0.15);
    // The noisier level has the wider band; two repetitions calibrate nothing.
    expect(l2000!.bands.p99![1] - l2000!.bands.p99![0]).toBeGreaterThan(band![1] - band![0]);
    expect(l4000?.bands).toEqual({});
    expect(calibration.seed).toBe(42);
  });

  it("is reproducible from its seed", () => {
    const again = calibrateNoise(
      [{ level: level(500), baseline: noisy(1, 5, 0.004, 0.1), aa: noisy(2, 5, 0.004, 0.1) }],
      { seed: 42, statistics: ["p50", "p99"] },
    );
    expect(again.levels[0]).toEqual(calibration.levels[0]);
  });

  it("uses the level's own band, else the nearest calibrated QPS of the same shape, labelled", () => {
    expect(noiseBandFor(calibration, level(500), "p99")).toMatchObject({
      source: "exact",
      label: "A/A noise at 500 QPS",
    });
    expect(noiseBandFor(calibration, level(1200), "p99")).toMatchObject({
      source: "nearest",
      calibratedQps: 500,
      label: "A/A noise at 500 QPS (nearest calibrated level)",
    });
    expect(noiseBandFor(calibration, level(1250), "p99").calibratedQps).toBe(500);
    expect(noiseBandFor(calibration, level(4000), "p99").calibratedQps).toBe(2000);
    expect(noiseBandFor(calibration, { ...level(500), connections: 64 }, "p99").source).toBe(
      "none",
    );
    expect(noiseBandFor(calibration, level(null), "p99").source).toBe("none");
    expect(noiseBandFor(calibration, level(500), "max").source).toBe("none");
    expect(noiseBandFor(null, level(500), "p99").label).toBe("no A/A calibration");
  });
});

describe("judging a delta against the noise band", () => {
  const band = {
    band: [-0.05, 0.06] as [number, number],
    source: "exact" as const,
    calibratedQps: 500,
    label: "A/A noise at 500 QPS",
  };
  const delta = (relative: number | null, ci: [number, number] | null) => ({
    relative,
    interval: ci ? { confidence: 0.95, absolute: ci, relative: ci } : null,
  });

  it("calls a delta inside the band noise even when its interval excludes zero", () => {
    expect(judgeAgainstNoise(delta(0.04, [0.02, 0.07]), band)).toMatchObject({ call: "noise" });
  });

  it("never calls a delta between zero and a one-sided band beyond noise", () => {
    const leaning = { ...band, band: [0.128, 0.407] as [number, number] };
    // Seen on real nodes: +10.9% [+5.8%, +15.8%] against an A/A band of [+12.8%, +40.7%].
    const small = judgeAgainstNoise(delta(0.109, [0.058, 0.158]), leaning);
    expect(small.call).toBe("noise");
    expect(small.reason).toMatch(/^between zero and the/);
    expect(judgeAgainstNoise(delta(-0.03, [-0.05, -0.01]), leaning).call).toBe("real");
    expect(judgeAgainstNoise(delta(0.5, [0.45, 0.55]), leaning).call).toBe("real");
  });

  it("lets the interval decide outside the band, or without one", () => {
    expect(judgeAgainstNoise(delta(0.12, [0.08, 0.16]), band).call).toBe("real");
    expect(judgeAgainstNoise(delta(0.12, [-0.01, 0.25]), band).call).toBe("no_evidence");
    const none = {
      band: null,
      source: "none" as const,
      calibratedQps: null,
      label: "no A/A calibration",
    };
    expect(judgeAgainstNoise(delta(0.04, [0.02, 0.07]), none)).toMatchObject({
      call: "real",
      reason: "interval excludes zero (no noise band)",
    });
    expect(judgeAgainstNoise(delta(0.12, null), band).call).toBe("unknown");
    expect(judgeAgainstNoise(delta(null, null), band).call).toBe("unknown");
  });
});
