import type { V1Namespace } from "@kubernetes/client-node";
import type { TVariant } from "@meshbench/contracts";
import { meshNamespaceMetadata, runLabels, variantNamespace } from "../labels";

export function buildVariantNamespace(runId: string, variant: TVariant): V1Namespace {
  const mesh = meshNamespaceMetadata(variant);
  return {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: {
      name: variantNamespace(runId, variant.name),
      labels: { ...mesh.labels, ...runLabels(runId, variant.name) },
      annotations: mesh.annotations,
    },
  };
}
