import type { Metadata } from "next";
import Link from "next/link";
import { ClusterActions } from "~/components/clusters/cluster-actions";
import { formatWhen, meshSummary, STATUS_BADGE } from "~/components/clusters/mesh-summary";
import { roleAtLeast } from "@meshbench/contracts";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Clusters" };
export const dynamic = "force-dynamic";

export default async function ClustersPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  const clusters = await caller.clusters.list();
  const isAdmin = roleAtLeast(current.role, "admin");
  const isMember = roleAtLeast(current.role, "member");
  return (
    <>
      <h1>Clusters</h1>
      <p className="muted">Registered Kubernetes clusters and the meshes detected on them.</p>
      {isAdmin && (
        <div className="actions">
          <Link href="/clusters/new" className="button-link">
            Register cluster
          </Link>
        </div>
      )}
      {clusters.length === 0 ? (
        <div className="empty">
          No clusters registered yet.{" "}
          {isAdmin ? (
            <Link href="/clusters/new">Register one with its kubeconfig</Link>
          ) : (
            "An admin can register one."
          )}
        </div>
      ) : (
        <div className="table-scroll">
          <table className="data" aria-label="Clusters">
            <thead>
              <tr>
                <th>Name</th>
                <th className="left">Status</th>
                <th className="left">Server version</th>
                <th>Nodes</th>
                <th className="left">Detected meshes</th>
                <th className="left">Last checked</th>
                <th className="left">Actions</th>
              </tr>
            </thead>
            <tbody>
              {clusters.map((c) => (
                <tr key={c.id} data-cluster={c.name}>
                  <td>
                    <Link href={`/clusters/${c.id}`}>{c.name}</Link>
                  </td>
                  <td className="left">
                    <span
                      className={`badge ${STATUS_BADGE[c.status]}`}
                      title={c.statusMessage ?? undefined}
                    >
                      {c.status}
                    </span>
                  </td>
                  <td className="left">{c.serverVersion ?? "—"}</td>
                  <td className="num">{c.nodes?.count ?? "—"}</td>
                  <td className="left">{meshSummary(c.detectedMeshes)}</td>
                  <td className="left">{formatWhen(c.lastCheckedAt)}</td>
                  <td className="left">
                    <ClusterActions
                      clusterId={c.id}
                      name={c.name}
                      canRefresh={isMember && c.status === "ready"}
                      canAdmin={isAdmin}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
