import {
  DomainError,
  isRunActive,
  type TBudgets,
  type TGetVerdictInput,
  type TVerdictRecord,
} from "@meshbench/contracts";
import type { RunRecord, VerdictRepository } from "@meshbench/db";
import type { AuditActor, AuditService } from "../audit/audit-service";
import { judgeRun, parseBudgets, type JudgeDeps } from "./judge-run";

type Deps = JudgeDeps & { verdicts: VerdictRepository; audit: Pick<AuditService, "record"> };

/**
 * Verdicts are records: a finished run's verdict is judged once, stored with the budgets as they
 * were and the reference run, and read back from then on (later budget edits or newer runs do
 * not change it). `recompute` judges again by today's budgets and stores a new record. A run
 * still in progress is judged on every read and nothing is stored (its verdict would change).
 */
export function createVerdictService(deps: Deps) {
  async function loadRun(workspaceId: string, runId: string) {
    const run = await deps.runs.get(workspaceId, runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return run;
  }

  async function judgeAndStore(
    workspaceId: string,
    run: RunRecord,
    input: TGetVerdictInput,
  ): Promise<TVerdictRecord> {
    const { verdict, budgets } = await judgeRun(deps, workspaceId, run, input);
    const referenceBranch = input.referenceBranch ?? null;
    if (isRunActive(run.status))
      return { ...verdict, id: null, budgets, referenceBranch, judgedAt: new Date().toISOString() };
    return deps.verdicts.create(workspaceId, { verdict, budgets, referenceBranch });
  }

  return {
    /** The run's verdict: its stored record for this reference, judged and stored on first read. */
    async get(workspaceId: string, input: TGetVerdictInput): Promise<TVerdictRecord> {
      const run = await loadRun(workspaceId, input.runId);
      const stored = isRunActive(run.status)
        ? null
        : await deps.verdicts.latest(workspaceId, run.id, input.referenceBranch ?? null);
      return stored ?? judgeAndStore(workspaceId, run, input);
    },
    /** Judges the run again by today's budgets and references; the new record is the verdict. */
    async recompute(workspaceId: string, input: TGetVerdictInput): Promise<TVerdictRecord> {
      return judgeAndStore(workspaceId, await loadRun(workspaceId, input.runId), input);
    },
    /** Every stored judgement of the run, newest first. */
    async records(workspaceId: string, runId: string): Promise<TVerdictRecord[]> {
      await loadRun(workspaceId, runId);
      return deps.verdicts.listForRun(workspaceId, runId);
    },
    /** A benchmark's budgets (CI-only benchmarks included; defaults when none were set). */
    async budgets(workspaceId: string, benchmarkKey: string) {
      const benchmark = await deps.benchmarks.getBudgets(workspaceId, benchmarkKey);
      if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      return { benchmarkKey, budgets: parseBudgets(benchmark.budgets) };
    },
    /**
     * Stores a benchmark's budgets (CI-only benchmarks included); NOT_FOUND for an unknown key.
     * Budgets decide what passes CI, so every change is in the audit log with who made it.
     */
    async setBudgets(
      workspaceId: string,
      benchmarkKey: string,
      budgets: TBudgets,
      actor: AuditActor,
    ) {
      if (!(await deps.benchmarks.setBudgets(workspaceId, benchmarkKey, budgets)))
        throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      await deps.audit.record(workspaceId, {
        ...actor,
        action: "benchmark.budgets_set",
        targetType: "benchmark",
        targetId: benchmarkKey,
        metadata: { rules: budgets.rules.length, kinds: budgets.rules.map((r) => r.kind) },
      });
      return { benchmarkKey, budgets };
    },
  };
}

export type VerdictService = ReturnType<typeof createVerdictService>;
