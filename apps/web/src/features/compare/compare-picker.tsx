import type { TComparableRun, TComparisonState } from "@meshbench/contracts";
import { compareHref } from "./compare-url";

/**
 * Plain links and a GET form: every change is a new URL (no client state), so back/forward,
 * reload and copy-paste all reproduce the view.
 */
export function ComparePicker({
  runs,
  state,
}: {
  runs: TComparableRun[];
  state: TComparisonState | null;
}) {
  const items = state?.items ?? [];
  const reference = state?.reference ?? 0;
  const titles = new Map(runs.map((r) => [r.id, r.title]));
  const without = (i: number) => {
    const rest = items.filter((_, j) => j !== i);
    const ref = i === reference ? 0 : reference > i ? reference - 1 : reference;
    return rest.length > 0 ? compareHref(rest, ref) : "/compare";
  };
  return (
    <section className="panel picker" aria-label="Series">
      {items.length > 0 ? (
        <ol className="series-list">
          {items.map((item, i) => (
            <li key={`${item.runId}-${item.variant}-${item.levelKey}-${i}`} data-series={i}>
              <span>
                <strong>{item.variant}</strong> · {item.levelKey}
                {item.repetition ? ` · rep ${item.repetition}` : ""} ·{" "}
                <span className="muted">{titles.get(item.runId) ?? item.runId}</span>
              </span>
              {i === reference ? (
                <span className="badge ref">reference</span>
              ) : (
                <a href={compareHref(items, i)}>make reference</a>
              )}
              <a href={without(i)} aria-label={`Remove ${item.variant} ${item.levelKey}`}>
                remove
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {runs.length === 0 ? (
        <p className="muted">No runs with trials yet.</p>
      ) : (
        <form method="get" action="/compare" className="inline-form">
          {items.map((item, i) => (
            <input
              key={i}
              type="hidden"
              name="s"
              value={[
                item.runId,
                item.variant,
                item.levelKey,
                ...(item.repetition ? [item.repetition] : []),
              ].join("~")}
            />
          ))}
          <input type="hidden" name="ref" value={reference} />
          <label>
            Add series{" "}
            <select name="s" required defaultValue="">
              <option value="" disabled>
                Choose run · variant · level
              </option>
              {runs.map((run) => (
                <optgroup key={run.id} label={run.title}>
                  {run.levels.flatMap((level) =>
                    run.variants.map((variant) => (
                      <option
                        key={`${variant}-${level.key}`}
                        value={`${run.id}~${variant}~${level.key}`}
                      >
                        {variant} · {level.label}
                      </option>
                    )),
                  )}
                </optgroup>
              ))}
            </select>
          </label>{" "}
          <button type="submit">Add</button>
        </form>
      )}
    </section>
  );
}
