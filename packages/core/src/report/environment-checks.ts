import {
  ZEnvironmentFingerprint,
  type TRunDetail,
  type TRunEnvironmentCheck,
} from "@meshbench/contracts";
import { environmentDifferences } from "../fingerprint";
import { sanitizeEnvironment } from "./sanitize";

// Comparisons are also shared publicly: values are masked as for share pages (hosts in URLs).
const safe = (v: string | null) => (v === null ? null : String(sanitizeEnvironment(v, "public")));

/** A run's recorded fingerprint; null for uploads and older runs that recorded none. */
function fingerprintOf(run: Pick<TRunDetail, "environment">) {
  const parsed = ZEnvironmentFingerprint.safeParse(run.environment?.fingerprint);
  return parsed.success ? parsed.data : null;
}

/**
 * For the compare page: each run's environment against the first run's (core
 * environmentDifferences), so a difference between runs from different environments is never
 * shown without the list of what else changed. Runs without a fingerprint read as unknown.
 */
export function environmentChecks(
  runs: readonly Pick<TRunDetail, "id" | "title" | "environment">[],
): TRunEnvironmentCheck[] {
  const titles = new Map(runs.map((r) => [r.id, r.title]));
  return environmentDifferences(
    runs.map((r) => ({ runId: r.id, fingerprint: fingerprintOf(r) })),
  ).map((d) => ({
    ...d,
    title: titles.get(d.runId) ?? d.runId,
    differences:
      d.differences?.map((x) => ({ field: x.field, a: safe(x.a), b: safe(x.b) })) ?? null,
  }));
}
