import {
  DomainError,
  ZBudgets,
  type TBudgets,
  type TGetVerdictInput,
  type TVerdict,
} from "@meshbench/contracts";
import { evaluateVerdict, withoutDroppedRuns } from "@meshbench/core";
import type { BenchmarkRepository, HistoryRepository, RunRepository } from "@meshbench/db";
import type { AuditActor, AuditService } from "../audit/audit-service";

const METHOD =
  "Pooled-histogram statistic per cell; 95% percentile-bootstrap interval over repetitions (trials " +
  "resampled with replacement per side, histograms re-pooled); pass when the interval is within the " +
  "limit, fail when wholly beyond it, inconclusive otherwise or below the minimum repetitions/samples.";

/** A stable seed per (run, reference): the same verdict every time it is asked for. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function parseBudgets(raw: unknown): TBudgets {
  const parsed = ZBudgets.safeParse(raw ?? {});
  if (!parsed.success)
    throw new DomainError(
      "PRECONDITION_FAILED",
      "The benchmark's budgets are invalid; fix them first",
      "budgets",
    );
  return parsed.data;
}

type Deps = {
  runs: RunRepository;
  benchmarks: BenchmarkRepository;
  history: HistoryRepository;
  audit: Pick<AuditService, "record">;
};

/** Verdicts and the budgets they judge by. */
export function createVerdictService(deps: Deps) {
  return {
    get: (workspaceId: string, input: TGetVerdictInput) => getVerdict(deps, workspaceId, input),
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

/** Judges a run (scheduled or uploaded) against its benchmark's budgets. */
async function getVerdict(
  services: Deps,
  workspaceId: string,
  input: TGetVerdictInput,
): Promise<TVerdict> {
  const run = await services.runs.get(workspaceId, input.runId);
  if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
  const benchmark = run.benchmarkKey
    ? await services.benchmarks.getBudgets(workspaceId, run.benchmarkKey)
    : null;
  const budgets = parseBudgets(benchmark?.budgets);
  const base = { runId: run.id, benchmarkKey: run.benchmarkKey, method: METHOD };
  if (run.status !== "succeeded") {
    const reason = `the run is ${run.status}; a verdict needs a succeeded run`;
    return {
      ...base,
      status: "inconclusive",
      reasons: [reason],
      checks: [],
      reference: null,
      seed: 0,
    };
  }
  const rule = budgets.rules.find((r) => r.kind === "regression");
  const wanted = input.referenceBranch
    ? { branch: input.referenceBranch }
    : rule?.kind === "regression"
      ? rule.reference
      : null;
  const refRun =
    wanted && benchmark
      ? await services.history.findReferenceRun(workspaceId, benchmark.id, wanted, run.id)
      : null;
  const refDetail = refRun ? await services.runs.get(workspaceId, refRun.id) : null;
  const label = wanted
    ? wanted.branch
      ? `branch ${wanted.branch}`
      : `tag ${wanted.tag}`
    : "reference";
  const reference =
    refRun && refDetail
      ? {
          trials: refDetail.trials,
          label: `${label} run ${refRun.id}${refRun.gitCommit ? ` @ ${refRun.gitCommit.slice(0, 12)}` : ""}`,
        }
      : null;
  // Regression rules all compare against the one reference (an explicit referenceBranch wins).
  const forced = input.referenceBranch
    ? {
        ...budgets,
        rules: budgets.rules.map((r) =>
          r.kind === "regression" ? { ...r, reference: { branch: input.referenceBranch } } : r,
        ),
      }
    : budgets;
  const seed = seedOf(`${run.id}:${refRun?.id ?? ""}`);
  // The run rule drops the same repetitions here as on the report.
  const runRule = run.benchmarkKey
    ? (await services.benchmarks.getByKey(workspaceId, run.benchmarkKey))?.definition.methodology
        .runRule
    : undefined;
  const outcome = evaluateVerdict({
    budgets: forced,
    trials: withoutDroppedRuns(run.trials, runRule),
    reference: reference
      ? { ...reference, trials: withoutDroppedRuns(reference.trials, runRule) }
      : null,
    missingReferenceLabel: label,
    seed,
  });
  return {
    ...base,
    ...outcome,
    seed,
    reference: refRun
      ? {
          runId: refRun.id,
          gitBranch: refRun.gitBranch,
          gitCommit: refRun.gitCommit,
          createdAt: refRun.createdAt.toISOString(),
        }
      : null,
  };
}
