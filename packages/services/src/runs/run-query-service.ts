import {
  DomainError,
  type TListRunsInput,
  type TRunDetail,
  type TRunFilterOptions,
  type TRunListPage,
} from "@meshbench/contracts";
import type { RunRepository } from "@meshbench/db";

/** Reading runs: the filtered, paged list, its filter choices, and one run with its trials. */
export function createRunQueryService(runs: RunRepository) {
  return {
    list: (workspaceId: string, input: TListRunsInput): Promise<TRunListPage> =>
      runs.list(workspaceId, input),
    filterOptions: (workspaceId: string): Promise<TRunFilterOptions> =>
      runs.listFilterOptions(workspaceId),
    async get(workspaceId: string, runId: string): Promise<TRunDetail> {
      const run = await runs.get(workspaceId, runId);
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return run;
    },
  };
}

export type RunQueryService = ReturnType<typeof createRunQueryService>;
