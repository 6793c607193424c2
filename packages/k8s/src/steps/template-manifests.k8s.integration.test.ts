/**
 * Every template's per-variant manifests, for every mesh choice and mode, applied server-side
 * (the product's applyBundle) to the real kube-apiserver with the real Gateway API and Istio CRDs:
 * no object refused, and every policy scoped to the target's pods — never the load generator's.
 */
import type { V1Pod } from "@kubernetes/client-node";
import { clientInMesh } from "@meshbench/core";
import { afterAll, describe, expect, it } from "vitest";
import type { BundleObject } from "../manifests/bundle";
import { LABELS, runLabels } from "../manifests/labels";
import { buildLoadGeneratorDeployment } from "../manifests/load-generator";
import {
  distinctTemplateVariants,
  TEMPLATE_CASES,
  TEST_JWKS,
} from "../test-support/template-cases";
import { testKube } from "../test-support/test-cluster";
import { applyBundle } from "./apply-bundle";
import { call, type Kube, sleep } from "./kube";
import { deployLoadGenerator } from "./load-generator";
import { cleanup, ensureNamespace } from "./namespaces";
import { selectorText } from "./pods";
import { startTarget } from "./target-plan";

const POLICY_KINDS = [
  "PeerAuthentication",
  "AuthorizationPolicy",
  "Telemetry",
  "RequestAuthentication",
];
type Spec = {
  selector?: { matchLabels?: Record<string, string> };
  targetRefs?: { kind: string; group?: string; name: string }[];
};

const variants = distinctTemplateVariants()
  .filter((t) => t.variant.manifests.trim())
  .map((t, i) => ({ ...t, runId: `tplm${i}` }));
const runIds: string[] = [];

async function podsOf(k: Kube, namespace: string, labels: Record<string, string>) {
  const list = await call(k, (a) =>
    a.core.listNamespacedPod({ namespace, labelSelector: selectorText(labels) }),
  );
  return list.items.filter((p) => !p.metadata?.deletionTimestamp);
}

async function waitForPods(k: Kube, namespace: string, labels: Record<string, string>) {
  for (let i = 0; i < 150; i++) {
    const pods = await podsOf(k, namespace, labels);
    if (pods.length) return pods;
    await sleep(200);
  }
  throw new Error(`no pod ${selectorText(labels)} in ${namespace}`);
}

/** The pods a policy applies to: its pod selector's, or its targetRefs' Services' selectors'. */
async function selectedPods(k: Kube, namespace: string, spec: Spec, name: string) {
  if (spec.selector?.matchLabels) return podsOf(k, namespace, spec.selector.matchLabels);
  const refs = spec.targetRefs ?? [];
  if (!refs.length)
    throw new Error(`${name} has neither a selector nor targetRefs: namespace-wide`);
  const pods: V1Pod[] = [];
  for (const ref of refs) {
    expect(ref.kind, `${name} targets a ${ref.kind}`).toBe("Service");
    const svc = await call(k, (a) => a.core.readNamespacedService({ name: ref.name, namespace }));
    pods.push(...(await podsOf(k, namespace, svc.spec?.selector ?? {})));
  }
  return pods;
}

describe("every template's manifests on a real apiserver (Gateway API and Istio CRDs)", () => {
  afterAll(async () => {
    const k = testKube();
    for (const runId of runIds) await cleanup(k, runId);
  });

  it("covers every template × mode × mesh choice", () => {
    expect(TEMPLATE_CASES.length).toBeGreaterThan(40);
    // Manifests come from B (sidecar and ambient), D (sidecar) and E (waypoints) today.
    expect(new Set(variants.map((v) => v.key))).toEqual(
      new Set(["elca-feature-cost", "istio-perf-page", "kmesh-vs-ambient"]),
    );
    expect(variants.map((v) => v.variant.mesh)).toEqual(
      expect.arrayContaining(["istio-sidecar", "istio-ambient", "kmesh"]),
    );
    const withPolicy = variants.filter((v) =>
      POLICY_KINDS.some((kind) => v.variant.manifests.includes(`kind: ${kind}`)),
    );
    expect(withPolicy.length).toBeGreaterThanOrEqual(8);
    // ELCA's JWT variants, in the sidecar and the ambient (waypoint) form.
    const jwt = variants.filter((v) => v.variant.manifests.includes("kind: RequestAuthentication"));
    expect(jwt.map((v) => v.variant.name).sort()).toEqual([
      "istio-ambient-jwt",
      "istio-sidecar-jwt",
    ]);
  });

  it.each(variants.map((v) => [`${v.definition.key} ${v.variant.name}`, v] as const))(
    "%s: applied server-side, nothing refused, every policy selects only target pods",
    async (_name, { definition, variant, runId }) => {
      const k = testKube();
      runIds.push(runId);
      const namespace = await ensureNamespace(k, runId, variant);
      const plan = await startTarget(k, { runId, definition, variant }, namespace, {
        timeoutMs: 60_000,
      });
      if ("problem" in plan) throw new Error(plan.problem);
      expect((await plan.ready())?.length).toBeGreaterThan(0);
      // The load generator beside it (anti-affinity off: 4 echo replicas may cover kwok's 3 nodes).
      const methodology = {
        ...definition.methodology,
        placement: { ...definition.methodology.placement, antiAffinity: false },
      };
      const inMesh = clientInMesh(variant, methodology);
      const lgInput = { runId, variant: variant.name, namespace, methodology, inMesh };
      await deployLoadGenerator(k, lgInput);
      const lgLabels = buildLoadGeneratorDeployment(lgInput).spec!.template.metadata!.labels!;
      const [lg] = await waitForPods(k, namespace, { [LABELS.component]: "load-generator" });

      const applied = await applyBundle(
        k,
        namespace,
        variant.manifests,
        runLabels(runId, variant.name),
      );
      const policies: BundleObject[] = [];
      for (const o of applied) {
        const stored = await call(k, (a) => a.objects.read(o));
        expect(stored.metadata?.uid, `${o.kind} ${o.metadata.name} stored`).toBeTruthy();
        if (POLICY_KINDS.includes(o.kind)) policies.push(stored as BundleObject);
        // Istio's CRD kept the token's issuer and the inline JWKS exactly as the template wrote them.
        if (o.kind === "RequestAuthentication")
          expect((stored as { spec?: { jwtRules?: unknown } }).spec?.jwtRules).toEqual([
            { issuer: "meshbench-test/elca-jwt", jwks: TEST_JWKS },
          ]);
      }
      for (const p of policies) {
        const name = `${p.kind} ${p.metadata.name}`;
        const spec = (p as { spec?: Spec }).spec ?? {};
        const pods = await selectedPods(k, namespace, spec, name);
        expect(pods.length, `${name} selects the target's pods`).toBeGreaterThan(0);
        for (const pod of pods)
          expect(
            pod.metadata?.labels?.[LABELS.component],
            `${name} selects ${pod.metadata?.name}`,
          ).toBe("target");
        expect(pods.map((x) => x.metadata?.name)).not.toContain(lg!.metadata?.name);
        const matchLabels = spec.selector?.matchLabels ?? {};
        if (Object.keys(matchLabels).length)
          expect(
            Object.entries(matchLabels).every(([key, value]) => lgLabels[key] === value),
            `${name} would select the load generator`,
          ).toBe(false);
        // An L7 policy of a waypoint mesh is attached to the waypoint, which the variant uses.
        if (spec.targetRefs)
          expect(variant.waypoint, `${name}: the variant's waypoint`).toBeTruthy();
      }
    },
  );
});
