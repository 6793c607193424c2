/*
 * Test-only: reads the real Fortio fixtures committed in packages/formats/fixtures without going
 * through the importer (core cannot depend on formats), so core's maths is checked against
 * Fortio's own printed numbers. Not exported from the package.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { THistogram, TTrialResult } from "@meshbench/contracts";
import { summarizeHistogram } from "../stats/percentiles";

export const FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../formats/fixtures",
);

interface FortioHistogramJson {
  Count: number;
  Min: number;
  Max: number;
  Sum: number;
  StdDev: number;
  Data: { Start: number; End: number; Count: number }[] | null;
  Percentiles?: { Percentile: number; Value: number }[];
}

export interface FortioFixture {
  name: string;
  json: Record<string, unknown> & { DurationHistogram: FortioHistogramJson };
  histogram: THistogram;
  reported: { Percentile: number; Value: number }[];
}

export function listFortioFixtures(dir: string): string[] {
  return readdirSync(path.join(FIXTURES_DIR, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

export function isFortioResult(name: string): boolean {
  return (
    "DurationHistogram" in
    (JSON.parse(readFileSync(path.join(FIXTURES_DIR, name), "utf8")) as object)
  );
}

export function readFortioFixture(name: string): FortioFixture {
  const json = JSON.parse(
    readFileSync(path.join(FIXTURES_DIR, name), "utf8"),
  ) as FortioFixture["json"];
  const d = json.DurationHistogram;
  const histogram: THistogram = {
    count: d.Count,
    min: d.Min,
    max: d.Max,
    sum: d.Sum,
    stddev: d.StdDev,
    buckets: (d.Data ?? []).map((b) => ({ start: b.Start, end: b.End, count: b.Count })),
  };
  return { name, json, histogram, reported: d.Percentiles ?? [] };
}

/** A minimal trial around a fixture's histogram, enough for comparisons and guards. */
export function fixtureTrial(name: string): TTrialResult {
  const { json, histogram } = readFortioFixture(name);
  const qps = String(json["RequestedQPS"]);
  return {
    loadGenerator: "fortio",
    runType: String(json["RunType"]),
    labels: String(json["Labels"]),
    startedAt: String(json["StartTime"]),
    requestedQps: qps === "max" ? null : Number(qps),
    requestedDurationSeconds: null,
    actualQps: Number(json["ActualQPS"]),
    actualDurationSeconds: Number(json["ActualDuration"]) / 1e9,
    connections: Number(json["NumThreads"]),
    requestCount: histogram.count,
    errorCount: 0,
    retCodes: {},
    resolutionSeconds: typeof json["Resolution"] === "number" ? json["Resolution"] : null,
    protocol: "http1",
    keepAlive: true,
    payloadBytes: 0,
    histogram,
    summary: summarizeHistogram(histogram),
    meta: {},
  };
}

/** The 5 repetitions of one matrix cell, e.g. matrixTrials("nginx", 500). */
export function matrixTrials(variant: "baseline" | "nginx", qps: 100 | 500 | 1000): TTrialResult[] {
  return [1, 2, 3, 4, 5].map((rep) =>
    fixtureTrial(`fortio/matrix/${variant}-qps${qps}-c8-rep${rep}.json`),
  );
}
