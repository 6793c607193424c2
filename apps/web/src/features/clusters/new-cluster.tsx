import type { TRole } from "@meshbench/contracts";
import Link from "next/link";
import { atLeast } from "~/lib/roles";
import { RegisterClusterForm } from "./register-cluster-form";

/** The register-cluster page: what Meshbench checks, and the form for admins. */
export function NewCluster({ role }: { role: TRole }) {
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
      {atLeast(role, "admin") ? (
        <RegisterClusterForm />
      ) : (
        <div className="empty">Only workspace admins can register clusters.</div>
      )}
    </>
  );
}
