import type { V1Job } from "@kubernetes/client-node";
import type { TMethodology, TTrialCoordinates } from "@meshbench/contracts";
import { LABELS, LOAD_CONTAINER, runLabels, TARGET_NAME } from "../labels";
import { buildFortioArgs, buildWarmupArgs, type FortioArgsInput } from "./fortio-args";
import { toResourceRequirements } from "./resources";

export type LoadJobInput = {
  runId: string;
  namespace: string;
  name: string;
  sequence: number;
  coordinates: TTrialCoordinates;
  url: string;
  durationSeconds: number;
  warmupSeconds: number;
  timeoutSeconds: number;
  methodology: TMethodology;
};

const OPT_OUT_OF_MESH = {
  "sidecar.istio.io/inject": "false",
  "linkerd.io/inject": "disabled",
};

/** One trial = one Fortio Job: warm-up as an init container, the measured run as the main one. */
export function buildLoadJob(input: LoadJobInput): V1Job {
  const { methodology: m } = input;
  const labels = {
    ...runLabels(input.runId, input.coordinates.variant),
    [LABELS.component]: "load-generator",
    [LABELS.trial]: String(input.sequence),
  };
  const fortioInput: FortioArgsInput = {
    coordinates: input.coordinates,
    durationSeconds: input.durationSeconds,
    fortio: m.fortio,
    url: input.url,
    label: `${input.runId}/${input.name}`,
  };
  const resources = toResourceRequirements(m.loadGeneratorResources);
  const nodeSelector = m.placement.loadGeneratorNodeSelector;
  return {
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { name: input.name, namespace: input.namespace, labels },
    spec: {
      backoffLimit: 0,
      activeDeadlineSeconds: input.timeoutSeconds,
      template: {
        metadata: { labels, annotations: m.loadGeneratorInMesh ? {} : OPT_OUT_OF_MESH },
        spec: {
          restartPolicy: "Never",
          ...(Object.keys(nodeSelector).length ? { nodeSelector } : {}),
          ...(m.placement.antiAffinity
            ? {
                affinity: {
                  podAntiAffinity: {
                    requiredDuringSchedulingIgnoredDuringExecution: [
                      {
                        labelSelector: {
                          matchLabels: { app: TARGET_NAME, [LABELS.component]: "target" },
                        },
                        topologyKey: "kubernetes.io/hostname",
                      },
                    ],
                  },
                },
              }
            : {}),
          ...(input.warmupSeconds > 0
            ? {
                initContainers: [
                  {
                    name: "warmup",
                    image: m.fortio.image,
                    args: buildWarmupArgs(fortioInput, input.warmupSeconds),
                    resources,
                  },
                ],
              }
            : {}),
          containers: [
            {
              name: LOAD_CONTAINER,
              image: m.fortio.image,
              args: buildFortioArgs(fortioInput),
              resources,
            },
          ],
        },
      },
    },
  };
}
