import type { TBenchmarkDefinition } from "@meshbench/contracts";
import { describeBundleProblems, entryProblem, parseBundle } from "./bundle";

/** A definition problem the schema cannot see: the field (dotted path) and why. */
export type TargetProblem = { field: string; message: string };

/**
 * What is wrong with a benchmark's target before any cluster is involved (pure; part of
 * policy/definition-policy.ts `definitionProblems`): a workload bundle that does not parse or that
 * the cluster policy refuses, or that lacks its entry Service; protocols the sample app's proxies
 * cannot carry.
 */
export function targetProblems(def: TBenchmarkDefinition): TargetProblem[] {
  const t = def.target;
  const out: TargetProblem[] = [];
  if (t.kind === "workload") {
    const { objects, problems } = parseBundle(t.manifests);
    if (problems.length)
      out.push({ field: "target.manifests", message: describeBundleProblems(problems) });
    else {
      const entry = entryProblem(objects, t.entry);
      if (entry) out.push({ field: "target.entry.service", message: entry });
    }
  }
  if (t.kind === "sample-app") {
    const unsupported = def.loadMatrix.protocols.filter((p) => p === "grpc" || p === "h2");
    if (unsupported.length)
      out.push({
        field: "loadMatrix.protocols",
        message: `the sample app's tiers proxy HTTP/1.1 and TCP only, not ${unsupported.join(", ")}`,
      });
  }
  return out;
}
