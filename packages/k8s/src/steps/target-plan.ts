import { COMPONENTS, type TBenchmarkDefinition, type TVariant } from "@meshbench/contracts";
import { LABELS, runLabels } from "../manifests/labels";
import type { PodAvoidance } from "../manifests/load-generator";
import type { BundleObject } from "../manifests/bundle";
import { sampleAppEntry, sampleTierSelector } from "../manifests/sample-app";
import type { Kube, WaitInput } from "./kube";
import { livePods, type PodInfo } from "./pods";
import {
  applyWorkload,
  deploySampleApp,
  deployTarget,
  NOT_LOAD_GENERATOR,
  servicePods,
  TARGET_PODS,
  waitForSampleApp,
  waitForTarget,
  waitForWorkload,
} from "./targets";

/** Pods outside the variant's namespace sampled with it (a per-variant Service's pods). */
type SampledPods = { namespace: string; pods: string[] };

/**
 * A target being deployed (or found): whose pods the load generator avoids, how to wait for it
 * (its pods, for the mesh check; null when it cannot be checked), what else to sample, and
 * sentences for the run's environment record.
 */
type TargetPlan = {
  avoid: PodAvoidance | null;
  ready: () => Promise<PodInfo[] | null>;
  alsoSample: SampledPods[];
  notes: string[];
};

/** `<svc>.<ns>.svc[.cluster.local]` → the Service it names; any other host → null. */
export function serviceOfUrl(url: string): { service: string; namespace: string } | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  const m =
    /^([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.svc(\.cluster\.local)?\.?$/.exec(
      host,
    );
  return m ? { service: m[1]!, namespace: m[3]! } : null;
}

/**
 * The load generator keeps off the nodes of the pods its load enters (the entry Service's), not
 * of every pod of a multi-service app: on a 2–3 node cluster the app's pods cover every node.
 */
function entryPods(applied: BundleObject[], service: string): PodAvoidance | null {
  const svc = applied.find((o) => o.kind === "Service" && o.metadata.name === service) as
    { spec?: { selector?: Record<string, string> } } | undefined;
  const selector = svc?.spec?.selector;
  return selector && Object.keys(selector).length ? { matchLabels: selector } : null;
}

/**
 * Starts the variant's target: deploys the echo, the sample app or the user's workload into the
 * namespace, or finds the per-variant Service a URL names. Returns a problem (the variant cannot
 * be measured) instead of throwing when the user's input is at fault.
 */
export async function startTarget(
  k: Kube,
  input: { runId: string; definition: TBenchmarkDefinition; variant: TVariant },
  namespace: string,
  wait: WaitInput,
): Promise<TargetPlan | { problem: string }> {
  const { runId, definition: def, variant: v } = input;
  const target = def.target;
  const plan = (p: Partial<TargetPlan> & Pick<TargetPlan, "ready">): TargetPlan => ({
    avoid: null,
    alsoSample: [],
    notes: [],
    ...p,
  });
  switch (target.kind) {
    case "fortio-echo":
      await deployTarget(k, {
        runId,
        variant: v.name,
        namespace,
        target,
        methodology: def.methodology,
        pod: v,
      });
      return plan({ ready: () => waitForTarget(k, namespace, wait) });
    case "sample-app":
      await deploySampleApp(k, {
        runId,
        variant: v.name,
        namespace,
        target,
        methodology: def.methodology,
        pod: v,
      });
      return plan({
        avoid: { matchLabels: sampleTierSelector(sampleAppEntry(target)) },
        ready: async () => {
          await waitForSampleApp(k, namespace, target.tiers, wait);
          return livePods(k, namespace, TARGET_PODS);
        },
      });
    case "workload": {
      let applied;
      try {
        applied = await applyWorkload(
          k,
          namespace,
          target.manifests,
          { ...runLabels(runId, v.name), [LABELS.component]: COMPONENTS.target },
          v,
        );
      } catch (error) {
        return { problem: `the workload could not be applied: ${k.apis.describe(error)}` };
      }
      const avoid = entryPods(applied, target.entry.service);
      return plan({
        avoid,
        notes: avoid
          ? []
          : [
              `the entry Service ${target.entry.service} has no selector in the manifests: the load generator's anti-affinity does not apply`,
            ],
        ready: async () => {
          await waitForWorkload(k, applied, wait);
          return livePods(k, namespace, NOT_LOAD_GENERATOR);
        },
      });
    }
    case "service-url": {
      const url = target.variantUrls[v.name] ?? target.url ?? "";
      const named = serviceOfUrl(url);
      if (!named)
        return plan({
          ready: () => Promise.resolve(null),
          notes: [
            `${url} names no <service>.<namespace>.svc host: its pods are not checked for the mesh, not sampled, and the load generator's anti-affinity does not apply`,
          ],
        });
      const found = await servicePods(k, named.namespace, named.service);
      if (!found.found) return { problem: `the target ${url}: ${found.reason}` };
      return plan({
        avoid: { matchLabels: found.selector, namespaces: [named.namespace] },
        ready: () => Promise.resolve(found.pods),
        alsoSample: [{ namespace: named.namespace, pods: found.pods.map((p) => p.name) }],
      });
    }
  }
}
