import {
  ZBenchmarkDefinition,
  ZBenchmarkTarget,
  type TBenchmarkDefinitionInput,
} from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { buildLoadGeneratorDeployment } from "../manifests/load-generator";
import { buildVariantNamespace } from "../manifests/namespace";
import { buildSampleApp, type SampleAppTarget } from "../manifests/sample-app";
import { buildTargetDeployment } from "../manifests/target";
import { withVariantPodConfig } from "../manifests/variant-pods";
import { definitionProblems } from "./definition-policy";
import { podTemplateProblems } from "./pod-template";
import { PolicyError } from "./policy-error";

const def = (input: Partial<TBenchmarkDefinitionInput>) =>
  ZBenchmarkDefinition.parse({
    key: "k",
    name: "k",
    target: { kind: "fortio-echo" },
    variants: [{ name: "base", mesh: "baseline" }],
    loadMatrix: { qps: [100], connections: [2] },
    ...input,
  });
const fields = (d: ReturnType<typeof def>) => definitionProblems(d).map((p) => p.field);

const PRIVILEGED = `apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { hostPID: true, containers: [{ name: web, image: busybox }] }
---
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 8080 }] }`;

describe("definitionProblems names the field of every user-supplied source", () => {
  it("passes a plain definition", () => {
    expect(definitionProblems(def({}))).toEqual([]);
  });

  it("workload bundle → target.manifests", () => {
    const d = def({
      target: { kind: "workload", manifests: PRIVILEGED, entry: { service: "web", port: 8080 } },
    });
    const problems = definitionProblems(d);
    expect(problems.map((p) => p.field)).toEqual(["target.manifests"]);
    expect(problems[0]!.message).toMatch(/^document 1: Deployment web: the pod sets hostPID/);
  });

  it("variant manifests → variants.N.manifests (they were not checked at save before)", () => {
    const d = def({
      variants: [
        { name: "base", mesh: "baseline" },
        { name: "a", mesh: "istio-ambient" },
        {
          name: "b",
          mesh: "istio-sidecar",
          manifests:
            "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: { name: x }\n---\napiVersion: v1\nkind: Namespace\nmetadata: { name: y }",
        },
      ],
    });
    const [problem] = definitionProblems(d);
    expect(problem?.field).toBe("variants.2.manifests");
    expect(problem?.message).toMatch(
      /document 1: ClusterRoleBinding x: .*document 2: Namespace y:/,
    );
  });

  it("namespace labels and annotations → variants.N.labels / .annotations", () => {
    const d = def({
      variants: [
        {
          name: "base",
          mesh: "baseline",
          labels: { "pod-security.kubernetes.io/enforce": "privileged" },
          annotations: { "pod-security.kubernetes.io/warn": "privileged" },
        },
      ],
    });
    expect(fields(d)).toEqual(["variants.0.labels", "variants.0.annotations"]);
  });

  it("pod annotations → variants.N.podAnnotations (reserved and Pod Security overrides)", () => {
    const d = def({
      variants: [
        { name: "base", mesh: "baseline" },
        {
          name: "s",
          mesh: "istio-sidecar",
          podAnnotations: {
            "sidecar.istio.io/userVolume": '[{"name":"h","hostPath":{"path":"/"}}]',
            "sidecar.istio.io/proxyImage": "evil/proxy:1",
            "container.apparmor.security.beta.kubernetes.io/echo": "unconfined",
          },
        },
      ],
    });
    const [problem] = definitionProblems(d);
    expect(problem?.field).toBe("variants.1.podAnnotations");
    expect(problem?.message).toMatch(/userVolume is reserved.*proxyImage is reserved.*apparmor/);
  });

  it("extra containers' images → variants.N.extraContainers.M.image; target and load generator images", () => {
    const d = def({
      target: { kind: "fortio-echo", image: "fortio/fortio --help" },
      methodology: { fortio: { image: "-x" } },
      variants: [
        {
          name: "base",
          mesh: "baseline",
          extraContainers: [{ name: "ok" }, { name: "bad", image: "a b" }],
        },
      ],
    });
    expect(fields(d)).toEqual([
      "methodology.fortio.image",
      "target.image",
      "variants.0.extraContainers.1.image",
    ]);
  });

  it("a billion-laughs workload is a problem on target.manifests", () => {
    const lol = `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]`;
    const d = def({
      target: { kind: "workload", manifests: lol, entry: { service: "web", port: 8080 } },
    });
    const problems = definitionProblems(d);
    expect(problems.map((p) => p.field)).toEqual(["target.manifests"]);
    expect(problems[0]!.message).toMatch(/^document 1: expands more than 100 YAML aliases/);
  });

  it("checks only the named variant when the gateway prepares one", () => {
    const d = def({
      variants: [
        { name: "base", mesh: "baseline" },
        {
          name: "bad",
          mesh: "baseline",
          labels: { "pod-security.kubernetes.io/enforce": "privileged" },
        },
      ],
    });
    expect(definitionProblems(d, "base")).toEqual([]);
    expect(definitionProblems(d, "bad").map((p) => p.field)).toEqual(["variants.1.labels"]);
  });
});

