import { COMPONENTS } from "@meshbench/contracts";
import { statusCode } from "../cluster/kube-apis";
import type { BundleObject } from "../manifests/bundle";
import { LABELS, TARGET_NAME } from "../manifests/labels";
import { buildSampleApp, type SampleAppInput, sampleTierName } from "../manifests/sample-app";
import { buildTargetDeployment, buildTargetService, type TargetInput } from "../manifests/target";
import { type VariantPodConfig, withVariantPodConfig } from "../manifests/variant-pods";
import { applyBundle, bundleNotReady } from "./apply-bundle";
import { call, createOrKeep, type Kube, untilTrue, type WaitInput } from "./kube";
import { deploymentReady, livePods, type PodInfo, selectorText, waitForDeployment } from "./pods";

/** All pods of a workload's namespace but the load generator's. */
export const NOT_LOAD_GENERATOR = `${LABELS.component}!=load-generator`;
/** The echo's and the sample app's pods (every tier's carry `component=target`). */
export const TARGET_PODS = `${LABELS.component}=${COMPONENTS.target}`;

/** A Service found by its `<svc>.<ns>.svc` host: its selector and the pods it selects. */
type FoundService =
  | { found: true; selector: Record<string, string>; pods: PodInfo[] }
  | { found: false; reason: string };

/** The Fortio echo: its Service and Deployment (kept when they exist). */
export async function deployTarget(k: Kube, input: TargetInput) {
  const namespace = input.namespace;
  await createOrKeep(() =>
    call(k, (a) => a.core.createNamespacedService({ namespace, body: buildTargetService(input) })),
  );
  await createOrKeep(() =>
    call(k, (a) =>
      a.apps.createNamespacedDeployment({ namespace, body: buildTargetDeployment(input) }),
    ),
  );
}

/** The echo ready: its live pods, for the mesh check. */
export async function waitForTarget(k: Kube, namespace: string, options: WaitInput) {
  await waitForDeployment(k, namespace, TARGET_NAME, options);
  return livePods(k, namespace, TARGET_PODS);
}

export async function deploySampleApp(k: Kube, input: SampleAppInput) {
  const app = buildSampleApp(input);
  const namespace = input.namespace;
  for (const body of app.services)
    await createOrKeep(() => call(k, (a) => a.core.createNamespacedService({ namespace, body })));
  for (const body of app.deployments)
    await createOrKeep(() =>
      call(k, (a) => a.apps.createNamespacedDeployment({ namespace, body })),
    );
}

/** Leaf first, as they were created: tier i proxies to tier i+1. */
export async function waitForSampleApp(
  k: Kube,
  namespace: string,
  tiers: number,
  options: WaitInput,
) {
  for (let i = tiers - 1; i >= 0; i--) {
    const name = sampleTierName(i);
    const ready = () => deploymentReady(k, namespace, name);
    if (!(await untilTrue(k, `${name} to be ready`, ready, options)))
      throw new Error(
        `sample app tier ${name} not ready after ${Math.round(options.timeoutMs / 1000)} s`,
      );
  }
}

/** The user's bundle, labelled, with the variant's pod configuration on every pod template. */
export function applyWorkload(
  k: Kube,
  namespace: string,
  manifests: string,
  labels: Record<string, string>,
  pod?: VariantPodConfig,
) {
  return applyBundle(k, namespace, manifests, labels, {
    podTemplate: (t) => withVariantPodConfig(t, pod),
  });
}

export async function waitForWorkload(k: Kube, applied: BundleObject[], options: WaitInput) {
  let reasons: string[] = [];
  const ready = await untilTrue(
    k,
    "the workload to be ready",
    async () => (reasons = await bundleNotReady(k, applied)).length === 0,
    options,
  );
  if (!ready)
    throw new Error(
      `the workload is not ready after ${Math.round(options.timeoutMs / 1000)} s: ${reasons.join("; ")}`,
    );
}

/** A Service of another namespace (a per-variant Service URL's): its selector and pods. */
export async function servicePods(
  k: Kube,
  namespace: string,
  service: string,
): Promise<FoundService> {
  let selector: Record<string, string>;
  try {
    const svc = await call(k, (a) => a.core.readNamespacedService({ name: service, namespace }));
    selector = svc.spec?.selector ?? {};
  } catch (error) {
    return {
      found: false,
      reason:
        statusCode(error) === 404
          ? `Service ${service} not found in namespace ${namespace}`
          : `Service ${namespace}/${service} could not be read: ${k.apis.describe(error)}`,
    };
  }
  if (Object.keys(selector).length === 0)
    return { found: false, reason: `Service ${namespace}/${service} has no selector` };
  return { found: true, selector, pods: await livePods(k, namespace, selectorText(selector)) };
}
