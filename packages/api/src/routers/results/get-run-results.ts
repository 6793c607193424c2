import {
  DomainError,
  ZId,
  ZRunResults,
  type TRunDetail,
  type TRunResults,
} from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toMs = (v: number | null) => (v === null ? null : v * 1e3);

function toRunResults(run: TRunDetail): TRunResults {
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

export const getRunResultsProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}",
      protect: true,
      tags: ["runs"],
      summary: "A run's status, progress and per-trial results",
      description:
        "Latencies in milliseconds. Poll this while a triggered run is queued or running. Requires the read scope.",
      errorResponses: {
        401: "Missing or invalid token",
        403: "Missing scope",
        404: "No such run in this workspace",
      },
    },
  })
  .input(z.object({ runId: ZId }))
  .output(ZRunResults)
  .query(async ({ ctx, input }) => {
    const run = await ctx.services.runs.get(ctx.actor.workspaceId, input.runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return toRunResults(run);
  });
