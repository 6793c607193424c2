/**
 * Istio ambient on a real-node cluster: istioctl renders the install (ambient profile, the
 * locally imported images), kubectl applies it, and we wait until istiod, istio-cni and ztunnel
 * are ready on every node. Uninstalling deletes the same objects and waits for the mesh's pods to
 * finish: istio-cni cleans up after itself only when it sees its DaemonSet go.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ClusterPlan } from "../plan";
import type { Kubectl } from "../teardown";
import { sleep } from "../host";
import type { MeshArtifacts } from "./artifacts";

const ISTIO_NAMESPACE = "istio-system";

export type MeshInstall = {
  kind: "istio-ambient";
  artifacts: MeshArtifacts;
  namespace: string;
  manifestPath: string;
  /** Deletes what the install created and waits for the mesh's pods to be gone (idempotent). */
  uninstall: () => Promise<void>;
};

/**
 * istioctl's ambient profile with our images. The CNI paths are the defaults: each node's own
 * /etc/cni/net.d and /opt/cni/bin (node.ts). The pod network namespaces' host path is /run/netns:
 * containerd refuses a HostToContainer mount under the /var/run symlink.
 */
function renderAmbient(artifacts: MeshArtifacts): string {
  return execFileSync(
    artifacts.istioctl,
    [
      "manifest",
      "generate",
      "--set",
      "profile=ambient",
      "--set",
      `hub=${artifacts.hub}`,
      "--set",
      `tag=${artifacts.tag}`,
      "--set",
      "values.global.variant=",
      "--set",
      "values.cni.cniNetnsDir=/run/netns",
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 },
  );
}

const tail = (text: string, lines = 25) => text.trim().split("\n").slice(-lines).join("\n");

/** What a stuck install looks like: every mesh pod's state and its containers' last log lines. */
function diagnose(kubectl: Kubectl): string {
  const tryKubectl = (...args: string[]) => {
    try {
      return kubectl(...args);
    } catch (error) {
      return String(error);
    }
  };
  const pods = tryKubectl("get", "pods", "-n", ISTIO_NAMESPACE, "-o", "wide");
  const names = tryKubectl("get", "pods", "-n", ISTIO_NAMESPACE, "-o", "name")
    .split("\n")
    .filter((n) => n.startsWith("pod/"));
  const logs = names.map(
    (name) =>
      `--- ${name}\n${tail(tryKubectl("logs", "-n", ISTIO_NAMESPACE, name, "--all-containers", "--tail=40"))}`,
  );
  const events = tail(
    tryKubectl("get", "events", "-n", ISTIO_NAMESPACE, "--sort-by=.lastTimestamp"),
    15,
  );
  return `${pods}\n${logs.join("\n")}\n--- events\n${events}`;
}

export async function installIstioAmbient(deps: {
  plan: ClusterPlan;
  kubectl: Kubectl;
  artifacts: MeshArtifacts;
}): Promise<MeshInstall> {
  const { plan, kubectl, artifacts } = deps;
  const dir = path.join(plan.runDir, "mesh");
  mkdirSync(dir, { recursive: true });
  const manifestPath = path.join(dir, "istio-ambient.yaml");
  writeFileSync(manifestPath, renderAmbient(artifacts));
  // The mesh's own namespace is the one place its node agents' pods (hostPath, NET_ADMIN,
  // SYS_ADMIN) are allowed; benchmark namespaces keep the baseline level (README, cluster policy).
  kubectl("create", "namespace", ISTIO_NAMESPACE);
  kubectl(
    "label",
    "namespace",
    ISTIO_NAMESPACE,
    "pod-security.kubernetes.io/enforce=privileged",
    "pod-security.kubernetes.io/warn=privileged",
  );
  // The CRDs and the objects using them come in one file: retry until the CRDs are established.
  for (let attempt = 1; ; attempt++) {
    try {
      kubectl("apply", "--server-side", "--force-conflicts", "-f", manifestPath);
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await sleep(2000);
    }
  }
  let uninstalling: Promise<void> | undefined;
  const install: MeshInstall = {
    kind: "istio-ambient",
    artifacts,
    namespace: ISTIO_NAMESPACE,
    manifestPath,
    uninstall: () => (uninstalling ??= uninstallIstio(kubectl, manifestPath)),
  };
  try {
    for (const workload of ["deployment/istiod", "daemonset/istio-cni-node", "daemonset/ztunnel"])
      kubectl("rollout", "status", "-n", ISTIO_NAMESPACE, workload, "--timeout=300s");
  } catch (error) {
    throw new Error(`Istio ambient did not become ready: ${String(error)}\n${diagnose(kubectl)}`, {
      cause: error,
    });
  }
  return install;
}

async function uninstallIstio(kubectl: Kubectl, manifestPath: string) {
  kubectl("delete", "--ignore-not-found", "--wait=false", "-f", manifestPath);
  // istio-cni's pods clean up (CNI config, binary, host rules) when they see their DaemonSet go.
  for (let waited = 0; waited < 120_000; waited += 1000) {
    if (kubectl("get", "pods", "-n", ISTIO_NAMESPACE, "-o", "name").trim() === "") break;
    await sleep(1000);
  }
  kubectl("delete", "namespace", ISTIO_NAMESPACE, "--ignore-not-found", "--wait=true");
}
