import { imageProblem } from "./images";
import { podContainers, podSecurityProblems } from "./pod-security";
import { reservedPodAnnotationProblems } from "./reserved";
import { asObj, asStringMap, quote } from "./shapes";

/** Pod annotations a benchmark may not set: reserved ones and Pod Security's profile overrides. */
export function podAnnotationProblems(annotations: Record<string, string>): string[] {
  return [
    ...reservedPodAnnotationProblems(annotations),
    ...podSecurityProblems({ annotations, spec: {} }),
  ];
}

/**
 * Everything wrong with a pod template taken from user input: Pod Security "baseline", reserved
 * annotations, and image references. Containers without an image (an overlay a controller merges
 * into its own, e.g. a waypoint's `deployment`) keep the controller's image.
 */
export function podTemplateProblems(template: unknown): string[] {
  const t = asObj(template) ?? {};
  const annotations = asStringMap(asObj(t.metadata)?.annotations);
  const spec = asObj(t.spec) ?? {};
  const images = podContainers(spec)
    .filter(({ c }) => c.image !== undefined)
    .map(({ where, c }) => {
      const problem = imageProblem(c.image);
      return problem && `${where}: ${problem}`;
    })
    .filter((p): p is string => !!p);
  return [
    ...podSecurityProblems({ annotations, spec }),
    ...reservedPodAnnotationProblems(annotations),
    ...images,
  ];
}

/** The problems of a controller's pod template at `path` of an object (e.g. spec.template). */
export function templateAt(object: unknown, path: string[]): string[] {
  let at: unknown = object;
  for (const p of path) at = asObj(at)?.[p];
  if (at === undefined) return [];
  if (!asObj(at)) return [`${path.join(".")} ${quote(at)} is not a pod template`];
  return podTemplateProblems(at);
}
