import { STATISTIC_LABELS, ZComparisonStatistic } from "@meshbench/contracts";
import type { HistoryParams } from "./history-params";

/** A GET form: the trend's statistic, axis, variant and branch live in the URL. */
export function TrendOptions({ params }: { params: HistoryParams }) {
  return (
    <form method="get" className="inline-form" aria-label="Trend options">
      <label>
        Statistic{" "}
        <select name="statistic" defaultValue={params.statistic}>
          {ZComparisonStatistic.options.map((s) => (
            <option key={s} value={s}>
              {STATISTIC_LABELS[s]}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        Across{" "}
        <select name="axis" defaultValue={params.axis}>
          <option value="commit">commits</option>
          <option value="tag">tags</option>
          <option value="meshVersion">mesh versions</option>
          <option value="date">dates</option>
        </select>
      </label>{" "}
      <label>
        Variant <input name="variant" defaultValue={params.variant ?? ""} size={10} />
      </label>{" "}
      <label>
        Branch <input name="branch" defaultValue={params.branch ?? ""} size={10} />
      </label>{" "}
      <button type="submit">Show</button>
    </form>
  );
}
