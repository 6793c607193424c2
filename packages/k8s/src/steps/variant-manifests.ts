import { ApiException } from "@kubernetes/client-node";
import type { TVariant } from "@meshbench/contracts";
import { applyBundle, BundleError, type BundleKube } from "./apply-bundle";
import { LABELS, runLabels } from "../manifests/labels";
import type { BundleObject } from "../manifests/bundle";

/**
 * A variant's extra manifests (waypoint `Gateway`, PeerAuthentication, Telemetry, a proxy's
 * Service…), applied into the variant's namespace through the shared bundle applier
 * (apply-bundle.ts: server-side apply, so any CRD the cluster serves is validated by the
 * apiserver itself, and a resumed worker applies the same bundle again harmlessly). They live in
 * the variant's namespace: the run's cleanup (namespace deletion) removes them with it.
 */
export const VARIANT_MANIFEST_COMPONENT = "variant-manifest";

/** Applies the variant's manifests; the problem (with the apiserver's reason) or null. */
export async function applyVariantManifests(
  kube: BundleKube,
  input: { runId: string; variant: TVariant; namespace: string },
): Promise<{ objects: BundleObject[]; problem: string | null }> {
  if (!input.variant.manifests.trim()) return { objects: [], problem: null };
  const labels = {
    ...runLabels(input.runId, input.variant.name),
    [LABELS.component]: VARIANT_MANIFEST_COMPONENT,
  };
  try {
    const objects = await applyBundle(kube, input.namespace, input.variant.manifests, labels);
    return { objects, problem: null };
  } catch (error) {
    if (error instanceof BundleError) return { objects: [], problem: `variant ${error.message}` };
    if (error instanceof ApiException)
      return {
        objects: [],
        problem: `variant manifests refused: ${kube.describe(error)}`,
      };
    throw error;
  }
}
