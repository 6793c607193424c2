import { CONTAINER_ROLES_ANNOTATION, ZBenchmarkDefinition, ZVariant } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { meshNamespaceMetadata } from "./labels";
import { buildTargetDeployment } from "./target";
import { withVariantPodConfig } from "./variant-pods";

const at = { runId: "r1", variant: "v", namespace: "mb-r1-v" };

describe("a variant's pod configuration", () => {
  const variant = ZVariant.parse({
    name: "hop",
    mesh: "baseline",
    podAnnotations: { "proxy.istio.io/config": "concurrency: 2" },
    extraContainers: [
      { name: "hop", args: ["proxies", "-M", "8090 http://localhost:8080"], ports: [8090] },
      { name: "agent", role: "app", resources: { limits: { cpu: "100m" } } },
    ],
  });

  it("adds annotations and containers to the pod, naming each extra container's role", () => {
    const t = withVariantPodConfig(
      {
        metadata: { annotations: { [CONTAINER_ROLES_ANNOTATION]: "app=echo", keep: "1" } },
        spec: { containers: [{ name: "echo" }] },
      },
      variant,
    );
    expect(t.metadata?.annotations).toEqual({
      keep: "1",
      "proxy.istio.io/config": "concurrency: 2",
      [CONTAINER_ROLES_ANNOTATION]: "app=echo,proxy=hop,app=agent",
    });
    expect(t.spec?.containers.map((c) => c.name)).toEqual(["echo", "hop", "agent"]);
    expect(t.spec?.containers[1]).toMatchObject({
      image: "fortio/fortio:1.68.2",
      args: ["proxies", "-M", "8090 http://localhost:8080"],
      ports: [{ name: "p8090", containerPort: 8090 }],
    });
    expect(t.spec?.containers[2]?.resources).toEqual({ requests: {}, limits: { cpu: "100m" } });
  });

  it("refuses an extra container that clashes with the target's, and leaves pods alone without config", () => {
    const clash = ZVariant.parse({
      name: "x",
      mesh: "baseline",
      extraContainers: [{ name: "echo" }],
    });
    expect(() => withVariantPodConfig({ spec: { containers: [{ name: "echo" }] } }, clash)).toThrow(
      /clashes/,
    );
    const plain = { spec: { containers: [{ name: "echo" }] } };
    expect(withVariantPodConfig(plain, ZVariant.parse({ name: "b", mesh: "baseline" }))).toEqual({
      ...plain,
      metadata: { annotations: {} },
    });
  });

  it("is applied to the echo target's Deployment, not to its namespace", () => {
    const def = ZBenchmarkDefinition.parse({
      key: "k",
      name: "n",
      target: { kind: "fortio-echo" },
      variants: [variant],
      loadMatrix: { qps: [100], connections: [1] },
    });
    if (def.target.kind !== "fortio-echo") throw new Error("unreachable");
    const d = buildTargetDeployment({
      ...at,
      target: def.target,
      methodology: def.methodology,
      pod: variant,
    });
    expect(d.spec?.template.metadata?.annotations?.["proxy.istio.io/config"]).toBe(
      "concurrency: 2",
    );
    expect(meshNamespaceMetadata(variant).annotations).toEqual({});
  });
});
