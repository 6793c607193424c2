/**
 * What a benchmark may create on a cluster (README: "What a benchmark may create on your
 * cluster"). The policy module (policy/) is pure; enforced when a benchmark is saved (services:
 * definitionProblems, this file) and again by the gateway before it applies anything
 * (prepareVariant, parseBundle, the namespace and pod builders), by the same functions.
 */
import type { TBenchmarkDefinition, TVariant } from "@meshbench/contracts";
import { describeBundleProblems, parseBundle } from "../manifests/bundle";
import { type TargetProblem, targetProblems } from "../manifests/target-validation";
import { ambientL7Problems } from "./ambient-l7";
import { imageProblem } from "./images";
import { podAnnotationProblems } from "./pod-template";
import { namespaceMetadataProblems } from "./reserved";

/** A variant's own sources: namespace metadata, pod annotations, extra containers, manifests. */
export function variantProblems(v: TVariant, index: number): TargetProblem[] {
  const at = `variants.${index}`;
  const out: TargetProblem[] = namespaceMetadataProblems(v.labels, v.annotations).map((p) => ({
    field: `${at}.${p.field}`,
    message: p.message,
  }));
  const pod = podAnnotationProblems(v.podAnnotations);
  if (pod.length) out.push({ field: `${at}.podAnnotations`, message: pod.join("; ") });
  v.extraContainers.forEach((c, j) => {
    const problem = imageProblem(c.image);
    if (problem) out.push({ field: `${at}.extraContainers.${j}.image`, message: problem });
  });
  if (v.manifests.trim()) {
    const { objects, problems } = parseBundle(v.manifests);
    const message = [
      ...(problems.length ? [describeBundleProblems(problems)] : []),
      ...ambientL7Problems(v, objects),
    ].join("; ");
    if (message) out.push({ field: `${at}.manifests`, message });
  }
  return out;
}

function imageProblems(def: TBenchmarkDefinition): TargetProblem[] {
  const images: [string, string][] = [["methodology.fortio.image", def.methodology.fortio.image]];
  if (def.target.kind === "fortio-echo" || def.target.kind === "sample-app")
    images.push(["target.image", def.target.image]);
  return images.flatMap(([field, image]) => {
    const message = imageProblem(image);
    return message ? [{ field, message }] : [];
  });
}

/**
 * Everything a benchmark definition would make Meshbench create that its schema cannot judge:
 * the target (a workload bundle, the sample app's protocols), images, and each variant's
 * labels, annotations, pod annotations, extra containers and manifests, against the cluster
 * policy. The benchmark service refuses to save a definition with problems (BAD_REQUEST naming
 * the first field); the gateway refuses to prepare a variant with any (`only`: that variant),
 * for definitions stored before a rule existed.
 */
export function definitionProblems(def: TBenchmarkDefinition, only?: string): TargetProblem[] {
  return [
    ...targetProblems(def),
    ...imageProblems(def),
    ...def.variants.flatMap((v, i) =>
      only === undefined || v.name === only ? variantProblems(v, i) : [],
    ),
  ];
}
