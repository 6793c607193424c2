import type {
  TBenchmarkSummary,
  TClusterNoiseBand,
  TClusterView,
  TRole,
} from "@meshbench/contracts";
import Link from "next/link";
import { atLeast } from "~/lib/roles";
import { ClusterActions } from "./cluster-actions";
import { DetectionView } from "./detection-view";
import { formatWhen, STATUS_BADGE } from "./mesh-summary";
import { NodeTable } from "./node-table";
import { NoiseCalibration } from "./noise-calibration";
import { UpdateCredentials } from "./update-credentials";
import { ClusterCaps } from "./cluster-caps";

/**
 * One cluster: actions, details (admins replace credentials), nodes, the noise floor (an A/A run
 * may copy any scheduled benchmark but a calibration's own) and the meshes detected.
 */
export function ClusterDetail({
  cluster: c,
  band,
  benchmarks,
  role,
}: {
  cluster: TClusterView;
  band: TClusterNoiseBand | null;
  benchmarks: TBenchmarkSummary[];
  role: TRole;
}) {
  const calibrationTargets = benchmarks
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
        canRefresh={atLeast(role, "member") && c.status === "ready"}
        canAdmin={atLeast(role, "admin")}
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
            {atLeast(role, "admin") && <UpdateCredentials clusterId={c.id} name={c.name} />}
          </dd>
          <dt>Caps</dt>
          <dd>
            <ClusterCaps clusterId={c.id} caps={c.caps} canEdit={atLeast(role, "admin")} />
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
      <NodeTable nodes={c.nodes} />
      <h2>Noise floor</h2>
      <NoiseCalibration
        clusterId={c.id}
        band={band}
        benchmarks={calibrationTargets}
        canCalibrate={atLeast(role, "member")}
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
