import {
  DomainError,
  type TTrialCoordinates,
  type TTrialResult,
  type TUploadResults,
  type TUploadResultsOutput,
  type TUploadTrial,
} from "@meshbench/contracts";
import { cellKey } from "@meshbench/core";
import type { CompletedTrialInput, RunRepository, UploadRepository } from "@meshbench/db";
import { ImportError } from "@meshbench/formats";
import { assessedTrial, readTrialResult } from "./record-trial";
import { toRunResults } from "./run-results";
import { rateSeriesOfUpload } from "./access-log";

/**
 * Runs the importer on one uploaded trial (its text, or the JSON document the transport already
 * parsed); its complaint becomes a BAD_REQUEST naming the field.
 */
function importTrial(trial: TUploadTrial, index: number): TTrialResult {
  try {
    return readTrialResult(trial.result, trial.format);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const field = `trials[${index}].result${error.field && error.field !== "(root)" ? `.${error.field}` : ""}`;
    throw new DomainError("BAD_REQUEST", `${field}: ${error.reason}`, field);
  }
}

/** Upload fields override what the result says about itself; repetitions count up per cell. */
function coordinatesOf(
  trial: TUploadTrial,
  result: TTrialResult,
  index: number,
  defaultVariant: string,
  seen: Map<string, number>,
): TTrialCoordinates {
  const connections = trial.connections ?? result.connections;
  if (connections === null) {
    throw new DomainError(
      "BAD_REQUEST",
      `trials[${index}].connections: the result does not say; pass connections`,
      `trials[${index}].connections`,
    );
  }
  const base = {
    variant: trial.variant ?? defaultVariant,
    requestedQps: trial.requestedQps !== undefined ? trial.requestedQps : result.requestedQps,
    connections,
    payloadBytes: trial.payloadBytes ?? result.payloadBytes,
    protocol: trial.protocol ?? result.protocol,
    keepAlive: trial.keepAlive ?? result.keepAlive,
  };
  const cell = cellKey(base);
  const repetition = trial.repetition ?? (seen.get(cell) ?? 0) + 1;
  seen.set(cell, Math.max(seen.get(cell) ?? 0, repetition));
  return { ...base, repetition };
}

/** CI uploads in, run results out: the results REST endpoints. */
export function createResultsService(deps: {
  uploads: UploadRepository;
  runs: RunRepository;
  /** Data arrived: change points and alert rules of the benchmark (never throws). */
  onFinished?: (workspaceId: string, runId: string) => Promise<unknown>;
}) {
  return {
    async upload(workspaceId: string, input: TUploadResults) {
      const { stored, alerting } = await upload(deps.uploads, workspaceId, input);
      // Change points and alerts after the answer, not inside it, and only for a benchmark with
      // an alert rule (with none, runFinished finds nothing to do, after three queries that the
      // next upload would wait behind: issue 27). runFinished never throws (it logs).
      if (deps.onFinished && alerting) void deps.onFinished(workspaceId, stored.runId);
      return stored;
    },
    async getRun(workspaceId: string, runId: string) {
      const run = await deps.runs.get(workspaceId, runId, { histograms: false });
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return toRunResults(run);
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;

/** Imports every trial, then stores them as one CI-upload run (all or nothing). */
async function upload(
  uploads: UploadRepository,
  workspaceId: string,
  input: TUploadResults,
): Promise<{ stored: TUploadResultsOutput; alerting: boolean }> {
  const seen = new Map<string, number>();
  const keys = new Set<string>();
  const trials: CompletedTrialInput[] = input.trials.map((trial, index) => {
    const result = importTrial(trial, index);
    const coordinates = coordinatesOf(trial, result, index, input.variant, seen);
    const assessed = assessedTrial(coordinates, index + 1, result);
    if (keys.has(assessed.key))
      throw new DomainError(
        "BAD_REQUEST",
        `trials[${index}]: a second trial ${assessed.key}; give each a distinct repetition`,
        `trials[${index}].repetition`,
      );
    keys.add(assessed.key);
    if (!trial.accessLog) return assessed;
    const field = `trials[${index}].accessLog`;
    return { ...assessed, rateSeries: rateSeriesOfUpload(trial.accessLog, result, field) };
  });
  const labels = {
    ...input.labels,
    ...(input.mesh
      ? {
          mesh: input.mesh.name,
          ...(input.mesh.version ? { meshVersion: input.mesh.version } : {}),
        }
      : {}),
  };
  const where = [input.git.branch, input.git.commit?.slice(0, 12)].filter(Boolean).join(" @ ");
  const { runId, trialKeys, alerting } = await uploads.createUploadRun(workspaceId, {
    benchmarkKey: input.benchmark,
    title: input.title ?? `${input.benchmark} upload${where ? ` — ${where}` : ""}`,
    labels,
    git: input.git,
    environment: { uploadedVia: "api", ...(input.mesh ? { mesh: input.mesh } : {}) },
    trials,
  });
  const stored: TUploadResultsOutput = {
    runId,
    benchmarkKey: input.benchmark,
    status: "succeeded",
    trials: trials.map((t, i) => ({
      key: trialKeys[i]!,
      variant: t.coordinates.variant,
      requestedQps: t.coordinates.requestedQps,
      connections: t.coordinates.connections,
      repetition: t.coordinates.repetition,
      loadGenerator: t.result.loadGenerator,
      requestCount: t.result.requestCount,
      validityFlags: t.validityFlags,
    })),
  };
  return { stored, alerting };
}
