import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { BenchmarksList } from "~/features/benchmarks/benchmarks-list";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Benchmarks" };
export const dynamic = "force-dynamic";

export default async function BenchmarksPage({
  searchParams,
}: {
  searchParams: Promise<{ archived?: string }>;
}) {
  const archived = (await searchParams).archived === "1";
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  // One call for the whole list (last runs included); CI-only benchmarks come back too.
  const [rows, clusters] = await Promise.all([
    caller.benchmarks.list({ archived }),
    caller.clusters.list(),
  ]);
  return <BenchmarksList rows={rows} clusters={clusters} role={current.role} archived={archived} />;
}
