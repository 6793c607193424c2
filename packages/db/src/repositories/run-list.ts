import type { TRunListFilter, TRunListItem } from "@meshbench/contracts";
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

export function runListWhere(f: TRunListFilter = {}): Prisma.RunWhereInput {
  return {
    ...(f.benchmarkKey ? { benchmark: { key: f.benchmarkKey } } : {}),
    ...(f.clusterName ? { cluster: { name: f.clusterName } } : {}),
    ...(f.variant ? { trials: { some: { variant: f.variant } } } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.source ? { source: f.source } : {}),
    ...(f.gitBranch ? { gitBranch: f.gitBranch } : {}),
  };
}
