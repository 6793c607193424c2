import type {
  TBundleSample,
  TBundleTrial,
  TDefinitionSnapshot,
  TDefinitionSource,
  TImportedFrom,
  TVerdictRecord,
} from "@meshbench/contracts";
import { encodeHistogram } from "@meshbench/core";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

export type ImportedRunInput = {
  title: string;
  status: "succeeded" | "failed" | "cancelled";
  labels: Record<string, string>;
  git: { repo: string | null; commit: string | null; branch: string | null; pr: string | null };
  error: string | null;
  trialsTotal: number;
  trialsDone: number;
  trialsFailed: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  environment: Record<string, unknown> | null;
  definition: { source: TDefinitionSource; snapshot: TDefinitionSnapshot } | null;
  importedFrom: TImportedFrom;
  trials: TBundleTrial[];
  samples: TBundleSample[];
  verdicts: TVerdictRecord[];
};

function trialData(t: TBundleTrial) {
  const { histogram, generators, ...row } = t;
  return {
    ...row,
    ...(generators
      ? {
          meta: { generators: generators.each, window: generators.window } as Prisma.InputJsonValue,
        }
      : {}),
    validityFlags: row.validityFlags as Prisma.InputJsonValue,
    summary: (row.summary ?? undefined) as Prisma.InputJsonValue | undefined,
    pathCheck: (row.pathCheck ?? undefined) as Prisma.InputJsonValue | undefined,
    rateSeries: (row.rateSeries ?? undefined) as Prisma.InputJsonValue | undefined,
    histogram: histogram ? Buffer.from(encodeHistogram(histogram)) : null,
  };
}

/**
 * A run imported from a reproducibility bundle, all or nothing: the run (source `import`, no
 * benchmark or cluster of this workspace), its trials, resource samples and verdict records.
 */
export function createImportRepository(db: Database) {
  return {
    async createImportedRun(workspaceId: string, input: ImportedRunInput) {
      return db.$transaction(async (tx) => {
        const run = await tx.run.create({
          data: {
            workspaceId,
            title: input.title,
            source: "import",
            status: input.status,
            labels: input.labels,
            gitRepo: input.git.repo,
            gitCommit: input.git.commit,
            gitBranch: input.git.branch,
            gitPr: input.git.pr,
            error: input.error,
            trialsTotal: input.trialsTotal,
            trialsDone: input.trialsDone,
            trialsFailed: input.trialsFailed,
            startedAt: input.startedAt,
            finishedAt: input.finishedAt,
            environment: (input.environment ?? undefined) as Prisma.InputJsonValue | undefined,
            definition: (input.definition?.snapshot ?? undefined) as
              Prisma.InputJsonValue | undefined,
            definitionSource: input.definition?.source ?? null,
            importedFrom: input.importedFrom as Prisma.InputJsonValue,
            trials: { createMany: { data: input.trials.map(trialData) } },
          },
          select: { id: true },
        });
        const trials = await tx.trial.findMany({
          where: { runId: run.id },
          select: { id: true, key: true },
        });
        const idOf = new Map(trials.map((t) => [t.key, t.id]));
        if (input.samples.length)
          await tx.resourceSample.createMany({
            data: input.samples.map(({ trialKey, sampledAt, ...s }) => ({
              ...s,
              runId: run.id,
              trialId: trialKey ? (idOf.get(trialKey) ?? null) : null,
              sampledAt: new Date(sampledAt),
            })),
          });
        if (input.verdicts.length)
          await tx.verdict.createMany({
            data: input.verdicts.map((v) => {
              const { id: _id, budgets, referenceBranch, judgedAt, ...verdict } = v;
              return {
                workspaceId,
                runId: run.id,
                referenceBranch,
                referenceRunId: verdict.reference?.runId ?? null,
                budgets,
                status: verdict.status,
                result: { ...verdict, runId: run.id },
                createdAt: new Date(judgedAt),
              };
            }),
          });
        return run.id;
      });
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
