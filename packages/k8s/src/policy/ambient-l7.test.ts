import { type TMeshKind, ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { definitionProblems } from "./definition-policy";

const policy = (rules: string, attach = "selector: { matchLabels: { app: echo } }") =>
  `apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata: { name: p }
spec:
  ${attach}
  action: ALLOW
  rules:
${rules}`;
const L7 = `    - to: [{ operation: { methods: ["GET"] } }]`;
const TO_WAYPOINT = `targetRefs: [{ kind: Service, group: "", name: echo }]`;

const withVariant = (mesh: TMeshKind, manifests: string, waypoint?: string) =>
  definitionProblems(
    ZBenchmarkDefinition.parse({
      key: "k",
      name: "k",
      target: { kind: "fortio-echo" },
      variants: [
        { name: "base", mesh: "baseline" },
        { name: "v", mesh, manifests, ...(waypoint ? { waypoint } : {}) },
      ],
      loadMatrix: { qps: [100], connections: [2] },
    }),
  );

describe("an L7 AuthorizationPolicy in ambient goes with a waypoint (refused when saving)", () => {
  it.each(["istio-ambient", "kmesh"] as const)(
    "%s without a waypoint: BAD_REQUEST on variants.1.manifests, saying why",
    (mesh) => {
      const [problem, ...rest] = withVariant(mesh, policy(L7));
      expect(rest).toEqual([]);
      expect(problem?.field).toBe("variants.1.manifests");
      expect(problem?.message).toMatch(
        /AuthorizationPolicy p has an L7 rule \(to\.operation\.methods\).*no waypoint.*denies every request/,
      );
    },
  );

  it("with a waypoint but a pod selector: still ztunnel's, still refused", () => {
    const [problem] = withVariant("istio-ambient", policy(L7), "waypoint");
    expect(problem?.message).toMatch(/selects pods instead of attaching to the waypoint/);
  });

  it("with a waypoint and targetRefs: accepted", () => {
    expect(withVariant("istio-ambient", policy(L7, TO_WAYPOINT), "waypoint")).toEqual([]);
  });

  it("finds L7 in every place Istio documents: paths, hosts, request principals, request conditions, CUSTOM", () => {
    const l7 = [
      `    - to: [{ operation: { paths: ["/"] } }]`,
      `    - to: [{ operation: { notHosts: ["a"] } }]`,
      `    - from: [{ source: { requestPrincipals: ["*"] } }]`,
      `    - when: [{ key: request.headers[x-user], values: ["a"] }]`,
    ];
    for (const rules of l7)
      expect(withVariant("istio-ambient", policy(rules))[0]?.field).toBe("variants.1.manifests");
    const custom = policy(L7).replace("action: ALLOW", "action: CUSTOM\n  provider: { name: x }");
    expect(withVariant("istio-ambient", custom)[0]?.message).toMatch(/action CUSTOM/);
  });

  it("L4 policies need no waypoint; sidecar meshes are not concerned", () => {
    const l4 = [
      `    - from: [{ source: { principals: ["cluster.local/ns/x/sa/y"] } }]`,
      `    - to: [{ operation: { ports: ["8080"] } }]`,
      `    - when: [{ key: source.namespace, values: ["x"] }]`,
    ];
    for (const rules of l4) expect(withVariant("istio-ambient", policy(rules))).toEqual([]);
    expect(withVariant("istio-sidecar", policy(L7))).toEqual([]);
  });
});
