import type { TRunReport } from "@meshbench/contracts";

/**
 * What a reader must know before reading the numbers: how warm-up relates to the measured window,
 * what the run rule dropped, and where each variant saturates (issue 16: shown, not hidden).
 */
export function MethodNotes({ report }: { report: TRunReport }) {
  const dropping = (report.runRule?.rule.dropWorst ?? 0) > 0;
  const sat = report.saturation;
  return (
    <section
      className="method-notes"
      data-testid="report-method-notes"
      aria-labelledby="method-notes"
    >
      <h2 id="method-notes">How to read this run</h2>
      {report.warmup ? <p data-testid="report-warmup">{report.warmup.text}</p> : null}
      {dropping ? (
        <div data-testid="report-run-rule">
          <p>
            Run rule: the worst {report.runRule!.rule.dropWorst} repetition(s) of every cell by{" "}
            {report.runRule!.rule.by} are left out of tables and deltas (listed below, never
            hidden).
          </p>
          <ul>
            {report.runRule!.cells.map((c) => (
              <li key={`${c.variant}-${c.levelKey}`}>
                {c.variant} ·{" "}
                {report.levels.find((l) => l.level.key === c.levelKey)?.label ?? c.levelKey}:{" "}
                {c.sentence}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {sat?.summary ? (
        <div data-testid="report-saturation">
          <p>
            <strong>Saturation:</strong> {sat.summary}.
          </p>
          {sat.unreachable.length > 0 ? (
            <ul>
              {sat.unreachable.map((u) => (
                <li key={`${u.variant}-${u.requestedQps}`}>
                  {u.variant}: {u.sentence}
                </li>
              ))}
            </ul>
          ) : null}
          {sat.excluded.length > 0 ? (
            <details>
              <summary>
                {sat.excluded.length} saturated trial(s) drawn on the load curves, left out of
                latency deltas
              </summary>
              <ul>
                {sat.excluded.map((e) => (
                  <li key={e.key}>
                    <code>{e.key}</code>: {e.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
