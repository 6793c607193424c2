import { COMPONENTS } from "@meshbench/contracts";
import type { V1Pod } from "@kubernetes/client-node";
import { applyBundle, type BundleKube, bundleNotReady } from "./apply-bundle";
import { type KubeApis, statusCode } from "./kube-apis";
import { LABELS } from "./labels";
import type { BundleObject } from "./manifests/bundle";
import { buildSampleApp, type SampleAppInput, sampleTierName } from "./manifests/sample-app";
import type { PodInfo } from "./mesh-verification";
import { type VariantPodConfig, withVariantPodConfig } from "./variant-pods";

type Call = <T>(fn: (apis: KubeApis) => Promise<T>) => Promise<T>;
type Until = (what: string, check: () => Promise<boolean>, options: WaitInput) => Promise<boolean>;
export type WaitInput = { timeoutMs: number; shouldStop?: () => Promise<boolean> };

/** A Service found by its `<svc>.<ns>.svc` host: its selector and the pods it selects. */
export type FoundService =
  | { found: true; selector: Record<string, string>; pods: PodInfo[] }
  | { found: false; reason: string };

/** The Kubernetes side of the target kinds other than the echo (the gateway's own operations). */
export type TargetSteps = {
  /** The connection's error wording (an apiserver's reason only when it is TLS-verified). */
  describeError(error: unknown): string;
  deploySampleApp(input: SampleAppInput): Promise<void>;
  waitForSampleApp(namespace: string, tiers: number, options: WaitInput): Promise<void>;
  applyWorkload(
    namespace: string,
    manifests: string,
    labels: Record<string, string>,
    pod?: VariantPodConfig,
  ): Promise<BundleObject[]>;
  waitForWorkload(applied: BundleObject[], options: WaitInput): Promise<void>;
  /** Live pods of a namespace matching a label selector. */
  pods(namespace: string, labelSelector: string): Promise<PodInfo[]>;
  servicePods(namespace: string, service: string): Promise<FoundService>;
};

export function toPodInfo(p: V1Pod): PodInfo {
  return {
    name: p.metadata?.name ?? "",
    nodeName: p.spec?.nodeName ?? null,
    annotations: p.metadata?.annotations ?? {},
    containers: (p.spec?.containers ?? []).map((c) => c.name),
    sidecarInitContainers: (p.spec?.initContainers ?? [])
      .filter((c) => c.restartPolicy === "Always")
      .map((c) => c.name),
  };
}

async function createOrKeep(create: () => Promise<unknown>) {
  try {
    await create();
  } catch (error) {
    if (statusCode(error) !== 409) throw error;
  }
}

const selectorText = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");

export function createTargetSteps(deps: {
  call: Call;
  bundle: BundleKube;
  untilTrue: Until;
}): TargetSteps {
  const { call, untilTrue } = deps;
  const pods = async (namespace: string, labelSelector: string) => {
    const list = await call((a) => a.core.listNamespacedPod({ namespace, labelSelector }));
    return list.items.filter((p) => !p.metadata?.deletionTimestamp).map(toPodInfo);
  };
  const deploymentReady = async (namespace: string, name: string) => {
    const d = await call((a) => a.apps.readNamespacedDeployment({ name, namespace }));
    const want = d.spec?.replicas ?? 1;
    return (d.status?.readyReplicas ?? 0) >= want && (d.status?.updatedReplicas ?? 0) >= want;
  };
  return {
    describeError: deps.bundle.describe,
    async deploySampleApp(input) {
      const app = buildSampleApp(input);
      for (const body of app.services)
        await createOrKeep(() =>
          call((a) => a.core.createNamespacedService({ namespace: input.namespace, body })),
        );
      for (const body of app.deployments)
        await createOrKeep(() =>
          call((a) => a.apps.createNamespacedDeployment({ namespace: input.namespace, body })),
        );
    },

    async waitForSampleApp(namespace, tiers, options) {
      for (let i = tiers - 1; i >= 0; i--) {
        const name = sampleTierName(i);
        if (
          !(await untilTrue(`${name} to be ready`, () => deploymentReady(namespace, name), options))
        )
          throw new Error(
            `sample app tier ${name} not ready after ${Math.round(options.timeoutMs / 1000)} s`,
          );
      }
    },

    applyWorkload(namespace, manifests, labels, pod) {
      return applyBundle(deps.bundle, namespace, manifests, labels, {
        podTemplate: (t) => withVariantPodConfig(t, pod),
      });
    },

    async waitForWorkload(applied, options) {
      let reasons: string[] = [];
      const ready = await untilTrue(
        "the workload to be ready",
        async () => (reasons = await bundleNotReady(deps.bundle, applied)).length === 0,
        options,
      );
      if (!ready)
        throw new Error(
          `the workload is not ready after ${Math.round(options.timeoutMs / 1000)} s: ${reasons.join("; ")}`,
        );
    },

    pods,

    async servicePods(namespace, service) {
      let selector: Record<string, string>;
      try {
        const svc = await call((a) => a.core.readNamespacedService({ name: service, namespace }));
        selector = svc.spec?.selector ?? {};
      } catch (error) {
        const code = statusCode(error);
        return {
          found: false,
          reason:
            code === 404
              ? `Service ${service} not found in namespace ${namespace}`
              : `Service ${namespace}/${service} could not be read: ${deps.bundle.describe(error)}`,
        };
      }
      if (Object.keys(selector).length === 0)
        return { found: false, reason: `Service ${namespace}/${service} has no selector` };
      return { found: true, selector, pods: await pods(namespace, selectorText(selector)) };
    },
  };
}

/** All pods of a workload's namespace but the load generator's. */
export const NOT_LOAD_GENERATOR = `${LABELS.component}!=${COMPONENTS.loadGenerator}`;
