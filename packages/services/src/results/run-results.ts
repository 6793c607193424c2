import type { TRunResults } from "@meshbench/contracts";
import type { RunWithTrialRows } from "@meshbench/db";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toMs = (v: number | null) => (v === null ? null : v * 1e3);

/** A run as REST clients read it: ISO dates, latencies in milliseconds, no histograms. */
export function toRunResults(run: RunWithTrialRows): TRunResults {
  return {
    id: run.id,
    title: run.title,
    status: run.status,
    benchmarkKey: run.benchmarkKey,
    clusterName: run.clusterName,
    trialsTotal: run.trialsTotal,
    trialsDone: run.trialsDone,
    trialsFailed: run.trialsFailed,
    git: { repo: run.gitRepo, commit: run.gitCommit, branch: run.gitBranch, pr: run.gitPr },
    labels: run.labels,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    trials: run.trials.map((t) => ({
      key: t.key,
      variant: t.variant,
      requestedQps: t.requestedQps,
      connections: t.connections,
      repetition: t.repetition,
      status: t.status,
      loadGenerator: t.loadGenerator,
      actualQps: t.actualQps,
      requestCount: t.requestCount,
      errorCount: t.errorCount,
      latencyMs: Object.fromEntries(
        Object.entries(t.summary ?? {}).map(([k, v]) => [`${k}Ms`, toMs(v)]),
      ),
      validityFlags: t.validityFlags,
    })),
  };
}
