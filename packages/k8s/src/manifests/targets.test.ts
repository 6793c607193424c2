import { ZBenchmarkDefinition, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { targetUrl } from "../fortio/target-url";
import { entryProblem, labelBundle, parseBundle } from "./bundle";
import { buildSampleApp, type SampleAppTarget, sampleAppEntry, sampleTierArgs } from "./sample-app";
import { targetProblems } from "./target-validation";

const WORKLOAD = `
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { selector: { app: web }, ports: [{ port: 8080 }, { port: 8078, name: tcp }] }
---
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: fortio/fortio:1.68.2 }] }
---
`;

const def = (input: Partial<TBenchmarkDefinitionInput>) =>
  ZBenchmarkDefinition.parse({
    key: "k",
    name: "k",
    target: { kind: "fortio-echo" },
    variants: [{ name: "base", mesh: "baseline" }],
    loadMatrix: { qps: [100], connections: [2] },
    ...input,
  });

describe("manifest bundles", () => {
  it("parses multi-document YAML, skipping empty documents", () => {
    const { objects, problems } = parseBundle(WORKLOAD);
    expect(problems).toEqual([]);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      "Service/web",
      "Deployment/web",
    ]);
  });

  it("names the document and the reason of every refusal", () => {
    const bad = [
      "apiVersion: v1\nkind: Namespace\nmetadata: { name: other }",
      "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c, namespace: kube-system }",
      "kind: ConfigMap\nmetadata: { name: c }",
      "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: Bad_Name }",
      "- just a list",
      "apiVersion: v1\nkind: List\nmetadata: { name: l }\nitems: []",
      "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: { name: x }",
    ].join("\n---\n");
    const { objects, problems } = parseBundle(bad);
    expect(objects).toEqual([]);
    expect(problems.map((p) => p.document)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(problems[0]!.message).toMatch(
      /^Namespace other: a benchmark may not create a Namespace/,
    );
    expect(problems[1]!.message).toMatch(/names namespace "kube-system"/);
    expect(problems[2]!.message).toBe("has no apiVersion");
    expect(problems[3]!.message).toMatch(/lowercase DNS name/);
    expect(problems[4]!.message).toMatch(/not a Kubernetes object/);
    expect(problems[5]!.message).toMatch(/separate documents/);
    expect(problems[6]!.message).toMatch(/ClusterRoleBinding x: .*RBAC objects would grant rights/);
  });

  it("accepts the variant's own namespace, refuses broken YAML, empty bundles and duplicates", () => {
    const own = "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: c, namespace: mb-r-base }";
    expect(parseBundle(own, "mb-r-base").problems).toEqual([]);
    expect(parseBundle(own).problems).toHaveLength(1); // when saving no namespace is known yet
    expect(parseBundle("a: [unclosed").problems[0]!.message).toMatch(/^not valid YAML/);
    expect(parseBundle("---\n---\n").problems[0]!.message).toBe("has no objects");
    expect(parseBundle(`${own}\n---\n${own}`, "mb-r-base").problems[0]).toEqual({
      document: 2,
      message: "ConfigMap c appears twice",
    });
  });

  it("labels objects and pod templates, into the namespace, leaving selectors alone", () => {
    const [svc, dep] = labelBundle(parseBundle(WORKLOAD).objects, "ns1", { run: "r" });
    expect(svc!.metadata).toMatchObject({ namespace: "ns1", labels: { run: "r" } });
    const spec = (
      dep as unknown as { spec: Record<string, { metadata?: object; matchLabels?: object }> }
    ).spec;
    expect(spec.template!.metadata).toEqual({ labels: { app: "web", run: "r" } });
    expect(spec.selector!.matchLabels).toEqual({ app: "web" });
  });

  it("hands every pod template to a further change (the variant's pod config)", () => {
    const [, dep] = labelBundle(parseBundle(WORKLOAD).objects, "ns1", {}, (t) => ({
      ...t,
      metadata: { ...t.metadata, annotations: { touched: "yes" } },
    }));
    const template = (dep as unknown as { spec: { template: { metadata: object } } }).spec.template;
    expect(template.metadata).toEqual({ labels: { app: "web" }, annotations: { touched: "yes" } });
  });

  it("checks the entry is a Service of the bundle with that port", () => {
    const { objects } = parseBundle(WORKLOAD);
    expect(entryProblem(objects, { service: "web", port: 8080, path: "/" })).toBeNull();
    expect(entryProblem(objects, { service: "api", port: 8080, path: "/" })).toMatch(
      /not a Service/,
    );
    expect(entryProblem(objects, { service: "web", port: 9999, path: "/" })).toMatch(
      /9999 is not a port of Service web \(8080, 8078\)/,
    );
  });
});