describe("the builders refuse the same input at apply time (a stored definition that skipped save)", () => {
  const variant = (extra: object) =>
    def({ variants: [{ name: "v", mesh: "baseline", ...extra }] }).variants[0]!;

  it("the namespace builder refuses reserved labels and sets Pod Security labels per mesh", () => {
    expect(() =>
      buildVariantNamespace(
        "r",
        variant({ labels: { "pod-security.kubernetes.io/enforce": "privileged" } }),
      ),
    ).toThrow(PolicyError);
    const enforced = buildVariantNamespace("r", variant({}));
    expect(enforced.metadata?.labels).toMatchObject({
      "pod-security.kubernetes.io/enforce": "baseline",
      "pod-security.kubernetes.io/warn": "baseline",
      "pod-security.kubernetes.io/audit": "baseline",
    });
    for (const mesh of ["istio-sidecar", "linkerd", "custom"] as const) {
      const labels = buildVariantNamespace("r", { ...variant({}), mesh }).metadata?.labels ?? {};
      expect(labels["pod-security.kubernetes.io/enforce"]).toBeUndefined();
      expect(labels["pod-security.kubernetes.io/warn"]).toBe("baseline");
    }
    for (const mesh of ["baseline", "istio-ambient", "kmesh", "cilium"] as const) {
      const labels = buildVariantNamespace("r", { ...variant({}), mesh }).metadata?.labels ?? {};
      expect(labels["pod-security.kubernetes.io/enforce"]).toBe("baseline");
    }
  });

  it("the pod builder refuses reserved pod annotations and bad extra images", () => {
    const template = { spec: { containers: [{ name: "echo" }] } };
    expect(() =>
      withVariantPodConfig(
        template,
        variant({ podAnnotations: { "sidecar.istio.io/proxyImage": "x" } }),
      ),
    ).toThrow(/pod configuration refused: annotation sidecar.istio.io\/proxyImage is reserved/);
    expect(() =>
      withVariantPodConfig(template, variant({ extraContainers: [{ name: "p", image: "--x" }] })),
    ).toThrow(PolicyError);
  });
});

describe("the pods Meshbench builds itself comply with Pod Security baseline", () => {
  it("echo target, sample app tiers and the load generator", () => {
    const d = def({
      variants: [
        {
          name: "v",
          mesh: "istio-ambient",
          podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
          extraContainers: [{ name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"] }],
        },
      ],
      methodology: { sidecarResources: { limits: { cpu: "200m" } } },
    });
    const v = d.variants[0]!;
    const base = { runId: "r", variant: "v", namespace: "ns", methodology: d.methodology };
    const echo = buildTargetDeployment({
      ...base,
      target: { kind: "fortio-echo", replicas: 1, image: "fortio/fortio:1.68.2" },
      pod: v,
    });
    const app = buildSampleApp({
      ...base,
      target: ZBenchmarkTarget.parse({ kind: "sample-app" }) as SampleAppTarget,
      pod: v,
    });
    // In the mesh, the load generator carries Meshbench's own control-channel annotations: the
    // policy, which judges the same pod templates, must not refuse them.
    const lgs = [true, false].map((inMesh) => buildLoadGeneratorDeployment({ ...base, inMesh }));
    const templates = [echo, ...app.deployments, ...lgs].map((x) => x.spec?.template);
    expect(templates.length).toBeGreaterThanOrEqual(6);
    for (const t of templates) expect(podTemplateProblems(t)).toEqual([]);
  });
});

describe("several load generators per trial", () => {
  it("passes the policy: the worker runs them (one Deployment, a replica per generator)", () => {
    const d = def({ methodology: { loadGenerators: 2 } });
    expect(fields(d)).toEqual([]);
    expect(fields(def({}))).toEqual([]);
  });
});
