import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import {
  describeHeaders,
  fillDefinitionSecrets,
  maskDefinitionSecrets,
  openedHeaders,
  requestHeadersOf,
  secretNamesOf,
} from "./request-headers";

const def = ZBenchmarkDefinition.parse({
  key: "jwt",
  name: "jwt",
  target: { kind: "fortio-echo" },
  requestHeaders: [
    { name: "X-Run", value: "bench" },
    { name: "Authorization", secret: "shared-token" },
  ],
  variants: [
    { name: "base", mesh: "baseline" },
    {
      name: "jwt",
      mesh: "istio-sidecar",
      requestHeaders: [
        { name: "authorization", secret: "elca-jwt" },
        { name: "X-Variant", value: "jwt" },
      ],
    },
  ],
  loadMatrix: { qps: [100], connections: [2] },
});

describe("a variant's request headers", () => {
  it("are the benchmark's, replaced by the variant's of the same name (any case), then the variant's own", () => {
    expect(requestHeadersOf(def, "base")).toEqual(def.requestHeaders);
    expect(requestHeadersOf(def, "jwt")).toEqual([
      { name: "X-Run", value: "bench" },
      { name: "authorization", secret: "elca-jwt" },
      { name: "X-Variant", value: "jwt" },
    ]);
  });

  it("are described with placeholders and opened only with every secret's value", () => {
    const headers = requestHeadersOf(def, "jwt");
    expect(describeHeaders(headers)).toBe(
      "X-Run: bench; authorization: <secret:elca-jwt>; X-Variant: jwt",
    );
    const values = new Map([["elca-jwt", "Bearer s3cr3t"]]);
    expect(openedHeaders(headers, values)[1]).toEqual({
      name: "authorization",
      value: "Bearer s3cr3t",
    });
    expect(() => openedHeaders(requestHeadersOf(def, "base"), values)).toThrow(
      'the workspace secret "shared-token" is missing',
    );
  });
});

describe("a definition's secrets in bundles and exports", () => {
  it("masks every secret header as its placeholder, which does not parse until filled again", () => {
    const masked = maskDefinitionSecrets(def);
    expect(masked.requestHeaders[1]).toEqual({
      name: "Authorization",
      value: "<secret:shared-token>",
    });
    expect(masked.variants[1]!.requestHeaders[0]).toEqual({
      name: "authorization",
      value: "<secret:elca-jwt>",
    });
    expect(def.requestHeaders[1]).toEqual({ name: "Authorization", secret: "shared-token" });
    const reparsed = ZBenchmarkDefinition.safeParse(masked);
    expect(reparsed.error?.issues.map((i) => i.path.join(".")).sort()).toEqual([
      "requestHeaders.1.value",
      "variants.1.requestHeaders.0.value",
    ]);
    expect(ZBenchmarkDefinition.parse(fillDefinitionSecrets(masked))).toEqual(def);
    const renamed = fillDefinitionSecrets(masked, { "elca-jwt": "my-jwt", constructor: "x" });
    expect(renamed.variants[1]!.requestHeaders[0]).toEqual({
      name: "authorization",
      secret: "my-jwt",
    });
  });

  it("lists the secrets a definition needs, stored or masked, sorted and once each", () => {
    expect(secretNamesOf(def)).toEqual(["elca-jwt", "shared-token"]);
    expect(secretNamesOf(maskDefinitionSecrets(def))).toEqual(["elca-jwt", "shared-token"]);
    expect(secretNamesOf({ variants: [{}] })).toEqual([]);
  });
});
