import { ApiException } from "@kubernetes/client-node";
import type { TVariant } from "@meshbench/contracts";
import type { BundleObject } from "../manifests/bundle";
import { GATEWAY_NAME_LABEL, LABELS, runLabels } from "../manifests/labels";
import { applyBundle, BundleError, bundleNotReady } from "./apply-bundle";
import { call, type Kube, sleep } from "./kube";
import { gatewayCondition, type WaypointObservation, waypointProblem } from "./waypoint";

/**
 * A variant's extra manifests (waypoint `Gateway`, PeerAuthentication, Telemetry, a proxy's
 * Service…), applied into the variant's namespace through the shared bundle applier
 * (apply-bundle.ts: server-side apply, so any CRD the cluster serves is validated by the
 * apiserver itself, and a resumed worker applies the same bundle again harmlessly). They live in
 * the variant's namespace: the run's cleanup (namespace deletion) removes them with it.
 */
const VARIANT_MANIFEST_COMPONENT = "variant-manifest";

/** Applies the variant's manifests; the problem (with the apiserver's reason) or null. */
export async function applyVariantConfig(
  k: Kube,
  input: { runId: string; variant: TVariant; namespace: string },
): Promise<{ objects: BundleObject[]; problem: string | null }> {
  if (!input.variant.manifests.trim()) return { objects: [], problem: null };
  const labels = {
    ...runLabels(input.runId, input.variant.name),
    [LABELS.component]: VARIANT_MANIFEST_COMPONENT,
  };
  try {
    const objects = await applyBundle(k, input.namespace, input.variant.manifests, labels);
    return { objects, problem: null };
  } catch (error) {
    if (error instanceof BundleError) return { objects: [], problem: `variant ${error.message}` };
    if (error instanceof ApiException)
      return {
        objects: [],
        problem: `variant manifests refused: ${k.apis.describe(error)}`,
      };
    throw error;
  }
}

/** The Gateway a waypoint variant names, and the pods serving it. */
async function observeWaypoint(
  k: Kube,
  namespace: string,
  name: string,
): Promise<WaypointObservation> {
  k.count();
  const gw = (await k.apis.objects
    .read({
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name, namespace },
    })
    .catch(() => null)) as {
    spec?: { gatewayClassName?: string };
    status?: unknown;
  } | null;
  const pods = await call(k, (a) =>
    a.core.listNamespacedPod({ namespace, labelSelector: `${GATEWAY_NAME_LABEL}=${name}` }),
  );
  return {
    gateway: gw
      ? {
          className: gw.spec?.gatewayClassName ?? "",
          programmed: gatewayCondition(gw.status, "Programmed"),
        }
      : null,
    pods: pods.items
      .filter((p) => !p.metadata?.deletionTimestamp)
      .map((p) => ({
        name: p.metadata?.name ?? "",
        ready: !!p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"),
      })),
  };
}

/**
 * Waits (time-limited) until the variant's manifests are ready (Deployments available, Gateways
 * Programmed) and, for a waypoint variant, its waypoint would carry traffic. Returns the problem
 * still standing at the deadline, or null.
 */
export async function waitForVariantConfig(
  k: Kube,
  input: {
    namespace: string;
    variant: TVariant;
    objects: BundleObject[];
    timeoutMs: number;
    shouldStop?: () => Promise<boolean>;
  },
): Promise<string | null> {
  const deadline = Date.now() + input.timeoutMs;
  const waypoint = input.variant.waypoint;
  for (;;) {
    const pending = await bundleNotReady(k, input.objects).catch((error: unknown) => [
      `manifests unreadable: ${k.apis.describe(error)}`,
    ]);
    const wp = waypoint
      ? waypointProblem(
          waypoint,
          input.namespace,
          await observeWaypoint(k, input.namespace, waypoint),
        )
      : null;
    if (!pending.length && !wp) return null;
    if (Date.now() > deadline) {
      const secs = Math.round(input.timeoutMs / 1000);
      return wp && !pending.length
        ? `${wp} after ${secs} s`
        : `variant manifests not ready after ${secs} s: ${[...pending, ...(wp ? [wp] : [])].join("; ")}`;
    }
    if (await input.shouldStop?.()) throw new Error("stopped while waiting for variant manifests");
    await sleep(Math.max(k.pollMs, 200));
  }
}
