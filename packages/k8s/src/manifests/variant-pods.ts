import type { V1Container, V1PodTemplateSpec } from "@kubernetes/client-node";
import { CONTAINER_ROLES_ANNOTATION, type TVariant } from "@meshbench/contracts";
import { formatContainerRoles } from "@meshbench/core";
import { podContainerRoles } from "../usage/declared-roles";
import { toResourceRequirements } from "./resources";
import { imageProblem } from "../policy/images";
import { podAnnotationProblems } from "../policy/pod-template";
import { PolicyError } from "../policy/policy-error";

export type VariantPodConfig = Pick<TVariant, "podAnnotations" | "extraContainers">;

/**
 * A variant's changes to the target's pods: its pod annotations (e.g. proxy concurrency, Consul's
 * connect-inject — on pods, not the namespace) and its extra containers (e.g. a proxy in front of
 * the app), each named with its role in the container-roles annotation so its cost is booked as
 * that role. Pure; used for every target kind whose pods Meshbench builds or applies. Reserved
 * or Pod-Security-breaking annotations and bad images are refused (PolicyError), as when saving.
 */
export function withVariantPodConfig(
  template: V1PodTemplateSpec,
  variant: VariantPodConfig | undefined,
): V1PodTemplateSpec {
  if (!variant) return template;
  const extra = variant.extraContainers;
  const refused = [
    ...podAnnotationProblems(variant.podAnnotations),
    ...extra.map((c) => imageProblem(c.image)).filter((p): p is string => !!p),
  ];
  if (refused.length) throw new PolicyError(`pod configuration refused: ${refused.join("; ")}`);
  const annotations = { ...template.metadata?.annotations, ...variant.podAnnotations };
  if (extra.length) {
    const roles = podContainerRoles(annotations);
    for (const c of extra) roles.set(c.name, c.role);
    annotations[CONTAINER_ROLES_ANNOTATION] = formatContainerRoles(
      [...roles].map(([name, role]) => ({ name, role })),
    );
  }
  const spec = template.spec ?? { containers: [] };
  const taken = new Set(spec.containers.map((c) => c.name));
  const clash = extra.find((c) => taken.has(c.name));
  if (clash) throw new Error(`extra container "${clash.name}" clashes with a target container`);
  return {
    ...template,
    metadata: { ...template.metadata, annotations },
    spec: { ...spec, containers: [...spec.containers, ...extra.map(toContainer)] },
  };
}

function toContainer(c: TVariant["extraContainers"][number]): V1Container {
  return {
    name: c.name,
    image: c.image,
    args: c.args,
    ...(c.ports.length ? { ports: c.ports.map((p) => ({ name: `p${p}`, containerPort: p })) } : {}),
    // Like the target's: no wait until an extra port answers, since an extra container may
    // listen on nothing (a sidecar-style agent); the reach check through the entry proves it.
    resources: toResourceRequirements(c.resources),
  };
}
