import type { TDetectedComponent, TMeshDetection } from "@meshbench/contracts";

/** What detection needs to know about a workload (Deployment or DaemonSet). */
export type WorkloadInfo = {
  kind: "Deployment" | "DaemonSet";
  namespace: string;
  name: string;
  labels: Record<string, string>;
  images: string[];
};
type NamespaceInfo = { name: string; labels: Record<string, string> };

/** "docker.io/istio/pilot:1.24.2@sha256:…" → "1.24.2" */
export function imageTag(image: string): string | null {
  const noDigest = image.split("@")[0] ?? image;
  const lastSlash = noDigest.lastIndexOf("/");
  const colon = noDigest.lastIndexOf(":");
  return colon > lastSlash ? noDigest.slice(colon + 1) : null;
}

const absent: TDetectedComponent = { found: false, version: null, namespace: null, name: null };

function component(w: WorkloadInfo | undefined, imageHint: RegExp): TDetectedComponent {
  if (!w) return absent;
  const image = w.images.find((i) => imageHint.test(i)) ?? w.images[0];
  return {
    found: true,
    version: image ? imageTag(image) : null,
    namespace: w.namespace,
    name: w.name,
  };
}

export function detectMeshes(input: {
  workloads: WorkloadInfo[];
  namespaces: NamespaceInfo[];
  metricsServer: boolean;
  prometheusUrl: string | null;
  now: Date;
}): TMeshDetection {
  const find = (kind: WorkloadInfo["kind"], test: (w: WorkloadInfo) => boolean) =>
    input.workloads.find((w) => w.kind === kind && test(w));
  const istiod = component(
    find(
      "Deployment",
      (w) => w.name === "istiod" || w.name.startsWith("istiod-") || w.labels.app === "istiod",
    ),
    /pilot/,
  );
  const ztunnel = component(
    find("DaemonSet", (w) => w.name === "ztunnel"),
    /ztunnel/,
  );
  const cni = component(
    find("DaemonSet", (w) => w.name === "istio-cni-node"),
    /install-cni|cni/,
  );
  const linkerd = component(
    find("Deployment", (w) => w.name === "linkerd-destination"),
    /linkerd/,
  );
  const ciliumAgent = component(
    find("DaemonSet", (w) => w.name === "cilium"),
    /cilium/,
  );
  const ciliumEnvoy = component(
    find("DaemonSet", (w) => w.name === "cilium-envoy"),
    /envoy/,
  );
  const kmesh = component(
    find("DaemonSet", (w) => w.name === "kmesh"),
    /kmesh/,
  );
  const waypoints = input.workloads
    .filter(
      (w) =>
        w.kind === "Deployment" &&
        w.labels["gateway.istio.io/managed"] === "istio.io-mesh-controller",
    )
    .map((w) => ({ namespace: w.namespace, name: w.name }));
  const nsWith = (key: string, value: string) =>
    input.namespaces.filter((n) => n.labels[key] === value).map((n) => n.name);

  const variants: TMeshDetection["variants"] = {
    baseline: { available: true, needs: "nothing" },
    "istio-sidecar": {
      available: istiod.found,
      needs: "istiod (Istio control plane); Meshbench labels the namespace istio-injection=enabled",
    },
    "istio-ambient": {
      available: istiod.found && ztunnel.found && cni.found,
      needs:
        "istiod, the ztunnel DaemonSet and istio-cni; a waypoint only for L7 (istio.io/use-waypoint)",
    },
    linkerd: {
      available: linkerd.found,
      needs: "the Linkerd control plane (linkerd-destination) and its proxy injector",
    },
    cilium: {
      available: ciliumAgent.found,
      needs: "the cilium agent DaemonSet; cilium-envoy for L7 policies",
    },
    kmesh: {
      available: kmesh.found && istiod.found,
      needs: "the kmesh DaemonSet and istiod as its control plane",
    },
    custom: { available: true, needs: "whatever your custom labels and annotations rely on" },
  };
  return {
    istio: {
      istiod,
      ztunnel,
      cni,
      waypoints,
      injectionNamespaces: nsWith("istio-injection", "enabled"),
      ambientNamespaces: nsWith("istio.io/dataplane-mode", "ambient"),
    },
    linkerd: { controlPlane: linkerd },
    cilium: { agent: ciliumAgent, envoy: ciliumEnvoy },
    kmesh: { daemon: kmesh },
    metricsServer: { available: input.metricsServer },
    prometheus: { url: input.prometheusUrl },
    variants,
    detectedAt: input.now.toISOString(),
  };
}
