import type { TBenchmarkDefinition, TMeshDetection, TRunEnvironment } from "@meshbench/contracts";
import {
  clientInMesh,
  describeHeaders,
  environmentFingerprint,
  requestHeadersOf,
  type TPlannedTrial,
} from "@meshbench/core";
import {
  type ClusterGateway,
  describeLoadGeneratorMesh,
  type PreparedVariant,
} from "@meshbench/k8s";

const GiB = 1024 ** 3;
const pairs = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ") || "none";

/**
 * The run's environment record (contracts' ZRunEnvironment): what a reader needs to reproduce
 * or question a result, as readable key/value sections.
 */
export async function describeEnvironment(
  gateway: ClusterGateway,
  runId: string,
  def: TBenchmarkDefinition,
  plan: TPlannedTrial[],
  variants: Map<string, PreparedVariant>,
  meshes: TMeshDetection,
  clusterName = "unknown",
): Promise<TRunEnvironment> {
  const facts = await gateway.facts();
  const cluster: Record<string, string> = {
    "Kubernetes version": facts.serverVersion ?? "unknown",
  };
  if (facts.nodes) {
    const n = facts.nodes;
    cluster.nodes = `${n.count} (${n.cpuMillicores / 1000} cores, ${(n.memoryBytes / GiB).toFixed(1)} GiB in all)`;
    for (const node of n.nodes)
      cluster[`node ${node.name}`] =
        `${node.cpuMillicores / 1000} cores, ${(node.memoryBytes / GiB).toFixed(1)} GiB${node.zone ? `, zone ${node.zone}` : ""}`;
  }
  const found = Object.entries(meshes.variants)
    .filter(([, v]) => v?.available)
    .map(([k]) => k);
  cluster["meshes available"] = found.join(", ") || "none";
  const variantSection: Record<string, string> = {};
  const placed = def.variants.map((v) => clientInMesh(v, def.methodology));
  // One placement for every variant is stated once under placement; a variant whose declared
  // topology places its client otherwise says so itself.
  const onePlacement = placed.every((p) => p === placed[0]);
  for (const v of def.variants) {
    const d = gateway.describeVariant(runId, v, def);
    const extra = Object.entries(d.settings ?? {})
      .filter(([k]) => !(onePlacement && k === "load generator"))
      .map(([k, x]) => `; ${k} ${x}`)
      .join("");
    variantSection[v.name] =
      `mesh ${v.mesh}; namespace ${d.namespace}; labels ${pairs(d.labels)}; annotations ${pairs(d.annotations)}${extra}; mesh check ${variants.get(v.name)?.problem ?? "ok"}${(variants.get(v.name)?.notes ?? []).map((n) => `; ${n}`).join("")}`;
  }
  // Each variant's headers as sent, a secret's value as its <secret:name> placeholder.
  const headers: Record<string, string> = {};
  for (const v of def.variants) {
    const list = requestHeadersOf(def, v.name);
    if (list.length) headers[`request headers (${v.name})`] = describeHeaders(list);
  }
  const image = def.methodology.fortio.image;
  const m = def.methodology;
  return {
    cluster,
    variants: variantSection,
    loadGenerator: {
      tool: `Fortio ${image.split(":").at(-1) ?? ""}`.trim(),
      image,
      driven:
        "one long-lived `fortio server -data-dir /tmp` pod per variant; each trial is a run started by a POST to its REST API (apiserver pod proxy; options and headers in the body), its result read from the data dir",
      ...headers,
      ...gateway.describeLoad(runId, def, plan),
    },
    placement: {
      "anti-affinity (load generator and server on different nodes)": m.placement.antiAffinity
        ? "required"
        : "off",
      "load generator node selector": pairs(m.placement.loadGeneratorNodeSelector),
      "server node selector": pairs(m.placement.serverNodeSelector),
      // One rule for every variant (k8s manifests/labels.ts); the run page states it above the sections.
      "load generator in the mesh": onePlacement
        ? describeLoadGeneratorMesh(placed[0] ?? m.loadGeneratorInMesh)
        : `per variant, as each variant's topology places its client (see variants): in the mesh for ${def.variants
            .filter((_, i) => placed[i])
            .map((v) => v.name)
            .join(", ")}; out of it for ${def.variants
            .filter((_, i) => !placed[i])
            .map((v) => v.name)
            .join(", ")}`,
    },
    warmup: {
      seconds: String(def.warmupSeconds),
      policy:
        def.warmupSeconds > 0
          ? "a separate, unrecorded Fortio run with the trial's settings right before each measured run; the measured run opens its own connections"
          : "none",
      "measured duration": `${def.durationSeconds} s per trial`,
    },
    fingerprint: environmentFingerprint(clusterName, facts, meshes, def),
  };
}
