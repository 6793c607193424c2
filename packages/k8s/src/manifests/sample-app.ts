import type { V1Deployment, V1Service } from "@kubernetes/client-node";
import { type TBenchmarkTarget, type TMethodology, COMPONENTS } from "@meshbench/contracts";
import { LABELS, runLabels } from "./labels";
import { sidecarResourceAnnotations, toResourceRequirements } from "./resources";
import { ECHO_HTTP_PORT, ECHO_TCP_PORT } from "./target";
import { type VariantPodConfig, withVariantPodConfig } from "./variant-pods";

export type SampleAppTarget = Extract<TBenchmarkTarget, { kind: "sample-app" }>;

export type SampleAppInput = {
  runId: string;
  variant: string;
  namespace: string;
  target: SampleAppTarget;
  methodology: TMethodology;
  /** The variant's pod annotations and extra containers, on every tier (as a mesh would). */
  pod?: VariantPodConfig;
};

/** Tier i's Service and Deployment name: tier0 is the front, tier(n-1) the echo server. */
export const sampleTierName = (i: number) => `tier${i}`;

/** The Service the load goes to: the front (the whole chain) or the last tier alone. */
export function sampleAppEntry(target: Pick<SampleAppTarget, "tiers" | "entry">) {
  return sampleTierName(target.entry === "front" ? 0 : target.tiers - 1);
}

/** A tier's pods (every tier's carry `component=target`, so the mesh check finds them all). */
export const sampleTierSelector = (tier: string) => ({
  app: tier,
  [LABELS.component]: COMPONENTS.target,
});
const selectorOf = sampleTierSelector;

/**
 * Tier i's container arguments. Every tier but the last is `fortio proxies`: `-M` a real HTTP
 * proxy (the request path is kept, so /echo reaches the echo), `-P` a TCP proxy, both to tier
 * i+1 — so HTTP and TCP load cross the same hops. The last tier is Fortio's echo server.
 * Fortio resolves the `-P` destination once at start: tier i+1's Service is created first.
 */
export function sampleTierArgs(i: number, tiers: number, namespace: string): string[] {
  if (i === tiers - 1)
    return [
      "server",
      "-http-port",
      String(ECHO_HTTP_PORT),
      "-tcp-port",
      String(ECHO_TCP_PORT),
      "-grpc-port",
      "disabled",
      "-redirect-port",
      "disabled",
      "-udp-port",
      "disabled",
    ];
  const next = `${sampleTierName(i + 1)}.${namespace}.svc.cluster.local`;
  return [
    "proxies",
    "-M",
    `${ECHO_HTTP_PORT} http://${next}:${ECHO_HTTP_PORT}`,
    "-P",
    `${ECHO_TCP_PORT} ${next}:${ECHO_TCP_PORT}`,
  ];
}

function tierService(input: SampleAppInput, tier: string): V1Service {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: {
      name: tier,
      namespace: input.namespace,
      labels: runLabels(input.runId, input.variant),
    },
    spec: {
      selector: selectorOf(tier),
      ports: [
        { name: "http", port: ECHO_HTTP_PORT, targetPort: ECHO_HTTP_PORT, appProtocol: "http" },
        { name: "tcp", port: ECHO_TCP_PORT, targetPort: ECHO_TCP_PORT, appProtocol: "tcp" },
      ],
    },
  };
}

function tierDeployment(input: SampleAppInput, i: number): V1Deployment {
  const tier = sampleTierName(i);
  const labels = { ...runLabels(input.runId, input.variant), ...selectorOf(tier) };
  const nodeSelector = input.methodology.placement.serverNodeSelector;
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: tier, namespace: input.namespace, labels },
    spec: {
      replicas: input.target.replicas,
      selector: { matchLabels: selectorOf(tier) },
      template: withVariantPodConfig(
        {
          metadata: {
            labels,
            annotations: sidecarResourceAnnotations(input.methodology.sidecarResources),
          },
          spec: {
            ...(Object.keys(nodeSelector).length ? { nodeSelector } : {}),
            containers: [
              {
                name: "fortio",
                image: input.target.image,
                args: sampleTierArgs(i, input.target.tiers, input.namespace),
                ports: [
                  { name: "http", containerPort: ECHO_HTTP_PORT },
                  { name: "tcp", containerPort: ECHO_TCP_PORT },
                ],
                readinessProbe: { tcpSocket: { port: ECHO_HTTP_PORT }, periodSeconds: 2 },
                resources: toResourceRequirements(input.target.resources),
              },
            ],
          },
        },
        input.pod,
      ),
    },
  };
}

/**
 * The shipped sample app: `tiers` Services and Deployments from the Fortio image alone, in the
 * order they must be created (every Service before any proxy that resolves it, the echo first).
 */
export function buildSampleApp(input: SampleAppInput) {
  const order = Array.from({ length: input.target.tiers }, (_, i) => input.target.tiers - 1 - i);
  return {
    services: order.map((i) => tierService(input, sampleTierName(i))),
    deployments: order.map((i) => tierDeployment(input, i)),
  };
}
