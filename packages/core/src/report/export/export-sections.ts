import type { TRunReport, TTrialRow } from "@meshbench/contracts";
import { levelOf, trialStanding } from "../../trials";

/**
 * The run export's sections beyond the percentile tables: everything the run page shows, taken
 * from the report (one home per concept) and core's one rule of which trials count.
 */

/** Where each trial stands: counted, or excluded with core's reason (saturated ones too). */
export function trialValidity(trials: TTrialRow[]) {
  return trials.map((t) => {
    // Rows carry no histogram; every recorded trial has a summary, which is all the rule reads.
    const standing = trialStanding({ ...t, histogram: null });
    return {
      key: t.key,
      variant: t.variant,
      levelKey: levelOf(t).key,
      repetition: t.repetition,
      status: t.status,
      // The trial's own rates: a saturated level shows here what it did reach.
      requestedQps: t.requestedQps,
      actualQps: t.actualQps,
      requestCount: t.requestCount,
      errorCount: t.errorCount,
      counts: standing.countsForLatency,
      onLoadCurve: standing.onLoadCurve,
      exclusion: standing.exclusion,
      reason: standing.reason,
      saturated: standing.saturation?.saturated ?? false,
      flags: t.validityFlags,
    };
  });
}
export type TrialValidity = ReturnType<typeof trialValidity>[number];

/** The load curve with, per point, how many of its trials were saturated (excluded from tables). */
export function loadCurveRows(report: TRunReport, validity: TrialValidity[]) {
  return report.loadCurve.map((p) => {
    const cell = validity.filter((v) => v.variant === p.variant && v.levelKey === p.levelKey);
    return {
      ...p,
      achievedRatio:
        p.requestedQps !== null && p.achievedQps !== null ? p.achievedQps / p.requestedQps : null,
      saturatedTrials: cell.filter((v) => v.saturated).length,
    };
  });
}

/**
 * The report's sections this export knows by name; any other top-level list of records the
 * report gains later is exported as is (its own CSV section), so new report data is never
 * silently left out of the download.
 */
export const KNOWN_REPORT_KEYS = new Set([
  "run",
  "environment",
  "reference",
  "variants",
  "levels",
  "loadCurve",
  "resources",
  "flags",
  "failures",
  "progress",
  "trials",
]);

export function otherSections(report: TRunReport): [string, unknown][] {
  return Object.entries(report).filter(([key]) => !KNOWN_REPORT_KEYS.has(key));
}

/**
 * Nested objects as dotted keys ("nodes.count"); arrays of scalars joined, others as JSON.
 * Numbers and booleans stay typed, so the CSV writer tells a value from text (csv.ts).
 */
export function flatten(
  value: unknown,
  prefix = "",
  out: [string, string | number | boolean][] = [],
) {
  if (value === null || value === undefined) out.push([prefix, ""]);
  else if (value instanceof Date) out.push([prefix, value.toISOString()]);
  else if (Array.isArray(value))
    out.push([
      prefix,
      value.every((v) => typeof v !== "object" || v === null)
        ? value.join(" ")
        : JSON.stringify(value),
    ]);
  else if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push([prefix, ""]);
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else
    out.push([
      prefix,
      typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? value
        : JSON.stringify(value),
    ]);
  return out;
}

/**
 * One row per load generator of every trial split over several (the trial's `generators`): its
 * share, what it achieved, its window and CPU, and the trial's windows' overlap. None for runs
 * with one generator per trial, whose export stays as it was.
 */
export function generatorRows(trials: TTrialRow[]) {
  return trials.flatMap((t) =>
    (t.generators?.each ?? []).map((g) => ({
      trialKey: t.key,
      generator: g.index,
      pod: g.pod ?? null,
      requestedQps: g.requestedQps,
      connections: g.connections,
      actualQps: g.actualQps,
      requestCount: g.requestCount,
      errorCount: g.errorCount,
      startedAt: g.startedAt,
      durationSeconds: g.actualDurationSeconds,
      cpuMillicores: g.cpuMillicores ?? null,
      overlapSeconds: t.generators?.window?.overlapSeconds ?? null,
    })),
  );
}
