import { KubeClusterGateway, openCluster } from "@meshbench/k8s";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { testNodes } from "@meshbench/testing/k8s";
import { beforeAll, describe, expect, it } from "vitest";
import {
  kubectl,
  parseObjects,
  renderChart,
  serviceAccountFiles,
  type K8sObject,
} from "../test-support/chart-testing";

const DB = "database:\n  url: postgresql://meshbench:pw@postgres.example.com:5432/meshbench\n";
/** The operator enables in-cluster mode for one named workspace. */
const IN_CLUSTER = `${DB}inCluster: { enabled: true, workspaces: [ws-ops] }\n`;
const PRODUCTION = `
image: { registry: registry.example.com/meshbench, tag: "1.2.3", pullSecrets: [{ name: regcred }] }
secrets: { existingSecret: meshbench-prod }
baseUrl: https://meshbench.example.com
logLevel: warn
web:
  replicas: 3
  pdb: { minAvailable: 2 }
  resources: { requests: { cpu: "1", memory: 1Gi }, limits: { memory: 2Gi } }
worker:
  replicas: 2
  terminationGracePeriodSeconds: 120
  nodeSelector: { pool: bench-control }
ingress:
  enabled: true
  className: nginx
  host: meshbench.example.com
  annotations: { cert-manager.io/cluster-issuer: letsencrypt }
  tls: [{ secretName: meshbench-tls }]
serviceAccount: { annotations: { example.com/owner: platform } }
`;

type Container = {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string }[];
};
const podSpec = (o: K8sObject) =>
  (o.spec as { template: { spec: { containers: Container[]; serviceAccountName?: string } } })
    .template.spec;

describe("the Helm chart renders objects the real apiserver accepts (server-side dry run)", () => {
  beforeAll(() => {
    for (const ns of ["mb-default", "mb-prod"]) kubectl(["create", "namespace", ns]);
  });

  it("refuses to render without a database, naming the value to set", () => {
    expect(() => renderChart("mb-default", "{}")).toThrow(
      /database\.url is required \(the external PostgreSQL URL\), or set secrets\.existingSecret/,
    );
  });

  it.each([
    ["default values + database.url", "mb-default", DB],
    ["production-like values", "mb-prod", PRODUCTION],
  ])("%s: every rendered object passes kubectl apply --dry-run=server", (_, ns, values) => {
    const yaml = renderChart(ns, values);
    const objects = parseObjects(yaml);
    const out = kubectl(["apply", "--dry-run=server", "-n", ns, "-f", "-"], yaml);
    // one "… (server dry run)" line per object: nothing skipped, nothing refused
    expect(out.trim().split("\n")).toHaveLength(objects.length);
    expect(out).not.toMatch(/error/i);
  });

  it("has every piece: web + worker Deployments, Service, PDBs, migrations hook; RBAC only in-cluster", () => {
    const kinds = (values: string) =>
      parseObjects(renderChart("mb-prod", values)).map((o) => `${o.kind}/${o.metadata.name}`);
    expect(kinds(DB).sort()).toEqual(
      [
        "Deployment/mb-meshbench-web",
        "Deployment/mb-meshbench-worker",
        "Job/mb-meshbench-migrations",
        "PodDisruptionBudget/mb-meshbench-web",
        "PodDisruptionBudget/mb-meshbench-worker",
        "Secret/mb-meshbench",
        "Secret/mb-meshbench-migrations",
        "Service/mb-meshbench-web",
        "Service/mb-meshbench-worker-ops",
        "ServiceAccount/mb-meshbench",
      ].sort(),
    );
    expect(kinds(IN_CLUSTER)).toEqual(
      expect.arrayContaining([
        "ClusterRole/mb-meshbench-mb-prod",
        "ClusterRoleBinding/mb-meshbench-mb-prod",
      ]),
    );
    const prod = kinds(PRODUCTION);
    expect(prod).toContain("Ingress/mb-meshbench");
    expect(prod.filter((k) => k.startsWith("Secret/"))).toEqual([]); // the existing Secret is used
  });

  it("runs in production mode, never seeds, and migrates only from the pre-install/upgrade hook", () => {
    for (const values of [DB, PRODUCTION]) {
      const objects = parseObjects(renderChart("mb-prod", values));
      // (Secrets hold random keys, which could spell anything)
      const workloads = objects.filter((o) => o.kind !== "Secret");
      expect(JSON.stringify(workloads)).not.toMatch(/seed/i);
      for (const d of objects.filter((o) => o.kind === "Deployment")) {
        const [container] = podSpec(d).containers;
        expect(container!.env).toContainEqual({ name: "MESHBENCH_MODE", value: "production" });
        expect(container!.command).toBeUndefined(); // the image's CMD: server.js / dist/main.js
      }
      const job = objects.find((o) => o.kind === "Job")!;
      expect(job.metadata.annotations).toMatchObject({
        "helm.sh/hook": "pre-install,pre-upgrade",
      });
      expect(podSpec(job).containers[0]!.image).toMatch(/meshbench-migrations:/);
    }
  });

  it("generates the secrets production requires, the metrics token included", () => {
    const secretOf = (values: string) => {
      const secret = parseObjects(renderChart("mb-prod", values)).find(
        (o) => o.kind === "Secret" && o.metadata.name === "mb-meshbench",
      ) as (K8sObject & { data: Record<string, string> }) | undefined;
      return (key: string) => Buffer.from(secret?.data[key] ?? "", "base64").toString();
    };
    // the web pods refuse to start in production without any of these (apps/web/src/env.ts)
    const generated = secretOf(DB);
    expect(generated("BETTER_AUTH_SECRET").length).toBeGreaterThanOrEqual(32);
    expect(generated("MESHBENCH_ENCRYPTION_KEYS")).toMatch(/^k1:[A-Za-z0-9+/]{43}=$/);
    expect(generated("MESHBENCH_METRICS_TOKEN")).toMatch(/^[A-Za-z0-9]{40}$/);
    const given = secretOf(`${DB}secrets: { metricsToken: scrape-me-0123456789 }\n`);
    expect(given("MESHBENCH_METRICS_TOKEN")).toBe("scrape-me-0123456789");
  });

  it("in-cluster mode is off by default: no token mounted, no RBAC; enabled only for named workspaces", () => {
    const deployments = (values: string) =>
      parseObjects(renderChart("mb-prod", values)).filter((o) => o.kind === "Deployment");
    for (const d of deployments(DB)) {
      const spec = podSpec(d) as ReturnType<typeof podSpec> & {
        automountServiceAccountToken: boolean;
      };
      expect(spec.automountServiceAccountToken).toBe(false);
      expect(JSON.stringify(spec.containers[0]!.env)).not.toContain(
        "MESHBENCH_IN_CLUSTER_WORKSPACES",
      );
    }
    for (const d of deployments(IN_CLUSTER))
      expect(podSpec(d).containers[0]!.env).toContainEqual({
        name: "MESHBENCH_IN_CLUSTER_WORKSPACES",
        value: "ws-ops",
      });
    expect(() => renderChart("mb-prod", `${DB}inCluster: { enabled: true }\n`)).toThrow(
      /inCluster\.enabled needs inCluster\.workspaces/,
    );
  });

  it("scales each tier from values and gives the worker time to hand back its trial", () => {
    const objects = parseObjects(renderChart("mb-prod", PRODUCTION));
    const deployment = (name: string) =>
      objects.find((o) => o.kind === "Deployment" && o.metadata.name.endsWith(name))!;
    expect(deployment("-web").spec!.replicas).toBe(3);
    expect(deployment("-worker").spec!.replicas).toBe(2);
    const worker = podSpec(deployment("-worker")) as ReturnType<typeof podSpec> & {
      terminationGracePeriodSeconds: number;
    };
    expect(worker.terminationGracePeriodSeconds).toBe(120);
    expect(worker.containers[0]!.env).toContainEqual({
      name: "MESHBENCH_SHUTDOWN_TIMEOUT_MS",
      value: "110000",
    });
    expect(worker.containers[0]!.image).toBe(
      "registry.example.com/meshbench/meshbench-worker:1.2.3",
    );
  });
});

