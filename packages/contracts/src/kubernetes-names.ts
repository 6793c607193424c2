import { z } from "zod";

/**
 * Kubernetes' own rules for label and annotation keys and label values (apimachinery
 * `IsQualifiedName` / `IsValidLabelValue`), so a map the user saves is one the apiserver will
 * accept when the benchmark runs, and a bad key is refused at the API with its field instead.
 */
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME_PART = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/** Why `key` is not a qualified name (`[prefix/]name`), or null when it is one. */
export function qualifiedNameProblem(key: string): string | null {
  const slash = key.indexOf("/");
  const [prefix, name] = slash < 0 ? [null, key] : [key.slice(0, slash), key.slice(slash + 1)];
  if (prefix !== null) {
    if (prefix.length === 0 || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))
      return `key "${key}": the prefix before "/" must be a DNS subdomain (lowercase, ≤ 253 characters)`;
  }
  if (name.length === 0 || name.length > 63 || !NAME_PART.test(name))
    return `key "${key}": the name must be 1–63 characters, alphanumeric at both ends, with only '-', '_', '.' inside`;
  return null;
}

export const ZQualifiedName = z.string().superRefine((key, ctx) => {
  const problem = qualifiedNameProblem(key);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const ZLabelValue = z
  .string()
  .max(63)
  .regex(
    /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/,
    "alphanumeric at both ends, with only '-', '_', '.' inside",
  );

/**
 * A name Meshbench builds Kubernetes names from (variant names, a workload's Service, extra
 * containers): a DNS label, at most 30 characters so the namespace built from it stays under 63.
 */
export const ZDnsLabel = z
  .string()
  .min(1)
  .max(30)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "lowercase letters, digits and '-'");

const MAX_ENTRIES = 64;
const atMost = (n: number) => (map: Record<string, unknown>) => Object.keys(map).length <= n;

/** Labels (and node selectors): Kubernetes keys and label values, at most 64 entries. */
export const ZKubernetesLabels = z
  .record(ZQualifiedName, ZLabelValue)
  .refine(atMost(MAX_ENTRIES), `at most ${MAX_ENTRIES} entries`);

/** Annotations: Kubernetes keys, free-form values up to 4 KiB each, at most 64 entries. */
export const ZKubernetesAnnotations = z
  .record(ZQualifiedName, z.string().max(4096))
  .refine(atMost(MAX_ENTRIES), `at most ${MAX_ENTRIES} entries`);
