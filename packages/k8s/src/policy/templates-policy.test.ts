import {
  TEMPLATE_KEYS,
  ZBenchmarkDefinition,
  type TMeshKind,
  type TTemplateOptions,
} from "@meshbench/contracts";
import { buildTemplate, listTemplates } from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { buildVariantNamespace } from "../manifests/namespace";
import { definitionProblems } from "./definition-policy";

/** Every choice of 1…max distinct meshes out of the allowed ones (a variant does not depend on its slot). */
function choices(allowed: TMeshKind[], max: number): TMeshKind[][] {
  const out: TMeshKind[][] = [];
  const grow = (prefix: TMeshKind[], from: number) => {
    if (prefix.length) out.push(prefix);
    if (prefix.length === max) return;
    allowed.forEach((m, i) => i >= from && grow([...prefix, m], i + 1));
  };
  grow([], 0);
  return out;
}

/** Every template × mode × mesh choice the template accepts (a refused choice is its own test). */
const cases = listTemplates().flatMap((t) =>
  t.modes.flatMap((mode) =>
    [undefined, ...choices(t.allowedMeshes, t.maxMeshes)].flatMap((meshes) => {
      const options: TTemplateOptions = { mode: mode.value, ...(meshes ? { meshes } : {}) };
      try {
        buildTemplate(t.key, options);
      } catch {
        return [];
      }
      return [[t.key, mode.value, meshes?.join("+") ?? "defaults", options] as const];
    }),
  ),
);

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
