import type { TTrialResult } from "@meshbench/contracts";
import { mergeHistograms } from "./merge";
import { summarizeHistogram } from "./percentiles";

/** One load generator's own numbers, kept beside the merged trial (meta.generators). */
export interface GeneratorNumbers {
  index: number;
  startedAt: string | null;
  requestedQps: number | null;
  connections: number | null;
  actualQps: number;
  actualDurationSeconds: number;
  requestCount: number;
  errorCount: number;
}

export class GeneratorMergeError extends Error {}

const windowOf = (r: TTrialResult) => {
  const start = r.startedAt === null ? Number.NaN : Date.parse(r.startedAt);
  return { start, end: start + r.actualDurationSeconds * 1000 };
};

/**
 * Several load generators' results of one trial as the trial's one result. The histogram is
 * merged exactly on Fortio's grid (mergeHistograms with the shared resolution: the histogram one
 * Fortio would have recorded for all the requests) and the summary recomputed from it; counts,
 * return codes, requested QPS and connections add up; achieved QPS is the sum of each
 * generator's own rate (they ran side by side). The windows are recorded: `meta.window` holds
 * the union and the overlap in seconds (all generators loading at once), null when a start time
 * is missing. Throws GeneratorMergeError when the results cannot be one trial's (not all
 * Fortio, different resolutions, protocol, keep-alive or payload).
 */
export function mergeGeneratorResults(results: readonly TTrialResult[]): TTrialResult {
  const [first] = results;
  if (!first) throw new GeneratorMergeError("no load generator results to merge");
  for (const r of results) {
    if (r.loadGenerator !== "fortio" || r.histogram === null)
      throw new GeneratorMergeError("only Fortio results with histograms merge exactly");
    for (const field of ["resolutionSeconds", "protocol", "keepAlive", "payloadBytes"] as const)
      if (r[field] !== first[field])
        throw new GeneratorMergeError(`generators disagree on ${field}: not one trial`);
  }
  const sum = (f: (r: TTrialResult) => number) => results.reduce((a, r) => a + f(r), 0);
  const histogram = mergeHistograms(
    results.map((r) => r.histogram!),
    first.resolutionSeconds === null ? {} : { fortioResolution: first.resolutionSeconds },
  );
  const retCodes: Record<string, number> = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.retCodes)) retCodes[code] = (retCodes[code] ?? 0) + n;
  const windows = results.map(windowOf);
  const known = windows.every((w) => Number.isFinite(w.start));
  const union = known
    ? Math.max(...windows.map((w) => w.end)) - Math.min(...windows.map((w) => w.start))
    : null;
  const overlap = known
    ? Math.max(0, Math.min(...windows.map((w) => w.end)) - Math.max(...windows.map((w) => w.start)))
    : null;
  const starts = results.flatMap((r) => (r.startedAt === null ? [] : [r.startedAt]));
  const generators: GeneratorNumbers[] = results.map((r, index) => ({
    index,
    startedAt: r.startedAt,
    requestedQps: r.requestedQps,
    connections: r.connections,
    actualQps: r.actualQps,
    actualDurationSeconds: r.actualDurationSeconds,
    requestCount: r.requestCount,
    errorCount: r.errorCount,
  }));
  return {
    ...first,
    startedAt: known ? [...starts].sort((a, b) => Date.parse(a) - Date.parse(b))[0]! : null,
    requestedQps: results.some((r) => r.requestedQps === null) ? null : sum((r) => r.requestedQps!),
    connections: results.some((r) => r.connections === null) ? null : sum((r) => r.connections!),
    actualQps: sum((r) => r.actualQps),
    actualDurationSeconds:
      union === null ? Math.max(...results.map((r) => r.actualDurationSeconds)) : union / 1000,
    requestCount: sum((r) => r.requestCount),
    errorCount: sum((r) => r.errorCount),
    retCodes,
    histogram,
    summary: summarizeHistogram(histogram),
    meta: {
      ...first.meta,
      generators,
      window:
        union === null || overlap === null
          ? null
          : { unionSeconds: union / 1000, overlapSeconds: overlap / 1000 },
    },
  };
}
