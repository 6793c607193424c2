import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { EMBEDDED_MODULE, RBAC_SOURCE } from "./embed-rbac";
import { MESHBENCH_RBAC_YAML } from "./meshbench-rbac.embedded";
import { embeddedModule, rbacPlan } from "./rbac";

const kinds = (manifest: string) =>
  parseAllDocuments(manifest).map((d) => {
    const o = d.toJS() as { kind: string; metadata: { name: string } };
    return `${o.kind}/${o.metadata.name}`;
  });

describe("the RBAC the CLI carries", () => {
  it("is infra/rbac/meshbench-rbac.yaml, byte for byte (run `pnpm --filter @meshbench/cli embed-rbac`)", () => {
    expect(MESHBENCH_RBAC_YAML).toBe(readFileSync(RBAC_SOURCE, "utf8"));
    expect(readFileSync(EMBEDDED_MODULE, "utf8")).toBe(embeddedModule(MESHBENCH_RBAC_YAML));
  });

  it("generates a module whose constant is the text again, whatever quotes it holds", async () => {
    for (const text of [MESHBENCH_RBAC_YAML, `a "b" 'c' \\" \\' \n\t\u0001 ${"`"}\${x}`, "'''\""]) {
      const url = `data:text/javascript,${encodeURIComponent(embeddedModule(text))}`;
      const mod = (await import(url)) as { MESHBENCH_RBAC_YAML: string };
      expect(mod.MESHBENCH_RBAC_YAML).toBe(text);
    }
  });

  it("applies the service account, its role, binding and token Secret; the bundles role only on request", () => {
    const plain = rbacPlan(false);
    expect(kinds(plain.manifest)).toEqual([
      "Namespace/meshbench-system",
      "ServiceAccount/meshbench",
      "ClusterRole/meshbench",
      "ClusterRoleBinding/meshbench",
      "Secret/meshbench-token",
    ]);
    expect(plain.objects).toEqual(kinds(plain.manifest));
    expect(plain).toMatchObject({
      namespace: "meshbench-system",
      secretName: "meshbench-token",
      serviceAccount: "meshbench",
    });
    const withBundles = rbacPlan(true);
    expect(kinds(withBundles.manifest)).toEqual(
      expect.arrayContaining([
        "ClusterRole/meshbench-bundles",
        "ClusterRoleBinding/meshbench-bundles",
      ]),
    );
    expect(kinds(withBundles.manifest)).toHaveLength(7);
  });

  it("refuses a manifest without a service-account-token Secret", () => {
    expect(() => rbacPlan(false, "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n")).toThrow(
      /service-account-token/,
    );
  });
});
