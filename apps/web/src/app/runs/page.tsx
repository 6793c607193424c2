import type { Metadata } from "next";
import { RunsTable } from "~/components/runs-table";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Runs" };
export const dynamic = "force-dynamic";

export default async function RunsPage() {
  const caller = await api();
  const result = await caller.runs.list({ limit: 50 }).catch(() => null);
  if (!result) return <SignedOut />;
  return (
    <>
      <h1>Runs</h1>
      <p className="muted">Every benchmark run: scheduled on a cluster, uploaded from CI, or imported.</p>
      <RunsTable runs={result.items} />
    </>
  );
}
