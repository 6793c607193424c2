import {
  ZBenchmarkDefinition,
  ZRegisterClusterInput,
  ZStartRunInput,
  type TBenchmarkDefinitionInput,
  type TStartRunInputRaw,
} from "@meshbench/contracts";
import type { Database } from "@meshbench/db";
import { createServices, type ServiceOptions } from "@meshbench/services";

/**
 * What the worker tests ask of the web app (register a cluster, save a benchmark, start, read and
 * cancel runs), through the same services the tRPC procedures call, with their input schemas, so
 * the worker's tests need neither the api package nor HTTP.
 */
export function workspaceClient(db: Database, workspaceId: string, options: ServiceOptions = {}) {
  const services = createServices(db, options);
  const actor = { actorUserId: null, actorTokenId: null };
  return {
    services,
    clusters: {
      register: (input: unknown) =>
        services.clusters.register(workspaceId, ZRegisterClusterInput.parse(input), actor),
    },
    benchmarks: {
      create: (input: TBenchmarkDefinitionInput) =>
        services.benchmarks.create(workspaceId, ZBenchmarkDefinition.parse(input)),
    },
    runs: {
      start: (input: TStartRunInputRaw) =>
        services.scheduling.start(workspaceId, ZStartRunInput.parse(input)),
      cancel: (input: { runId: string }) => services.scheduling.cancel(workspaceId, input.runId),
      get: (input: { runId: string }) => services.runs.get(workspaceId, input.runId),
      /** What GET /runs/{runId}/trials/{trialId}/rate-series answers (its one service call). */
      trialRateSeries: (input: { runId: string; trialId: string }) =>
        services.runs.trialRateSeries(workspaceId, input.runId, input.trialId),
    },
  };
}
