import type { Metadata } from "next";
import Link from "next/link";
import { RegisterClusterForm } from "~/components/clusters/register-cluster-form";
import { roleAtLeast } from "@meshbench/contracts";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Register cluster" };
export const dynamic = "force-dynamic";

export default async function NewClusterPage() {
  const current = await (await api()).workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return (
    <>
      <h1>Register cluster</h1>
      <p className="muted">
        Meshbench checks that it can reach the API server and holds the permissions the scheduler
        needs (see <code>infra/rbac</code>), then detects the meshes installed.{" "}
        <Link href="/clusters">Back to clusters</Link>
      </p>
      <p className="muted">
        EKS, GKE or AKS? Their kubeconfigs call exec plugins, which Meshbench never runs. Where{" "}
        <code>kubectl</code> works, run <code>meshbench cluster connect --register --name …</code>{" "}
        (or <code>--output file</code> and upload that): it creates a least-privilege service
        account and registers its long-lived token.
      </p>
      {roleAtLeast(current.role, "admin") ? (
        <RegisterClusterForm />
      ) : (
        <div className="empty">Only workspace admins can register clusters.</div>
      )}
    </>
  );
}
