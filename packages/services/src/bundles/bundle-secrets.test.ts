import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { fillSecrets, maskSecrets, type SecretLocator } from "./bundle-secrets";

const definition = ZBenchmarkDefinition.parse({
  key: "s",
  name: "s",
  description: "sealed-value-1",
  target: { kind: "fortio-echo" },
  variants: [{ name: "base", mesh: "baseline", podAnnotations: { token: "sealed-value-2" } }],
  loadMatrix: { qps: [10], connections: [1] },
});

/** Stands for sealed headers (issue 22): two values, one name used twice. */
const locator: SecretLocator = () => [
  { name: "api-key", path: ["description"] },
  { name: "api-key", path: ["variants", "0", "podAnnotations", "token"] },
];

describe("secrets never travel: <secret:name> placeholders", () => {
  it("masks every located value and lists each name once with its paths", () => {
    const masked = maskSecrets(definition, [locator]);
    expect(JSON.stringify(masked.definition)).not.toContain("sealed-value");
    expect(masked.definition.description).toBe("<secret:api-key>");
    expect(masked.secrets).toEqual([
      { name: "api-key", paths: ["description", "variants.0.podAnnotations.token"] },
    ]);
    expect(definition.description).toBe("sealed-value-1");
  });

  it("fills them back on import, and names the missing secret", () => {
    const { definition: masked, secrets } = maskSecrets(definition, [locator]);
    expect(() => fillSecrets(masked, secrets, {})).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST", field: "secrets.api-key" }),
    );
    const filled = fillSecrets(masked, secrets, { "api-key": "new" });
    expect(filled.description).toBe("new");
    expect(filled.variants[0]!.podAnnotations.token).toBe("new");
  });

  it("refuses a placeholder the bundle does not list", () => {
    const { definition: masked } = maskSecrets(definition, [locator]);
    expect(() => fillSecrets(masked, [], {})).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST", field: "bundle.secrets" }),
    );
  });

  it("masks nothing without locators (no definition holds sealed values yet)", () => {
    expect(maskSecrets(definition, [])).toEqual({ definition, secrets: [] });
  });
});
