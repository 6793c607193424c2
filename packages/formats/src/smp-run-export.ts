import type { TExportFile, TRunDetail, TTrialRecord, TTrialResult } from "@meshbench/contracts";
import { countingTrials, emptyLatencySummary, slugify } from "@meshbench/core";
import { smpResultOf } from "./smp-export";

/**
 * A stored trial as the canonical result formats' SMP writer reads. What a trial row does not
 * keep (run type, start, return codes, meta) is written empty; its key stands for the labels.
 */
function smpSourceOf(t: TTrialRecord): TTrialResult {
  return {
    loadGenerator: t.loadGenerator,
    runType: null,
    labels: t.key,
    startedAt: null,
    requestedQps: t.requestedQps,
    requestedDurationSeconds: null,
    actualQps: t.actualQps ?? 0,
    actualDurationSeconds: t.durationSeconds ?? 0,
    connections: t.connections,
    requestCount: t.requestCount ?? 0,
    errorCount: t.errorCount ?? 0,
    retCodes: {},
    resolutionSeconds: t.resolutionSeconds,
    protocol: t.protocol,
    keepAlive: t.keepAlive,
    payloadBytes: t.payloadBytes,
    histogram: t.summaryOnly ? null : t.histogram,
    summary: t.summary ?? emptyLatencySummary(),
    meta: {},
  };
}

/** A run as SMP PerformanceTestResult JSON: one per trial that counts (smpResultOf does the mapping). */
export function smpExport(run: TRunDetail): TExportFile {
  const results = countingTrials(run.trials).map((t) => ({
    trial: t.key,
    variant: t.variant,
    result: smpResultOf(smpSourceOf(t), { id: t.key }),
  }));
  return {
    filename: `meshbench-${slugify(run.title)}-${run.id}-smp.json`,
    contentType: "application/json",
    body: JSON.stringify({ run: { id: run.id, title: run.title }, results }, null, 2),
  };
}
