import {
  DomainError,
  ZBudgets,
  type TBudgets,
  type TGetVerdictInput,
  type TVerdict,
} from "@meshbench/contracts";
import { evaluateVerdict, withoutDroppedRuns } from "@meshbench/core";
import type {
  BenchmarkRepository,
  HistoryRepository,
  RunRecord,
  RunRepository,
} from "@meshbench/db";

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

export function parseBudgets(raw: unknown): TBudgets {
  const parsed = ZBudgets.safeParse(raw ?? {});
  if (!parsed.success)
    throw new DomainError(
      "PRECONDITION_FAILED",
      "The benchmark's budgets are invalid; fix them first",
      "budgets",
    );
  return parsed.data;
}

export type JudgeDeps = {
  runs: RunRepository;
  benchmarks: BenchmarkRepository;
  history: HistoryRepository;
};

/**
 * Judges a run (scheduled or uploaded) against its benchmark's budgets as they are now, with the
 * run rule of the run's own definition snapshot. Returns the verdict and the budgets it used.
 */
export async function judgeRun(
  services: JudgeDeps,
  workspaceId: string,
  run: RunRecord,
  input: TGetVerdictInput,
): Promise<{ verdict: TVerdict; budgets: TBudgets }> {
  const benchmark = run.benchmarkKey
    ? await services.benchmarks.getBudgets(workspaceId, run.benchmarkKey)
    : null;
  const budgets = parseBudgets(benchmark?.budgets);
  const base = { runId: run.id, benchmarkKey: run.benchmarkKey, method: METHOD };
  if (run.status !== "succeeded") {
    const reason = `the run is ${run.status}; a verdict needs a succeeded run`;
    const verdict: TVerdict = {
      ...base,
      status: "inconclusive",
      reasons: [reason],
      checks: [],
      reference: null,
      seed: 0,
    };
    return { verdict, budgets };
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
  // The run rule drops the same repetitions here as on the report: the run's own snapshot's.
  const runRule = run.definition?.definition.methodology.runRule;
  const outcome = evaluateVerdict({
    budgets: forced,
    trials: withoutDroppedRuns(run.trials, runRule),
    reference: reference
      ? { ...reference, trials: withoutDroppedRuns(reference.trials, runRule) }
      : null,
    missingReferenceLabel: label,
    seed,
  });
  const verdict: TVerdict = {
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
  return { verdict, budgets };
}
