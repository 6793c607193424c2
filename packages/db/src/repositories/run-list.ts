import type { TRunListFilter, TRunListItem } from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { readImportedFrom } from "./definition-snapshot";

/** The runs list: what one row reads, and how a filter narrows it. */
export const listSelect = {
  id: true,
  title: true,
  status: true,
  source: true,
  trialsTotal: true,
  trialsDone: true,
  trialsFailed: true,
  gitBranch: true,
  gitCommit: true,
  createdAt: true,
  finishedAt: true,
  benchmark: { select: { key: true } },
  cluster: { select: { name: true } },
  importedFrom: true,
} satisfies Prisma.RunSelect;

type ListRow = Prisma.RunGetPayload<{ select: typeof listSelect }>;

/** An imported run names the benchmark and cluster it was measured with (it has neither here). */
export function toListItem(row: ListRow): TRunListItem {
  const { benchmark, cluster, importedFrom, ...rest } = row;
  const origin = readImportedFrom(importedFrom);
  return {
    ...rest,
    benchmarkKey: benchmark?.key ?? origin?.benchmarkKey ?? null,
    clusterName: cluster?.name ?? origin?.clusterName ?? null,
  };
}

function runListWhere(f: TRunListFilter = {}): Prisma.RunWhereInput {
  return {
    ...(f.benchmarkKey ? { benchmark: { key: f.benchmarkKey } } : {}),
    ...(f.clusterName ? { cluster: { name: f.clusterName } } : {}),
    ...(f.variant ? { trials: { some: { variant: f.variant } } } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.gitBranch ? { gitBranch: f.gitBranch } : {}),
  };
}

export type RunListPageOptions = { limit: number; cursor?: string | null; filter?: TRunListFilter };

/** One page of a workspace's runs, newest first; `nextCursor` is the last row's id. */
export async function listRuns(db: Database, workspaceId: string, options: RunListPageOptions) {
  // Prisma positions a cursor by the row's id wherever it lives: another workspace's run id
  // would place the page by that run's time. A cursor outside the workspace is no page.
  if (options.cursor && !(await db.run.count({ where: { id: options.cursor, workspaceId } })))
    return { items: [], nextCursor: null };
  const rows = await db.run.findMany({
    where: { workspaceId, ...runListWhere(options.filter) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
    select: listSelect,
  });
  const page = rows.slice(0, options.limit).map(toListItem);
  return {
    items: page,
    nextCursor: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
