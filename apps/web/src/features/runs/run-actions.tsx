import { CancelRunButton } from "./cancel-run-button";

/** The run's downloads (CSV, JSON, SMP, the reproducibility bundle), cancel (members, while it is queued or running) and the reference pick. */
export function RunActions({
  runId,
  variants,
  reference,
  cancellable,
  finished,
}: {
  runId: string;
  variants: string[];
  reference: string | null;
  cancellable: boolean;
  /** A finished run has a bundle (a run in progress is not a record yet). */
  finished: boolean;
}) {
  return (
    <nav className="actions" aria-label="Run actions">
      <a href={`/runs/${runId}/export/csv`} download>
        Export CSV
      </a>
      <a href={`/runs/${runId}/export/json`} download>
        Export JSON
      </a>
      <a href={`/runs/${runId}/export/smp`} download>
        SMP result JSON
      </a>
      {finished ? (
        <a href={`/runs/${runId}/export/bundle`} download>
          Reproducibility bundle
        </a>
      ) : null}
      {cancellable ? <CancelRunButton runId={runId} /> : null}
      {variants.length > 1 ? (
        <form method="get" className="inline-form">
          <label>
            Reference{" "}
            <select name="ref" defaultValue={reference ?? undefined}>
              {variants.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit">Apply</button>
        </form>
      ) : null}
    </nav>
  );
}
