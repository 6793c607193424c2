import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { NewCluster } from "~/features/clusters/new-cluster";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Register cluster" };
export const dynamic = "force-dynamic";

export default async function NewClusterPage() {
  const current = await (await api()).workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return <NewCluster role={current.role} />;
}
