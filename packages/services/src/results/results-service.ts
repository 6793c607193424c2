import {
  DomainError,
  type TTrialCoordinates,
  type TTokenScope,
  type TTrialResult,
  type TUploadResults,
  type TUploadResultsOutput,
  type TUploadTrial,
} from "@meshbench/contracts";
import { cellKey } from "@meshbench/core";
import type {
  CompletedTrialInput,
  GuardedSpend,
  RunRepository,
  UploadRepository,
  UploadRunInput,
} from "@meshbench/db";
import { rateLimitSubject } from "../limits/rate-limit-service";
import { hashApiToken } from "../tokens/api-token";
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

type GateHint = Parameters<UploadRepository["storeTokenUploadRun"]>[0];

/** Gate reads kept as hints per token and benchmark key (each a benchmark row: a few KiB). */
const GATE_HINTS = 1000;

/** A Map that forgets its oldest entry beyond `size`. */
function boundedMap<K, V>(size: number) {
  const map = new Map<K, V>();
  return {
    get: (key: K) => map.get(key),
    delete: (key: K) => map.delete(key),
    set(key: K, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > size) map.delete(map.keys().next().value as K);
    },
  };
}

/** The scope a token needs to upload (the procedure's requireScope names the same). */
export const UPLOAD_SCOPE = "results:write" satisfies TTokenScope;

/** CI uploads in, run results out: the results REST endpoints. */
export function createResultsService(deps: {
  uploads: UploadRepository;
  runs: RunRepository;
  /** The upload bucket's point for a rate-limit subject, to spend inside the upload's write. */
  uploadRateLimit: (subject: string) => GuardedSpend;
  /** Data arrived: change points and alert rules of the benchmark (never throws). */
  onFinished?: (workspaceId: string, runId: string) => Promise<unknown>;
}) {
  // Change points and alerts after the answer, not inside it, and only for a benchmark with an
  // alert rule (with none, runFinished finds nothing to do, after three queries that the next
  // upload would wait behind: issue 27). runFinished never throws (it logs).
  const gateHints = boundedMap<string, GateHint>(GATE_HINTS);
  const arrived = (workspaceId: string, runId: string, alerting: boolean) => {
    if (deps.onFinished && alerting) void deps.onFinished(workspaceId, runId);
  };
  return {
    async upload(workspaceId: string, input: TUploadResults) {
      const prepared = prepareUpload(input);
      const { runId, trialKeys, alerting } = await deps.uploads.createUploadRun(
        workspaceId,
        prepared.run,
      );
      arrived(workspaceId, runId, alerting);
      return prepared.answer(runId, trialKeys);
    },

    /**
     * A token's upload in two statements (issue 27: a CI upload's latency was its round trips):
     * one read (upload-gate.ts: token, scope, benchmark, Idempotency-Key) and one write (the run,
     * its trials, the rate-limit point, the key's record). It answers only the plain success;
     * null means "not here" and nothing was written — an unknown, revoked or unscoped token, a
     * body the importer refuses, a new benchmark key, a taken Idempotency-Key, a spent rate
     * limit — and the caller sends the request down the general path, which alone answers every
     * other case. Stores exactly what `upload` stores.
     */
    async uploadWithToken(request: {
      token: string;
      input: TUploadResults;
      idempotency: { key: string; requestHash: string } | null;
    }): Promise<TUploadResultsOutput | null> {
      let prepared: PreparedUpload;
      try {
        prepared = prepareUpload(request.input);
      } catch (error) {
        if (error instanceof DomainError) return null;
        throw error;
      }
      const tokenHash = hashApiToken(request.token);
      const hintKey = `${tokenHash}\n${request.input.benchmark}`;
      // A gate read for an earlier upload of this token and key saves this one its read: the
      // store checks the token, scope and benchmark again and answers "stale" if they moved.
      let gate = gateHints.get(hintKey);
      let fresh = false;
      for (;;) {
        if (!gate) {
          const read = await deps.uploads.readTokenGate({
            tokenHash,
            scope: UPLOAD_SCOPE,
            benchmarkKey: request.input.benchmark,
            idempotencyKey: request.idempotency?.key ?? null,
          });
          if (!read?.benchmark || !read.benchmarkVersion || read.keyTaken) return null;
          gate = { ...read, benchmark: read.benchmark, benchmarkVersion: read.benchmarkVersion };
          fresh = true;
          gateHints.set(hintKey, gate);
        }
        const subject = { workspaceId: gate.workspaceId, tokenId: gate.tokenId, via: "token" };
        let answer: TUploadResultsOutput | undefined;
        const stored = await deps.uploads.storeTokenUploadRun(gate, prepared.run, {
          tokenHash,
          scope: UPLOAD_SCOPE,
          rateLimit: deps.uploadRateLimit(rateLimitSubject(subject)),
          idempotency: request.idempotency,
          response: (runId) =>
            (answer = prepared.answer(
              runId,
              prepared.run.trials.map((t) => t.key),
            )),
        });
        if (stored.status === "stale") {
          gateHints.delete(hintKey);
          if (fresh) return null;
          gate = undefined;
          continue;
        }
        if (stored.status === "refused") return null;
        arrived(gate.workspaceId, stored.runId, stored.alerting);
        return answer ?? prepared.answer(stored.runId, stored.trialKeys);
      }
    },
    async getRun(workspaceId: string, runId: string) {
      const run = await deps.runs.get(workspaceId, runId, { histograms: false });
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return toRunResults(run);
    },
  };
}

export type ResultsService = ReturnType<typeof createResultsService>;

/** An upload read and assessed, ready to store: the run's input and its answer once stored. */
type PreparedUpload = {
  run: UploadRunInput;
  answer: (runId: string, trialKeys: string[]) => TUploadResultsOutput;
};

/** Imports every trial and assesses it (BAD_REQUEST naming the field); writes nothing. */
function prepareUpload(input: TUploadResults): PreparedUpload {
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
  return {
    run: {
      benchmarkKey: input.benchmark,
      title: input.title ?? `${input.benchmark} upload${where ? ` — ${where}` : ""}`,
      labels,
      git: input.git,
      environment: { uploadedVia: "api", ...(input.mesh ? { mesh: input.mesh } : {}) },
      trials,
    },
    answer: (runId, trialKeys) => ({
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
    }),
  };
}
