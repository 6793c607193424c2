import { TEMPLATE_KEYS, ZBenchmarkDefinition } from "@meshbench/contracts";
import { buildTemplate } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { buildVariantNamespace } from "../manifests/namespace";
import { TEMPLATE_CASES as cases } from "../test-support/template-cases";
import { definitionProblems } from "./definition-policy";

describe("every template passes the cluster policy", () => {
  it("enumerates every template and mode", () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(TEMPLATE_KEYS));
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)("%s (%s, %s)", (key, _mode, _meshes, options) => {
    for (const testScale of [false, true]) {
      const def = ZBenchmarkDefinition.parse(
        buildTemplate(key, { ...options, testScale }).definition,
      );
      expect(definitionProblems(def)).toEqual([]);
      for (const v of def.variants) expect(() => buildVariantNamespace("r1", v)).not.toThrow();
    }
  });
});