describe("target validation when a benchmark is saved", () => {
  const workload = (manifests: string, port = 8080) =>
    def({ target: { kind: "workload", manifests, entry: { service: "web", port } } });

  it("passes a good workload, refuses a bad bundle or a missing entry with the field", () => {
    expect(targetProblems(workload(WORKLOAD))).toEqual([]);
    const withNamespace = targetProblems(
      workload(`${WORKLOAD}\napiVersion: v1\nkind: Namespace\nmetadata: { name: x }`),
    );
    expect(withNamespace.map((p) => p.field)).toEqual(["target.manifests"]);
    expect(withNamespace[0]!.message).toMatch(
      /^document 3: Namespace x: a benchmark may not create a Namespace/,
    );
    expect(targetProblems(workload(WORKLOAD, 1234))[0]!.field).toBe("target.entry.service");
  });

  it("refuses gRPC and h2 on the sample app (its proxies carry HTTP/1.1 and TCP)", () => {
    const app = (protocols: ("http1" | "tcp" | "grpc" | "h2")[]) =>
      def({
        target: { kind: "sample-app" },
        loadMatrix: { qps: [1], connections: [1], protocols },
      });
    expect(targetProblems(app(["http1", "tcp"]))).toEqual([]);
    const grpc = targetProblems(app(["http1", "grpc"]));
    expect(grpc.map((p) => p.field)).toEqual(["loadMatrix.protocols"]);
    expect(grpc[0]!.message).toMatch(/not grpc$/);
  });
});

describe("sample app", () => {
  const target = def({ target: { kind: "sample-app", tiers: 3, replicas: 2 } })
    .target as SampleAppTarget;
  const app = buildSampleApp({
    runId: "r1",
    variant: "base",
    namespace: "ns",
    target,
    methodology: def({}).methodology,
  });

  it("chains fortio proxies (HTTP -M and TCP -P) to the next tier, the last an echo server", () => {
    expect(sampleTierArgs(0, 3, "ns")).toEqual([
      "proxies",
      "-M",
      "8080 http://tier1.ns.svc.cluster.local:8080",
      "-P",
      "8078 tier1.ns.svc.cluster.local:8078",
    ]);
    expect(sampleTierArgs(2, 3, "ns").slice(0, 5)).toEqual([
      "server",
      "-http-port",
      "8080",
      "-tcp-port",
      "8078",
    ]);
    expect(app.deployments.map((d) => d.metadata?.name)).toEqual(["tier2", "tier1", "tier0"]);
    expect(app.services.map((s) => s.spec?.ports?.map((p) => p.port))).toEqual([
      [8080, 8078],
      [8080, 8078],
      [8080, 8078],
    ]);
  });

  it("labels every tier's pods as the run's target, selects each tier by its own app label", () => {
    for (const d of app.deployments) {
      expect(d.spec?.replicas).toBe(2);
      expect(d.spec?.template.metadata?.labels).toMatchObject({
        "meshbench.io/run": "r1",
        "meshbench.io/variant": "base",
        "meshbench.io/component": "target",
        app: d.metadata?.name,
      });
      expect(d.spec?.selector.matchLabels).toEqual({
        app: d.metadata?.name,
        "meshbench.io/component": "target",
      });
    }
  });

  it("gives every tier the variant's pod annotations and extra containers (as a mesh would)", () => {
    const withProxy = buildSampleApp({
      runId: "r1",
      variant: "hop",
      namespace: "ns",
      target,
      methodology: def({}).methodology,
      pod: {
        podAnnotations: { "proxy.example/concurrency": "2" },
        extraContainers: [
          { name: "hop", image: "fortio/fortio:1.68.2", args: [], ports: [9090], role: "proxy" },
        ],
      },
    });
    for (const d of withProxy.deployments) {
      expect(d.spec?.template.spec?.containers.map((c) => c.name)).toEqual(["fortio", "hop"]);
      expect(d.spec?.template.metadata?.annotations).toMatchObject({
        "proxy.example/concurrency": "2",
        "meshbench.io/container-roles": "proxy=hop",
      });
    }
  });

  it("loads the front (whole chain) or the leaf alone, over HTTP or TCP", () => {
    expect(sampleAppEntry({ tiers: 3, entry: "front" })).toBe("tier0");
    expect(sampleAppEntry({ tiers: 3, entry: "leaf" })).toBe("tier2");
    const front = def({ target: { kind: "sample-app", tiers: 3 } }).target;
    const leaf = def({ target: { kind: "sample-app", tiers: 4, entry: "leaf" } }).target;
    expect(targetUrl(front, "ns", "http1", "base")).toBe(
      "http://tier0.ns.svc.cluster.local:8080/echo",
    );
    expect(targetUrl(leaf, "ns", "tcp", "base")).toBe("tcp://tier3.ns.svc.cluster.local:8078");
    expect(() => targetUrl(front, "ns", "grpc", "base")).toThrow(/HTTP\/1.1 and TCP only/);
  });
});
