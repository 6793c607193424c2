import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALLOWED_KINDS, apiGroup, kindProblem } from "./kinds";

const versionOf = (group: string) => (group ? `${group}/v1` : "v1");

describe("the kind allow-list", () => {
  it.each(ALLOWED_KINDS.flatMap((g) => g.kinds.map((k) => [g.group, k] as const)))(
    "allows %s %s in any version",
    (group, kind) => {
      expect(kindProblem(versionOf(group), kind)).toBeNull();
      if (group) expect(kindProblem(`${group}/v1beta2`, kind)).toBeNull();
    },
  );

  it("matches on the API group, not the kind alone", () => {
    expect(kindProblem("gateway.networking.k8s.io/v1", "Gateway")).toBeNull();
    expect(kindProblem("networking.istio.io/v1", "Gateway")).toMatch(
      /selector reaches gateway pods/,
    );
    expect(kindProblem("security.istio.io/v1", "AuthorizationPolicy")).toBeNull();
    expect(kindProblem("policy.linkerd.io/v1alpha1", "AuthorizationPolicy")).toBeNull();
    expect(kindProblem("example.com/v1", "AuthorizationPolicy")).toMatch(/not on the list/);
    expect(kindProblem("apps/v1", "Service")).toMatch(
      /Service of API group "apps" is not on the list/,
    );
    expect(kindProblem("v1", "Deployment")).toMatch(
      /Deployment of API group core is not on the list/,
    );
    expect(apiGroup("v1")).toBe("");
    expect(apiGroup("rbac.authorization.k8s.io/v1")).toBe("rbac.authorization.k8s.io");
  });

  it.each([
    ["rbac.authorization.k8s.io/v1", "Role", /RBAC objects/],
    ["rbac.authorization.k8s.io/v1", "ClusterRoleBinding", /RBAC objects/],
    ["v1", "Namespace", /namespace Meshbench creates/],
    ["admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", /webhooks/],
    ["apiextensions.k8s.io/v1", "CustomResourceDefinition", /cluster-scoped/],
    ["networking.istio.io/v1alpha3", "EnvoyFilter", /patches proxies/],
    ["extensions.istio.io/v1alpha1", "WasmPlugin", /loads code/],
    ["gateway.networking.k8s.io/v1beta1", "ReferenceGrant", /other namespaces/],
    ["v1", "Endpoints", /any address/],
    ["discovery.k8s.io/v1", "EndpointSlice", /any address/],
    ["v1", "Pod", /Deployment or StatefulSet/],
    ["v1", "PersistentVolume", /not on the list/],
    ["v1", "Node", /not on the list/],
    ["storage.k8s.io/v1", "StorageClass", /not on the list/],
    ["scheduling.k8s.io/v1", "PriorityClass", /not on the list/],
    ["apps/v1", "DaemonSet", /not on the list/],
    ["batch/v1", "Job", /not on the list/],
  ])("refuses %s %s with a reason", (apiVersion, kind, reason) => {
    expect(kindProblem(apiVersion, kind)).toMatch(reason);
  });

  it("is the list the README documents (one constant for code and docs)", () => {
    const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    const start = readme.indexOf("## What a benchmark may create on your cluster");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    expect(start).toBeGreaterThan(0);
    const rows = section.split("\n").filter((l) => l.trim().startsWith("|"));
    for (const { group, kinds } of ALLOWED_KINDS) {
      const row = rows.find((r) => r.includes(group ? `| \`${group}\`` : "| core (`v1`)"));
      expect(row, `README row for ${group || "core"}`).toBeDefined();
      const listed = row!
        .split("|")[2]!
        .split(",")
        .map((k) => k.trim());
      expect(listed).toEqual([...kinds]);
    }
    expect(rows.length - 2).toBe(ALLOWED_KINDS.length);
  });
});
