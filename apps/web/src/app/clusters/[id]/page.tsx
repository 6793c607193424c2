import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ClusterActions } from "~/components/clusters/cluster-actions";
import { DetectionView } from "~/components/clusters/detection-view";
import { formatBytes } from "@meshbench/ui";
import { formatWhen, STATUS_BADGE } from "~/components/clusters/mesh-summary";
import { NoiseCalibration } from "~/components/clusters/noise-calibration";
import { roleAtLeast } from "@meshbench/contracts";
import { UpdateCredentials } from "~/components/clusters/update-credentials";
import { SignedOut } from "~/components/signed-out";
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
  const c = await orNotFound(caller.clusters.get({ clusterId: id }));
  const band = await caller.clusters.noiseBand({ clusterId: id }).catch(() => null);
  const benchmarks = (await caller.benchmarks.list().catch(() => []))
    .filter((b) => !b.ciOnly && !b.key.startsWith("aa-calibration-"))
    .map((b) => ({ id: b.id, key: b.key }));
  return (
    <>
      <h1>{c.name}</h1>
      <p className="muted">
        <Link href="/clusters">Clusters</Link>
      </p>
      <ClusterActions
        clusterId={c.id}
        name={c.name}
        canRefresh={roleAtLeast(current.role, "member") && c.status === "ready"}
        canAdmin={roleAtLeast(current.role, "admin")}
        withValidate
        afterDelete="/clusters"
      />
      <section className="panel" aria-label="Details">
        <dl className="kv">
          <dt>Status</dt>
          <dd>
            <span className={`badge ${STATUS_BADGE[c.status]}`} data-testid="cluster-status">
              {c.status}
            </span>{" "}
            {c.statusMessage && <span className="muted">{c.statusMessage}</span>}
          </dd>
          <dt>Access</dt>
          <dd>
            {c.authMode === "kubeconfig"
              ? `kubeconfig, context ${c.context ?? "default"}`
              : "in-cluster service account"}
            {roleAtLeast(current.role, "admin") && (
              <UpdateCredentials clusterId={c.id} name={c.name} />
            )}
          </dd>
          <dt>Server version</dt>
          <dd>{c.serverVersion ?? "—"}</dd>
          <dt>Prometheus</dt>
          <dd>{c.prometheusUrl ?? "—"}</dd>
          <dt>Last checked</dt>
          <dd>{formatWhen(c.lastCheckedAt)}</dd>
          <dt>Registered</dt>
          <dd>{formatWhen(c.createdAt)}</dd>
        </dl>
      </section>
      <h2>Nodes</h2>
      {c.nodes && c.nodes.nodes.length > 0 ? (
        <table className="data" aria-label="Nodes">
          <thead>
            <tr>
              <th>Node</th>
              <th>CPU</th>
              <th>Memory</th>
              <th className="left">Zone</th>
            </tr>
          </thead>
          <tbody>
            {c.nodes.nodes.map((n) => (
              <tr key={n.name}>
                <td>{n.name}</td>
                <td className="num">{(n.cpuMillicores / 1000).toFixed(1)}</td>
                <td className="num">{formatBytes(n.memoryBytes)}</td>
                <td className="left">{n.zone ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div className="empty">
          No node inventory yet — re-validate once the cluster is reachable.
        </div>
      )}
      <h2>Noise floor</h2>
      <NoiseCalibration
        clusterId={c.id}
        band={band}
        benchmarks={benchmarks}
        canCalibrate={roleAtLeast(current.role, "member")}
      />
      <h2>Meshes</h2>
      {c.detectedMeshes ? (
        <DetectionView detection={c.detectedMeshes} />
      ) : (
        <div className="empty">Nothing detected yet — the cluster has not been reached.</div>
      )}
    </>
  );
}
