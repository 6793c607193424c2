import {
  STATISTIC_LABELS,
  type TLevelReport,
  type TPercentileRow,
  type TStatCell,
  formatSignificant,
  secondsToMs,
} from "@meshbench/contracts";
import { formatInterval, formatLatency, formatSignedPercent } from "./format";
import { noiseVerdict } from "./summary";

/** The cluster's A/A band beside the delta: where two identical baselines already differ. */
function NoiseBand({ cell }: { cell: TStatCell }) {
  const n = cell.noise;
  if (!n) return null;
  return (
    <span
      className={`ci noise-band ${n.source}`}
      data-noise-call={n.call}
      data-noise-source={n.source}
      title={`${n.label}: a delta inside this band is indistinguishable from the cluster's own noise`}
    >
      A/A band [{formatSignedPercent(n.band[0])}, {formatSignedPercent(n.band[1])}]
      {n.source === "nearest" ? ` (nearest level, ${n.calibratedQps ?? "max"} QPS)` : ""}
    </span>
  );
}

function DeltaLine({ cell }: { cell: TStatCell }) {
  const d = cell.delta;
  if (!d) return null;
  const noise = noiseVerdict(cell) === "noise";
  const tone = noise
    ? "noise"
    : d.slowerSide === "variant"
      ? "slower"
      : d.slowerSide === "baseline"
        ? "faster"
        : "";
  return (
    <>
      <span className={`delta ${tone}`} data-within-noise={noise ? "true" : "false"}>
        {cell.wording}
        {noise ? (
          <span
            className="noise-mark"
            title={
              cell.noise?.call === "noise"
                ? "Inside the cluster's A/A noise band: within noise"
                : "The 95% interval includes zero: within noise"
            }
          >
            {" "}
            ≈ noise
          </span>
        ) : null}
      </span>
      <span className="ci">
        {d.notEnoughRepetitions
          ? "too few repetitions for an interval"
          : `95% CI ${formatInterval(d.interval?.absolute)}`}
      </span>
      <NoiseBand cell={cell} />
    </>
  );
}

function StatCell({ cell }: { cell: TStatCell }) {
  const meanSd =
    cell.mean === null
      ? null
      : `${formatSignificant(secondsToMs(cell.mean))} ± ${cell.sd === null ? "—" : formatSignificant(secondsToMs(cell.sd))} ms`;
  return (
    <td className="num stat-cell" data-stat={cell.stat} data-value={cell.value ?? ""}>
      <span className="value">{formatLatency(cell.value)}</span>
      <DeltaLine cell={cell} />
      {meanSd ? <span className="meansd">{meanSd}</span> : null}
    </td>
  );
}

function RowHeader({ row }: { row: TPercentileRow }) {
  return (
    <th scope="row" className="left">
      <span className="series-label">{row.label}</span>
      {row.isReference ? <span className="badge ref">reference</span> : null}
      <span className="sub">
        {row.repetitions} rep{row.repetitions === 1 ? "" : "s"} ·{" "}
        {row.requestCount.toLocaleString("en-US")} req
        {row.errorCount > 0 ? ` · ${row.errorCount} errors` : ""}
        {row.achievedQps !== null ? ` · ${formatSignificant(row.achievedQps)} QPS` : ""}
      </span>
    </th>
  );
}

/**
 * A load level's percentile table: each statistic pooled over repetitions, the delta to the
 * reference in words with its 95% interval (deltas whose interval includes zero are marked as
 * noise), and mean ± SD over repetitions. The caption says what each cell holds once (not a
 * tooltip per cell: a 100-trial run page carries hundreds of cells).
 */
export function PercentileTable({ table, caption }: { table: TLevelReport; caption?: string }) {
  if (table.rows.every((r) => r.repetitions === 0)) {
    return <div className="empty">No finished trials at {table.label} yet.</div>;
  }
  return (
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      aria-label={`Percentiles at ${table.label}`}
    >
      <table
        className="data percentile-table"
        aria-label={`Percentiles ${table.label}`}
        data-level={table.level.key}
      >
        <caption className="sr-only">
          {caption ?? `Latency percentiles at ${table.label}, pooled over repetitions`}. Each cell:
          the pooled value, the delta to the reference with its 95% bootstrap interval over
          repetitions, then the mean ± SD over repetitions.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="left">
              Variant
            </th>
            {table.rows[0]?.stats.map((c) => (
              <th scope="col" key={c.stat}>
                {STATISTIC_LABELS[c.stat]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.id} data-row={row.id} data-variant={row.variant}>
              <RowHeader row={row} />
              {row.stats.map((cell) => (
                <StatCell key={cell.stat} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
