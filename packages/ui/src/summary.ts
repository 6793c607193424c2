import {
  STATISTIC_LABELS,
  type TComparisonStatistic,
  type TLevelReport,
  type TStatCell,
} from "@meshbench/contracts";
import { formatLatency, formatSignedPercent } from "./format";

/**
 * How a delta reads against noise, the one rule the tables and the summary share: noise when its
 * 95% interval includes zero or it lies inside the cluster's A/A band; real when the interval
 * excludes zero (and no band says noise); unknown with too few repetitions for an interval.
 */
export function noiseVerdict(cell: TStatCell): "noise" | "real" | "unknown" {
  if (cell.noise?.call === "noise" || cell.delta?.withinNoise === true) return "noise";
  if (cell.delta?.withinNoise === false) return "real";
  return "unknown";
}

function noiseWords(cell: TStatCell): string {
  const verdict = noiseVerdict(cell);
  if (verdict === "unknown") return "too few repetitions to tell it from noise";
  if (cell.noise?.call === "noise") return "within the cluster's A/A noise band";
  if (verdict === "noise") return "within noise (its 95% interval includes zero)";
  return cell.noise
    ? "outside the cluster's A/A noise band"
    : "outside the noise (its 95% interval excludes zero)";
}

/** "1.20 ms (+156%) slower at p50, outside the noise (…)"; null without a delta. */
function deltaClause(cell: TStatCell): string | null {
  const d = cell.delta;
  if (!d || d.absolute === null || d.slowerSide === null) return null;
  const stat = STATISTIC_LABELS[cell.stat];
  if (d.slowerSide === "equal") return `the same at ${stat}`;
  const relative = d.relative === null ? "" : ` (${formatSignedPercent(d.relative)})`;
  const direction = d.slowerSide === "variant" ? "slower" : "faster";
  return `${formatLatency(Math.abs(d.absolute))}${relative} ${direction} at ${stat}, ${noiseWords(cell)}`;
}

/** The statistics a summary line reads: the median and the tail. */
const HEADLINE: readonly TComparisonStatistic[] = ["p50", "p99"];

/**
 * The answer at one load level in words, one sentence per variant against the reference, from
 * the deltas and noise judgements the report already holds ("nginx is 0.400 ms (+86.2%) slower
 * at p50, outside the noise …"). A level without a comparison lists each variant's p50 and p99.
 */
export function summarizeLevel(level: TLevelReport): string[] {
  const rows = level.rows.filter((r) => r.repetitions > 0);
  if (rows.length === 0) return ["No finished trials yet."];
  const cellOf = (row: (typeof rows)[number], stat: TComparisonStatistic) =>
    row.stats.find((c) => c.stat === stat);
  const compared = rows
    .filter((r) => !r.isReference)
    .map((r) => ({
      row: r,
      clauses: HEADLINE.flatMap((stat) => {
        const cell = cellOf(r, stat);
        const clause = cell ? deltaClause(cell) : null;
        return clause ? [clause] : [];
      }),
    }))
    .filter((c) => c.clauses.length > 0);
  if (compared.length === 0)
    return rows.map(
      (r) =>
        `${r.label}: ${HEADLINE.map((s) => `${STATISTIC_LABELS[s]} ${formatLatency(cellOf(r, s)?.value)}`).join(", ")}.`,
    );
  return compared.map(({ row, clauses }) => `${row.label} is ${clauses.join(", and ")}.`);
}
