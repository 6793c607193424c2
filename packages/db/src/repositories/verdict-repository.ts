import {
  ZBudgets,
  ZVerdict,
  type TBudgets,
  type TVerdict,
  type TVerdictRecord,
} from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Row = Prisma.VerdictGetPayload<object>;

function toRecord(row: Row): TVerdictRecord {
  return {
    ...ZVerdict.parse(row.result),
    id: row.id,
    budgets: ZBudgets.parse(row.budgets),
    referenceBranch: row.referenceBranch,
    judgedAt: row.createdAt.toISOString(),
  };
}

/** Verdicts as judged: written once per judgement, read back instead of judging again. */
export function createVerdictRepository(db: Database) {
  return {
    /** The newest record of the run for the asked reference branch (null: the budgets' own). */
    async latest(workspaceId: string, runId: string, referenceBranch: string | null) {
      const row = await db.verdict.findFirst({
        where: { workspaceId, runId, referenceBranch },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      return row ? toRecord(row) : null;
    },

    /** Every record of the run, newest first (the bundle carries them all). */
    async listForRun(workspaceId: string, runId: string) {
      const rows = await db.verdict.findMany({
        where: { workspaceId, runId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      return rows.map(toRecord);
    },

    async create(
      workspaceId: string,
      input: {
        verdict: TVerdict;
        budgets: TBudgets;
        referenceBranch: string | null;
        judgedAt?: Date;
      },
    ): Promise<TVerdictRecord> {
      const { verdict } = input;
      const row = await db.verdict.create({
        data: {
          workspaceId,
          runId: verdict.runId,
          referenceBranch: input.referenceBranch,
          referenceRunId: verdict.reference?.runId ?? null,
          budgets: input.budgets as Prisma.InputJsonValue,
          status: verdict.status,
          result: verdict as Prisma.InputJsonValue,
          ...(input.judgedAt ? { createdAt: input.judgedAt } : {}),
        },
      });
      return toRecord(row);
    },
  };
}

export type VerdictRepository = ReturnType<typeof createVerdictRepository>;
