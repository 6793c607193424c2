import { type TCapacityReport, secondsToMs } from "@meshbench/contracts";
import { DataTable } from "@meshbench/ui";

const qps = (x: number) => Math.round(x).toLocaleString("en-US");
const ms = (s: number | null) => (s === null ? "—" : `${secondsToMs(s).toFixed(1)} ms`);

const STATUS: Record<TCapacityReport["variants"][number]["status"], string> = {
  searching: "searching",
  converged: "converged",
  at_least: "at least",
  at_cluster_cap: "stopped at the cluster's cap",
  below_minimum: "below minimum",
  budget_exhausted: "budget exhausted",
  load_generator_bound: "load generator bound",
};

/**
 * A capacity-at-SLO run: each variant's capacity with its interval and how its search ended,
 * the share of the baseline's capacity it keeps, and the probes behind it (every repetition
 * with its pass or fail), so the search can be audited on the page.
 */
export function CapacitySection({ capacity }: { capacity: TCapacityReport }) {
  const { slo } = capacity;
  return (
    <div data-testid="report-capacity">
      <p className="muted">
        Highest QPS with p99 ≤ {slo.p99Ms} ms, errors ≤ {slo.maxErrorPercent}% and achieved ≥{" "}
        {slo.minAchievedPercent}% of requested; {capacity.repetitionsPerProbe} repetition
        {capacity.repetitionsPerProbe === 1 ? "" : "s"} per probe, a probe passing when most of them
        do. {capacity.trialsUsed} of at most {capacity.trialBudget} trials used. The interval joins
        the search&apos;s last bracket and each repetition&apos;s own crossing of the SLO.
      </p>
      <DataTable
        label="Capacity at the SLO"
        columns={[
          { label: "Variant", left: true },
          { label: "Capacity (QPS)" },
          { label: "Interval" },
          { label: "Search", left: true },
          { label: `Against ${capacity.baseline}`, left: true },
        ]}
      >
        {capacity.variants.map((v) => (
          <tr key={v.variant} data-variant={v.variant}>
            <th scope="row" className="left">
              {v.variant}
            </th>
            <td className="num" data-capacity>
              {v.capacityQps === null
                ? "—"
                : v.status === "load_generator_bound"
                  ? `≥ ${qps(v.capacityQps)} (load generator bound)`
                  : `${v.status === "at_least" || v.status === "at_cluster_cap" ? "≥ " : ""}${qps(v.capacityQps)}`}
            </td>
            <td className="num">
              {v.interval
                ? `${qps(v.interval[0])}–${v.interval[1] === null ? "?" : qps(v.interval[1])}`
                : "—"}
            </td>
            <td className="left">
              <span className={`badge ${v.status === "converged" ? "succeeded" : "running"}`}>
                {STATUS[v.status]}
              </span>
            </td>
            <td className="left">{v.share ? v.share.sentence : "baseline"}</td>
          </tr>
        ))}
      </DataTable>
      {capacity.variants.map((v) => (
        <details key={v.variant} data-probes={v.variant}>
          <summary>
            {v.variant}: {v.probes.length} probe{v.probes.length === 1 ? "" : "s"} — {v.sentence}
          </summary>
          <DataTable
            label={`Capacity probes of ${v.variant}`}
            columns={[
              { label: "Requested QPS" },
              { label: "Probe", left: true },
              { label: "Rep" },
              { label: "Achieved QPS" },
              { label: "p99" },
              { label: "Errors" },
              { label: "SLO", left: true },
            ]}
          >
            {v.probes.flatMap((p) =>
              p.repetitions.map((r, i) => (
                <tr key={r.trialKey}>
                  <td className="num">{i === 0 ? qps(p.requestedQps) : ""}</td>
                  <td className="left">
                    {i === 0
                      ? p.passed === null
                        ? "incomplete"
                        : `${p.passed ? "pass" : "fail"} (${p.passes}/${p.repetitions.length})`
                      : ""}
                  </td>
                  <td className="num">{r.repetition}</td>
                  <td className="num">{qps(r.actualQps)}</td>
                  <td className="num">{ms(r.p99)}</td>
                  <td className="num">{(r.errorRate * 100).toFixed(2)}%</td>
                  <td className="left">{r.passed ? "met" : r.misses.join("; ")}</td>
                </tr>
              )),
            )}
          </DataTable>
        </details>
      ))}
    </div>
  );
}
