import type { TVariant } from "@meshbench/contracts";
import { describeLoadGeneratorMesh } from "../manifests/labels";
import { describeBundleProblems, parseBundle } from "../manifests/bundle";

const pairs = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");

/** What a variant changes beyond its namespace labels, as the run's environment states it. */
export function describeVariantSettings(
  v: TVariant,
  loadGeneratorInMesh: boolean | undefined,
  namespace: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (Object.keys(v.podAnnotations).length) out["pod annotations"] = pairs(v.podAnnotations);
  if (v.extraContainers.length)
    out["extra containers"] = v.extraContainers
      .map((c) => `${c.name} (${c.role}, ${c.image} ${c.args.join(" ")})`.replace(/ \)$/, ")"))
      .join("; ");
  if (v.manifests.trim()) {
    const { objects, problems } = parseBundle(v.manifests, namespace);
    out.manifests = problems.length
      ? describeBundleProblems(problems)
      : objects.map((o) => `${o.kind}/${o.metadata.name}`).join(", ");
  }
  if (v.entry) out.entry = `${v.entry.service}:${v.entry.port}${v.entry.path}`;
  if (v.waypoint) out.waypoint = v.waypoint;
  if (loadGeneratorInMesh !== undefined)
    out["load generator"] = describeLoadGeneratorMesh(loadGeneratorInMesh, false);
  return out;
}
