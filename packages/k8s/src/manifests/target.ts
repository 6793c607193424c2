import type { V1Deployment, V1Service } from "@kubernetes/client-node";
import {
  FORTIO_PORTS,
  type TBenchmarkDefinition,
  type TMethodology,
  COMPONENTS,
} from "@meshbench/contracts";
import { LABELS, runLabels, TARGET_NAME } from "./labels";
import { withVariantPodConfig, type VariantPodConfig } from "./variant-pods";
import { sidecarResourceAnnotations, toResourceRequirements } from "./resources";

export const ECHO_HTTP_PORT = FORTIO_PORTS.http;
export const ECHO_GRPC_PORT = FORTIO_PORTS.grpc;
/** Fortio's TCP echo (`-tcp-port`, on by default in `fortio server`): the target of L4 load. */
export const ECHO_TCP_PORT = FORTIO_PORTS.tcp;

type EchoTarget = Extract<TBenchmarkDefinition["target"], { kind: "fortio-echo" }>;

export type TargetInput = {
  runId: string;
  variant: string;
  namespace: string;
  target: EchoTarget;
  methodology: TMethodology;
  /** The variant's pod annotations and extra containers (variant-pods.ts). */
  pod?: VariantPodConfig;
};

function targetPodLabels(runId: string, variant: string) {
  return { ...runLabels(runId, variant), [LABELS.component]: COMPONENTS.target, app: TARGET_NAME };
}

/** The built-in target: Fortio's echo server (HTTP on 8080, gRPC ping on 8079, TCP echo on 8078). */
export function buildTargetDeployment(input: TargetInput): V1Deployment {
  const labels = targetPodLabels(input.runId, input.variant);
  const nodeSelector = input.methodology.placement.serverNodeSelector;
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: TARGET_NAME, namespace: input.namespace, labels },
    spec: {
      replicas: input.target.replicas,
      selector: { matchLabels: { app: TARGET_NAME, [LABELS.component]: COMPONENTS.target } },
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
                name: TARGET_NAME,
                image: input.target.image,
                args: ["server"],
                ports: [
                  { name: "http", containerPort: ECHO_HTTP_PORT },
                  { name: "grpc", containerPort: ECHO_GRPC_PORT },
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

export function buildTargetService(
  input: Pick<TargetInput, "runId" | "variant" | "namespace">,
): V1Service {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: {
      name: TARGET_NAME,
      namespace: input.namespace,
      labels: runLabels(input.runId, input.variant),
    },
    spec: {
      selector: { app: TARGET_NAME, [LABELS.component]: COMPONENTS.target },
      ports: [
        // appProtocol lets meshes pick the right protocol without port-name conventions.
        { name: "http", port: ECHO_HTTP_PORT, targetPort: ECHO_HTTP_PORT, appProtocol: "http" },
        { name: "grpc", port: ECHO_GRPC_PORT, targetPort: ECHO_GRPC_PORT, appProtocol: "grpc" },
        { name: "tcp", port: ECHO_TCP_PORT, targetPort: ECHO_TCP_PORT, appProtocol: "tcp" },
      ],
    },
  };
}
