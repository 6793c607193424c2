import type { TBenchmarkDefinition, TPathCheck, TVariantPathReport } from "@meshbench/contracts";
import {
  describeTopology,
  hopProxy,
  isPathChecked,
  PATH_UNCHECKED_REASONS,
  resolveTopology,
} from "./resolve";

type CheckedTrial = { variant: string; sequence: number; pathCheck?: TPathCheck | null };

/**
 * Each variant's declared path in words and what its trials' checks found: "verified in 6 of 6
 * trials", the first trial that did not take the declared path, or why the mesh's path is
 * unchecked. The run page shows it; variants without a mesh have nothing to check.
 */
export function variantPaths(
  definition: TBenchmarkDefinition,
  trials: readonly CheckedTrial[],
): TVariantPathReport[] {
  return definition.variants.map((v) => {
    const topology = resolveTopology(v, definition.methodology);
    const checks = trials
      .filter((t) => t.variant === v.name && t.pathCheck)
      .sort((a, b) => a.sequence - b.sequence)
      .map((t) => t.pathCheck!);
    const count = (s: TPathCheck["status"]) => checks.filter((c) => c.status === s).length;
    const counts = {
      verified: count("verified"),
      notVerified: count("not_verified"),
      unchecked: count("unchecked"),
    };
    const base = {
      variant: v.name,
      mesh: v.mesh,
      topology,
      declared: describeTopology(v.mesh, topology),
      trials: counts,
    };
    if (topology.hops.length === 0)
      return {
        ...base,
        status: "not_applicable" as const,
        checked: "no proxy on the declared path: nothing to check",
      };
    const silent = topology.hops.map((h) => hopProxy(v.mesh, h)).filter((p) => !isPathChecked(p));
    const uncheckedWhy = [...new Set(silent)].map(
      (p) => `path unchecked: ${PATH_UNCHECKED_REASONS[p]}`,
    );
    if (checks.length === 0)
      return {
        ...base,
        status: "not_run" as const,
        checked: uncheckedWhy.join("; ") || "no trial of this variant was checked",
      };
    const total = checks.length;
    const failed = checks.find((c) => c.status === "not_verified");
    if (failed)
      return {
        ...base,
        status: "not_verified" as const,
        checked: `${counts.notVerified} of ${total} trials did not take the declared path (left out of the comparison); first: ${failed.summary}`,
      };
    const last = checks[checks.length - 1]!;
    const status = counts.verified === total ? ("verified" as const) : ("unchecked" as const);
    const head =
      status === "verified"
        ? `verified in ${total} of ${total} trials`
        : `${counts.verified} of ${total} trials verified`;
    return { ...base, status, checked: `${head}; last trial: ${last.summary}` };
  });
}
