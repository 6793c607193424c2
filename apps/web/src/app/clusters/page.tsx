import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { ClustersList } from "~/features/clusters/clusters-list";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Clusters" };
export const dynamic = "force-dynamic";

export default async function ClustersPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return <ClustersList clusters={await caller.clusters.list()} role={current.role} />;
}
