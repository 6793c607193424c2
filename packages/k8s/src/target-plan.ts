import { type TBenchmarkDefinition, type TVariant, COMPONENTS } from "@meshbench/contracts";
import { LABELS, runLabels } from "./labels";
import type { PodAvoidance } from "./manifests/load-generator";
import type { BundleObject } from "./manifests/bundle";
import { sampleAppEntry, sampleTierSelector } from "./manifests/sample-app";
import type { TargetInput } from "./manifests/target";
import type { PodInfo } from "./mesh-verification";
import { NOT_LOAD_GENERATOR, type TargetSteps, type WaitInput } from "./target-kube";

/** Pods outside the variant's namespace sampled with it (a per-variant Service's pods). */
export type SampledPods = { namespace: string; pods: string[] };

/**
 * A target being deployed (or found): whose pods the load generator avoids, how to wait for it
 * (its pods, for the mesh check; null when it cannot be checked), what else to sample, and
 * sentences for the run's environment record.
 */
export type TargetPlan = {
  avoid: PodAvoidance | null;
  ready: () => Promise<PodInfo[] | null>;
  alsoSample: SampledPods[];
  notes: string[];
};

type Steps = TargetSteps & {
  deployTarget(input: TargetInput): Promise<void>;
  waitForTarget(namespace: string, options: WaitInput): Promise<PodInfo[]>;
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
  k: Steps,
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
      await k.deployTarget({
        runId,
        variant: v.name,
        namespace,
        target,
        methodology: def.methodology,
        pod: v,
      });
      return plan({ ready: () => k.waitForTarget(namespace, wait) });
    case "sample-app":
      await k.deploySampleApp({
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
          await k.waitForSampleApp(namespace, target.tiers, wait);
          return k.pods(namespace, `${LABELS.component}=${COMPONENTS.target}`);
        },
      });
    case "workload": {
      let applied;
      try {
        applied = await k.applyWorkload(
          namespace,
          target.manifests,
          { ...runLabels(runId, v.name), [LABELS.component]: COMPONENTS.target },
          v,
        );
      } catch (error) {
        return { problem: `the workload could not be applied: ${k.describeError(error)}` };
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
          await k.waitForWorkload(applied, wait);
          return k.pods(namespace, NOT_LOAD_GENERATOR);
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
      const found = await k.servicePods(named.namespace, named.service);
      if (!found.found) return { problem: `the target ${url}: ${found.reason}` };
      return plan({
        avoid: { matchLabels: found.selector, namespaces: [named.namespace] },
        ready: () => Promise.resolve(found.pods),
        alsoSample: [{ namespace: named.namespace, pods: found.pods.map((p) => p.name) }],
      });
    }
  }
}
