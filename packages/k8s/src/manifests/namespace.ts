import type { V1Namespace } from "@kubernetes/client-node";
import type { TVariant } from "@meshbench/contracts";
import { meshNamespaceMetadata, runLabels, variantNamespace } from "./labels";
import { namespacePodSecurityLabels } from "../policy/namespace-labels";
import { PolicyError } from "../policy/policy-error";
import { namespaceMetadataProblems } from "../policy/reserved";

/**
 * A variant's namespace: the mesh's labels and annotations, the variant's own (reserved keys
 * refused, as when saving), the run's labels and Pod Security Admission labels (last, so nothing
 * overrides them).
 */
export function buildVariantNamespace(runId: string, variant: TVariant): V1Namespace {
  const refused = namespaceMetadataProblems(variant.labels, variant.annotations);
  if (refused.length)
    throw new PolicyError(`namespace ${refused.map((p) => p.message).join("; ")}`);
  const mesh = meshNamespaceMetadata(variant);
  return {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: {
      name: variantNamespace(runId, variant.name),
      labels: {
        ...mesh.labels,
        ...runLabels(runId, variant.name),
        ...namespacePodSecurityLabels(variant.mesh),
      },
      annotations: mesh.annotations,
    },
  };
}
