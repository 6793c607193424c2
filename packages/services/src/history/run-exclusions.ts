import { DomainError, type TExcludeRunInput, type TRunExclusion } from "@meshbench/contracts";
import type { RunExclusionRepository } from "@meshbench/db";
import type { AuditActor, AuditService } from "../audit/audit-service";

type Deps = { exclusions: RunExclusionRepository; audit: Pick<AuditService, "record"> };

/**
 * Excluding a run from history, change points and baselines (bad night, broken cluster): an
 * annotation beside the run (its measured data never changes), reversible, and both directions
 * in the audit log with the reason.
 */
export function createRunExclusions({ exclusions, audit }: Deps) {
  return {
    /** The run's exclusion, or null when it counts; NOT_FOUND when the workspace has no such run. */
    async get(workspaceId: string, runId: string): Promise<TRunExclusion | null> {
      const exclusion = await exclusions.get(workspaceId, runId);
      if (exclusion === undefined) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return exclusion;
    },

    async exclude(
      workspaceId: string,
      actor: AuditActor,
      input: TExcludeRunInput,
    ): Promise<TRunExclusion> {
      const excluded = await exclusions.exclude(workspaceId, {
        ...input,
        excludedByUserId: actor.actorUserId ?? null,
      });
      if (!excluded) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      await audit.record(workspaceId, {
        ...actor,
        action: "run.excluded",
        targetType: "run",
        targetId: input.runId,
        metadata: { reason: input.reason },
      });
      return excluded;
    },

    /** Includes the run again (a run that counts already stays as it is, unaudited). */
    async include(workspaceId: string, actor: AuditActor, runId: string) {
      const previous = await exclusions.get(workspaceId, runId);
      if (previous === undefined) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      if (!previous || !(await exclusions.include(workspaceId, runId)))
        return { runId, excluded: false as const };
      await audit.record(workspaceId, {
        ...actor,
        action: "run.included",
        targetType: "run",
        targetId: runId,
        metadata: { previousReason: previous.reason },
      });
      return { runId, excluded: false as const };
    },
  };
}

export type RunExclusions = ReturnType<typeof createRunExclusions>;
