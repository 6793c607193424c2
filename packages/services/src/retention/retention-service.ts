import { secondsToMs, type TRetentionPolicy } from "@meshbench/contracts";
import { trendCells } from "@meshbench/core";
import type { RetentionRepository } from "@meshbench/db";
import type { AuditActor, AuditService } from "../audit/audit-service";

/** Runs pruned per batch (each in its own transaction). */
const BATCH = 50;

/** A workspace's retention policy, and the prune the worker's hourly job runs with it. */
export function createRetentionService(
  retention: RetentionRepository,
  audit: Pick<AuditService, "record">,
) {
  return {
    async get(workspaceId: string): Promise<TRetentionPolicy> {
      return { retentionDays: await retention.get(workspaceId) };
    },

    /** Admins; audited as `workspace.retention_set` with the days before and after. */
    async set(
      workspaceId: string,
      policy: TRetentionPolicy,
      actor: AuditActor,
    ): Promise<TRetentionPolicy> {
      const before = await retention.get(workspaceId);
      await retention.set(workspaceId, policy.retentionDays);
      await audit.record(workspaceId, {
        ...actor,
        action: "workspace.retention_set",
        targetType: "workspace",
        targetId: workspaceId,
        metadata: { before, after: policy.retentionDays },
      });
      return policy;
    },

    /**
     * Prunes every workspace's runs older than its policy: each run's per-cell statistics are
     * computed from its histograms (unless stored already) and kept, then its histograms and
     * resource samples go. Returns how many runs were pruned per workspace.
     */
    async pruneDue(now = new Date()): Promise<{ workspaceId: string; pruned: number }[]> {
      const out: { workspaceId: string; pruned: number }[] = [];
      for (const policy of await retention.policies()) {
        const before = new Date(now.getTime() - secondsToMs(policy.retentionDays * 86_400));
        let pruned = 0;
        for (;;) {
          const due = await retention.due(policy.workspaceId, before, BATCH);
          for (const run of due)
            await retention.prune(run.id, run.cells ?? trendCells(run.trials), now);
          pruned += due.length;
          if (due.length < BATCH) break;
        }
        out.push({ workspaceId: policy.workspaceId, pruned });
      }
      return out;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
