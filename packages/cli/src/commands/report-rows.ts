import {
  formatSignificant,
  secondsToMs,
  STATISTIC_LABELS,
  type TComparisonStatistic,
  type TRunReport,
  type TStatCell,
} from "@meshbench/contracts";
import { formatDeltaWording, formatRelativeDelta } from "@meshbench/core";

/** One delta of a run report as people read it: the text and the markdown tables share these. */
export type DeltaRow = {
  level: string;
  variant: string;
  stat: string;
  /** Reference → variant, e.g. "0.412 → 0.520 ms". */
  values: string;
  /** core's wording, e.g. "+0.11 ms, 26% slower". */
  delta: string;
  /** The relative 95% interval, or why there is none. */
  interval: string;
  /** The cluster's A/A band beside it and the call it makes, or "—" without a calibration. */
  noise: string;
};

const ms = (seconds: number | null) =>
  seconds === null ? "n/a" : `${formatSignificant(secondsToMs(seconds))}`;

function interval(cell: TStatCell): string {
  const d = cell.delta;
  if (!d) return "—";
  if (d.notEnoughRepetitions) return "too few repetitions";
  const r = d.interval?.relative;
  if (!r) return "n/a";
  const confidence = Math.round((d.interval?.confidence ?? 0.95) * 100);
  return `[${formatRelativeDelta(r[0])}, ${formatRelativeDelta(r[1])}] (${confidence}%)`;
}

const CALLS = {
  noise: "within noise",
  real: "beyond noise",
  no_evidence: "no evidence",
  unknown: "unknown",
} as const;

function noise(cell: TStatCell): string {
  const n = cell.noise;
  if (!n) return "—";
  const band = `[${formatRelativeDelta(n.band[0])}, ${formatRelativeDelta(n.band[1])}]`;
  return `${CALLS[n.call]}: band ${band}${n.source === "nearest" ? " (nearest calibrated level)" : ""}`;
}

/** Every non-reference row's deltas for the given statistics, level by level. */
export function deltaRows(
  report: TRunReport,
  stats: TComparisonStatistic[] = ["p50", "p99"],
): DeltaRow[] {
  const rows: DeltaRow[] = [];
  for (const level of report.levels)
    for (const row of level.rows.filter((r) => !r.isReference))
      for (const cell of row.stats.filter((c) => stats.includes(c.stat))) {
        const d = cell.delta;
        rows.push({
          level: level.label,
          variant: row.variant,
          stat: STATISTIC_LABELS[cell.stat],
          values: d ? `${ms(d.baseline)} → ${ms(d.variant)} ms` : `${ms(cell.value)} ms`,
          delta: d ? formatDeltaWording(d) : "—",
          interval: interval(cell),
          noise: noise(cell),
        });
      }
  return rows;
}

/** Columns aligned with two spaces, for a terminal. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}
