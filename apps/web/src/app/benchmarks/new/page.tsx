import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";
import { NewBenchmark } from "~/features/benchmarks/new-benchmark";

export const metadata: Metadata = { title: "New benchmark" };
export const dynamic = "force-dynamic";

export default async function NewBenchmarkPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return (
    <>
      <h1>New benchmark</h1>
      {current.role === "viewer" ? (
        <div className="empty">
          Viewers cannot create benchmarks; ask an admin for the member role.
        </div>
      ) : (
        <NewBenchmark templates={await caller.templates.list()} />
      )}
    </>
  );
}