describe("in-cluster mode: the chart's ServiceAccount + RBAC, used through a pod-style token mount", () => {
  const ns = "mb-incluster";

  beforeAll(() => {
    kubectl(["create", "namespace", ns]);
    const rbac = renderChart(ns, IN_CLUSTER, [
      "--show-only",
      "templates/serviceaccount.yaml",
      "--show-only",
      "templates/rbac.yaml",
    ]);
    kubectl(["apply", "-n", ns, "-f", "-"], rbac);
    kubectl(["create", "serviceaccount", "nobody", "-n", ns]);
  });

  const inClusterGateway = (serviceAccount: string) => {
    const sa = serviceAccountFiles(ns, serviceAccount);
    // The operator enabled in-cluster mode for workspace "w"; the mount is under a temp dir.
    const access = {
      workspaceIds: ["w"],
      serviceHost: sa.host,
      servicePort: sa.port,
      serviceAccountDir: sa.dir,
    };
    const policy = parseOutboundPolicy("production", "");
    return new KubeClusterGateway(
      openCluster({ mode: "in_cluster", access, workspaceId: "w" }, { policy }),
    );
  };

  it("the chart's ServiceAccount token validates with every permission and sees the nodes", async () => {
    const gw = inClusterGateway("mb-meshbench");
    const validation = await gw.validate();
    expect(validation).toMatchObject({ reachable: true, error: null, missing: [] });
    const facts = await gw.facts();
    expect(facts.serverVersion).toBe("v1.32.4");
    expect(facts.nodes?.count).toBe(testNodes().length);
  });

  it("a ServiceAccount without the chart's binding is refused (RBAC is really enforced)", async () => {
    const validation = await inClusterGateway("nobody").validate();
    expect(validation.missing.length).toBeGreaterThan(0);
  });
});
