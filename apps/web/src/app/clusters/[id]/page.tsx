import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SignedOut } from "~/components/signed-out";
import { ClusterDetail } from "~/features/clusters/cluster-detail";
import { orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

type Props = { params: Promise<{ id: string }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Cluster" };

export default async function ClusterPage({ params }: Props) {
  const { id } = await params;
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  if (!/^[a-z0-9]+$/.test(id)) notFound();
  const cluster = await orNotFound(caller.clusters.get({ clusterId: id }));
  const band = await caller.clusters.noiseBand({ clusterId: id }).catch(() => null);
  const benchmarks = await caller.benchmarks.list().catch(() => []);
  return (
    <ClusterDetail cluster={cluster} band={band} benchmarks={benchmarks} role={current.role} />
  );
}
