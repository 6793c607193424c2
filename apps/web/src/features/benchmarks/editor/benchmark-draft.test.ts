import { ZBenchmarkDefinition, TEMPLATE_KEYS } from "@meshbench/contracts";
import { buildTemplate } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { definitionFrom, draftFrom } from "./benchmark-draft";

/** JSON as stored, with "no value" spelled one way (absent, undefined and null are all unset). */
const stored = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v === null ? undefined : v))) as unknown;

/** The editor round trip: stored definition → form state → definition, with nothing lost. */
describe("benchmark draft round trip", () => {
  it.each(TEMPLATE_KEYS.map((k) => [k]))(
    "every field of the %s template survives the editor unchanged",
    (key) => {
      const original = ZBenchmarkDefinition.parse(buildTemplate(key).definition);
      const again = ZBenchmarkDefinition.parse(definitionFrom(draftFrom(original)));
      expect(stored(again)).toEqual(stored(original));
    },
  );

  it("keeps the ramp's capacity search and per-variant manifests", () => {
    const ramp = ZBenchmarkDefinition.parse(
      buildTemplate("elca-feature-cost", { mode: "ramp" }).definition,
    );
    expect(ZBenchmarkDefinition.parse(definitionFrom(draftFrom(ramp)))).toEqual(ramp);
    const features = ZBenchmarkDefinition.parse(
      buildTemplate("elca-feature-cost", { mode: "feature-cost", meshes: ["istio-sidecar"] })
        .definition,
    );
    expect(ZBenchmarkDefinition.parse(definitionFrom(draftFrom(features)))).toEqual(features);
  });

  it("round-trips workload and per-variant service-url targets, extra containers and entries", () => {
    const workload = ZBenchmarkDefinition.parse({
      key: "w",
      name: "w",
      target: {
        kind: "workload",
        manifests: "apiVersion: v1\nkind: Service\nmetadata:\n  name: app\n",
        entry: { service: "app", port: 8080, path: "/api" },
      },
      variants: [
        { name: "baseline", mesh: "baseline" },
        {
          name: "proxy",
          mesh: "custom",
          podAnnotations: { "meshbench.io/container-roles": "proxy=envoy" },
          extraContainers: [{ name: "envoy", args: ["proxies"], ports: [9000], role: "proxy" }],
          entry: { service: "app-proxy", port: 9000 },
        },
      ],
      loadMatrix: { qps: [100], connections: [4], protocols: ["tcp"] },
      methodology: {
        loadGeneratorResources: { requests: { cpu: "1" } },
        seed: 42,
        trialTimeoutSeconds: 120,
        idleGate: false,
        rateSeries: true,
      },
    });
    expect(stored(ZBenchmarkDefinition.parse(definitionFrom(draftFrom(workload))))).toEqual(
      stored(workload),
    );
    const urls = ZBenchmarkDefinition.parse({
      key: "u",
      name: "u",
      target: {
        kind: "service-url",
        variantUrls: {
          plain: "http://echo.plain.svc.cluster.local:8080/?a=1,2",
          meshed: "http://echo.meshed.svc.cluster.local:8080/",
        },
      },
      variants: [
        { name: "plain", mesh: "baseline" },
        { name: "meshed", mesh: "istio-sidecar" },
      ],
      loadMatrix: { qps: [100], connections: [4] },
    });
    expect(stored(ZBenchmarkDefinition.parse(definitionFrom(draftFrom(urls))))).toEqual(
      stored(urls),
    );
  });

  it("bad extra-container JSON is reported on that field, not thrown", () => {
    const draft = draftFrom(null);
    draft.key = "x";
    draft.name = "x";
    draft.variants[1]!.extraContainers = "[{oops";
    const parsed = ZBenchmarkDefinition.safeParse(definitionFrom(draft));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path.join(".")).toBe("variants.1.extraContainers");
  });

  it("a declared path round-trips; bad JSON or a path the mesh cannot have is reported on its field", () => {
    const draft = draftFrom(null);
    draft.key = "x";
    draft.name = "x";
    const v = draft.variants[1]!;
    v.topology = '{"client":"outside","hops":["server-proxy"],"mtls":false}';
    const ok = ZBenchmarkDefinition.parse(definitionFrom(draft));
    expect(ok.variants[1]?.topology).toEqual({
      client: "outside",
      hops: ["server-proxy"],
      mtls: false,
    });
    expect(draftFrom(ok).variants[1]?.topology).toBe(v.topology);
    v.topology = "{oops";
    const bad = ZBenchmarkDefinition.safeParse(definitionFrom(draft));
    expect(bad.error?.issues[0]?.path.join(".")).toBe("variants.1.topology");
  });
});

describe("request headers in the editor", () => {
  it("round-trips the benchmark's and each variant's headers, plain and secret, with the JWT variant", () => {
    const jwt = ZBenchmarkDefinition.parse({
      ...buildTemplate("elca-feature-cost", {
        mode: "feature-cost",
        meshes: ["istio-sidecar"],
        jwt: { secret: "elca-jwt", issuer: "i", jwks: '{"keys":[{"kty":"RSA"}]}' },
      }).definition,
      requestHeaders: [{ name: "X-Run", value: "nightly" }],
    });
    expect(jwt.variants.at(-1)!.requestHeaders).toEqual([
      { name: "Authorization", secret: "elca-jwt" },
    ]);
    expect(ZBenchmarkDefinition.parse(definitionFrom(draftFrom(jwt)))).toEqual(jwt);
  });

  it("drops empty rows and sends a half-filled one for the schema to name", () => {
    const draft = draftFrom(null);
    draft.requestHeaders = [
      { name: "", kind: "value", value: "", secret: "" },
      { name: "Host", kind: "value", value: "x", secret: "" },
    ];
    const parsed = ZBenchmarkDefinition.safeParse(
      definitionFrom({ ...draft, key: "k", name: "k" }),
    );
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["requestHeaders.0.name"]);
  });
});
