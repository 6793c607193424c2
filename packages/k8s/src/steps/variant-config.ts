import type { TVariant } from "@meshbench/contracts";
import { type BundleClient, bundleNotReady } from "./apply-bundle";
import type { KubeApis } from "../cluster/kube-apis";
import type { BundleObject } from "../manifests/bundle";
import { applyVariantManifests } from "./variant-manifests";
import {
  GATEWAY_NAME_LABEL,
  gatewayCondition,
  type WaypointObservation,
  waypointProblem,
} from "./waypoint";

/** What the variant-configuration steps need of the adapter. */
export type VariantConfigDeps = {
  apis: KubeApis;
  objects: BundleClient;
  count: () => void;
  pollMs: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Applies the variant's manifests in its namespace; a problem (string) or null. */
export function applyVariantConfig(
  deps: VariantConfigDeps,
  input: { runId: string; variant: TVariant; namespace: string },
): Promise<{ objects: BundleObject[]; problem: string | null }> {
  return applyVariantManifests(
    { client: deps.objects, onCall: deps.count, describe: deps.apis.describe },
    input,
  );
}

/** The Gateway a waypoint variant names, and the pods serving it. */
export async function observeWaypoint(
  deps: VariantConfigDeps,
  namespace: string,
  name: string,
): Promise<WaypointObservation> {
  deps.count();
  const gw = (await deps.objects
    .read({
      apiVersion: "gateway.networking.k8s.io/v1",
      kind: "Gateway",
      metadata: { name, namespace },
    })
    .catch(() => null)) as {
    spec?: { gatewayClassName?: string };
    status?: unknown;
  } | null;
  deps.count();
  const pods = await deps.apis.core.listNamespacedPod({
    namespace,
    labelSelector: `${GATEWAY_NAME_LABEL}=${name}`,
  });
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
  deps: VariantConfigDeps,
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
    const pending = await bundleNotReady(
      { client: deps.objects, onCall: deps.count, describe: deps.apis.describe },
      input.objects,
    ).catch((error: unknown) => [`manifests unreadable: ${deps.apis.describe(error)}`]);
    const wp = waypoint
      ? waypointProblem(
          waypoint,
          input.namespace,
          await observeWaypoint(deps, input.namespace, waypoint),
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
    await sleep(Math.max(deps.pollMs, 200));
  }
}
