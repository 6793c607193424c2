import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { NewBenchmark } from "~/features/benchmarks/new-benchmark";
import { atLeast } from "~/lib/roles";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "New benchmark" };
export const dynamic = "force-dynamic";

export default async function NewBenchmarkPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  const templates = atLeast(current.role, "member") ? await caller.templates.list() : [];
  return <NewBenchmark role={current.role} templates={templates} />;
}
