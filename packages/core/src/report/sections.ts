import { REPORT_SECTIONS, type TReportSection, type TRunReport } from "@meshbench/contracts";

type SectionData = Pick<
  TRunReport,
  | "levels"
  | "loadCurve"
  | "resources"
  | "levelResources"
  | "resourceCurves"
  | "addedLatency"
  | "repetitionRows"
> & { hasCapacity?: boolean };

const distinct = <T>(xs: T[]) => new Set(xs).size;

/** Whether a section has anything to show (an empty selection shows every one that does). */
export function sectionHasData(section: TReportSection, r: SectionData): boolean {
  const fixed = r.loadCurve.filter((p) => p.requestedQps !== null);
  switch (section) {
    case "percentiles":
      return r.levels.length > 0;
    case "added-latency":
      return (r.addedLatency ?? []).length > 0;
    case "per-repetition":
      return (r.repetitionRows ?? []).length > 0;
    case "mean-sd-bars":
      return r.levels.some((l) => l.rows.some((row) => row.repetitions >= 2));
    case "distribution":
      return r.levels.some((l) => l.curves.some((c) => c.cdf.length > 0));
    case "latency-vs-qps":
    case "load-curves":
      // Curves across load levels: one fixed-QPS level has no curve (the tables show it).
      return distinct(fixed.map((p) => p.requestedQps)) > 1;
    case "latency-vs-connections":
      return distinct(r.loadCurve.map((p) => p.connections)) > 1;
    case "throughput-vs-connections":
      return r.loadCurve.some((p) => p.requestedQps === null);
    case "resources":
      return r.resources.length > 0 || (r.levelResources ?? []).length > 0;
    case "resources-vs-rps":
      return (r.resourceCurves ?? []).some((c) => c.points.length > 0);
    case "capacity":
      return r.hasCapacity ?? false;
  }
}

/** Shown even when empty: their empty state says why (e.g. uploads carry no resource samples). */
const ALWAYS_SHOWN = new Set<TReportSection>(["percentiles", "resources"]);

/**
 * The sections of the run page, in order: the definition's `reportSections` as given (a template
 * names the ones its write-up shows, data or not), else every section that has data
 * (percentiles and resources always).
 */
export function resolveSections(
  selected: readonly TReportSection[] | undefined,
  data: SectionData,
): TReportSection[] {
  if (selected && selected.length > 0) return [...new Set(selected)];
  return REPORT_SECTIONS.filter((s) => ALWAYS_SHOWN.has(s) || sectionHasData(s, data));
}

/**
 * The truth about warm-up, read from how the gateway runs it (k8s trial-steps startTrial): a
 * separate, unsaved Fortio run right before the measured one, which then opens its own
 * connections. So the measured window does not reuse warmed connections, and since resource
 * sampling starts only with the measured run, warm-up CPU is not in the resource figures.
 */
export function warmupStatement(seconds: number | null, scheduled: boolean) {
  if (!scheduled)
    return {
      seconds,
      reusesConnections: false,
      text: "Results were uploaded: how the load generator warmed up is not known to Meshbench.",
    };
  if (!seconds)
    return {
      seconds: 0,
      reusesConnections: false,
      text: "No warm-up: every measured run opens its connections cold, inside the measured window.",
    };
  return {
    seconds,
    reusesConnections: false,
    text:
      `Warm-up: a separate ${seconds} s run before each trial warms the target and the mesh; ` +
      "the measured run then opens its own connections, so it does not reuse the warmed ones " +
      "(connection setup falls inside the measured window). Resources are sampled only during " +
      "the measured run: warm-up CPU is not in the resource figures.",
  };
}
