import type { Metadata } from "next";
import { BenchmarkEditor } from "~/components/benchmarks/benchmark-editor";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "New benchmark" };
export const dynamic = "force-dynamic";

export default async function NewBenchmarkPage() {
  const current = await (await api()).workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return (
    <>
      <h1>New benchmark</h1>
      {current.role === "viewer" ? (
        <div className="empty">
          Viewers cannot create benchmarks; ask an admin for the member role.
        </div>
      ) : (
        <BenchmarkEditor benchmarkId={null} initial={null} />
      )}
    </>
  );
}
