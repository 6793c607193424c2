import { DomainError, ZBenchmarkDefinition, type TTemplateJwt } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { buildTemplate, listTemplates } from "./index";

const JWKS = JSON.stringify({ keys: [{ kty: "RSA", n: "AQAB", e: "AQAB", kid: "k1" }] });
const generated: TTemplateJwt = {
  secret: "elca-jwt",
  issuer: "meshbench-test/elca-jwt",
  jwks: JWKS,
  generated: true,
};

function featureCost(jwt: TTemplateJwt | undefined, meshes = ["istio-sidecar", "istio-ambient"]) {
  return ZBenchmarkDefinition.parse(
    buildTemplate("elca-feature-cost", {
      mode: "feature-cost",
      meshes: meshes as ["istio-sidecar"],
      jwt,
    }).definition,
  );
}

describe("B: ELCA's JWT variants", () => {
  it("are offered by feature cost only, and only with a token", () => {
    expect(listTemplates().find((t) => t.key === "elca-feature-cost")?.jwtModes).toEqual([
      "feature-cost",
    ]);
    const names = (jwt?: TTemplateJwt) => featureCost(jwt).variants.map((v) => v.name);
    expect(names()).not.toContain("istio-sidecar-jwt");
    expect(names(generated)).toEqual(
      expect.arrayContaining(["istio-sidecar-jwt", "istio-ambient-jwt"]),
    );
    for (const [key, mode] of [
      ["elca-feature-cost", "fixed-levels"],
      ["istio-perf-page", undefined],
    ] as const) {
      const build = () => buildTemplate(key, { mode, jwt: generated });
      expect(build).toThrow(DomainError);
      expect(build).toThrow(/^jwt: /);
    }
  });

  it("send the token from the header secret and validate it where the mesh reads HTTP", () => {
    const def = featureCost(generated);
    const sidecar = def.variants.find((v) => v.name === "istio-sidecar-jwt")!;
    expect(sidecar.requestHeaders).toEqual([{ name: "Authorization", secret: "elca-jwt" }]);
    expect(sidecar.manifests).toContain(`kind: RequestAuthentication
metadata:
  name: jwt
spec:
  selector:
    matchLabels:
      meshbench.io/component: target
  jwtRules:
    - issuer: "meshbench-test/elca-jwt"
      jwks: ${JSON.stringify(JWKS)}`);
    expect(sidecar.manifests).toMatch(/name: require-jwt[\s\S]*requestPrincipals: \["\*"\]/);
    expect(sidecar.manifests).toMatch(/mode: STRICT/);
    const ambient = def.variants.find((v) => v.name === "istio-ambient-jwt")!;
    expect(ambient.waypoint).toBe("waypoint");
    expect(ambient.requestHeaders).toEqual(sidecar.requestHeaders);
    expect(ambient.manifests).toMatch(/kind: RequestAuthentication[\s\S]*targetRefs:/);
    expect(ambient.manifests).toMatch(/name: require-jwt[\s\S]*targetRefs:/);
    // The other variants send no token; the benchmark as a whole sends no header.
    expect(def.requestHeaders).toEqual([]);
    expect(def.variants.filter((v) => v.requestHeaders.length).map((v) => v.name)).toEqual([
      "istio-sidecar-jwt",
      "istio-ambient-jwt",
    ]);
  });

  it("say whose token it is: generated (key discarded) or the user's, with its issuer and keys", () => {
    expect(featureCost(generated).description).toMatch(
      /RS256 key pair Meshbench generated.*private key discarded.*workspace secret elca-jwt/,
    );
    const own = featureCost({
      secret: "my-token",
      issuer: "https://issuer.example",
      jwksUri: "https://issuer.example/jwks.json",
      generated: false,
    });
    expect(own.description).toContain(
      "your token (the workspace secret my-token) from issuer https://issuer.example, verified with the keys istiod fetches from https://issuer.example/jwks.json",
    );
    expect(own.variants.find((v) => v.name === "istio-sidecar-jwt")!.manifests).toContain(
      'jwksUri: "https://issuer.example/jwks.json"',
    );
  });

  it("cannot let an issuer break out of its YAML field", () => {
    const hostile = featureCost({ ...generated, issuer: 'x"\nkind: ClusterRoleBinding' }, [
      "istio-sidecar",
    ]);
    const manifests = hostile.variants.find((v) => v.name === "istio-sidecar-jwt")!.manifests;
    expect(manifests).toContain(String.raw`- issuer: "x\"\nkind: ClusterRoleBinding"`);
    expect(manifests).not.toMatch(/^kind: ClusterRoleBinding/m);
  });
});
