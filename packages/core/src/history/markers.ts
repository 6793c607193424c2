import type { TEnvironmentFingerprint, THistoryMarker } from "@meshbench/contracts";
import { diffFingerprints } from "../fingerprint";

/** One run of a history as the markers read it, oldest first. */
export interface MarkerRun {
  runId: string;
  /** Mesh name → version (from the fingerprint, else from the run's labels). */
  meshVersions: Readonly<Record<string, string>>;
  fingerprint: TEnvironmentFingerprint | null;
}

/** "istio 1.26.2 → 1.27.1", "+linkerd 2.18", "−istio 1.26.2", one per mesh that changed. */
export function meshVersionChanges(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): string[] {
  const meshes = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return meshes.flatMap((mesh) => {
    const a = before[mesh];
    const b = after[mesh];
    if (a === b) return [];
    if (a === undefined) return [`+${mesh} ${b}`];
    if (b === undefined) return [`\u2212${mesh} ${a}`];
    return [`${mesh} ${a} \u2192 ${b}`];
  });
}

/** The top-level part of a fingerprint field ("nodes.total" → "nodes"). */
const group = (field: string) => field.split(".")[0] ?? field;

/**
 * What changed between each two consecutive runs besides the code: a mesh version marker when
 * any mesh's version differs, an environment marker when any other fingerprint field does (runs
 * without a fingerprint are not compared: unknown is not a change). Pass the runs the chart
 * draws (excluded runs left out), oldest first.
 */
export function historyMarkers(runs: readonly MarkerRun[]): THistoryMarker[] {
  const markers: THistoryMarker[] = [];
  for (let i = 1; i < runs.length; i++) {
    const prev = runs[i - 1]!;
    const run = runs[i]!;
    const at = { runId: run.runId, previousRunId: prev.runId };
    const mesh = meshVersionChanges(prev.meshVersions, run.meshVersions);
    if (mesh.length > 0) markers.push({ kind: "mesh", ...at, label: mesh.join(", "), fields: [] });
    if (!prev.fingerprint || !run.fingerprint) continue;
    const fields = diffFingerprints(prev.fingerprint, run.fingerprint)
      .map((d) => d.field)
      .filter((f) => group(f) !== "meshVersions");
    if (fields.length === 0) continue;
    const groups = [...new Set(fields.map(group))];
    markers.push({
      kind: "environment",
      ...at,
      label: `environment: ${groups.join(", ")}`,
      fields,
    });
  }
  return markers;
}

/**
 * The markers that fall between a change point's last run before and first run after (both
 * included), in a history ordered by `order` (run ids, oldest first): a step that shows up
 * across an upgrade is attributed to it, even when the series skipped the runs in between.
 */
export function markersBetween(
  markers: readonly THistoryMarker[],
  order: readonly string[],
  previousRunId: string,
  runId: string,
): THistoryMarker[] {
  const from = order.indexOf(previousRunId);
  const to = order.indexOf(runId);
  if (from === -1 || to === -1) return [];
  return markers.filter((m) => {
    const i = order.indexOf(m.runId);
    return i > from && i <= to;
  });
}
