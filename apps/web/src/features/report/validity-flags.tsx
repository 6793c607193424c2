import type { TRunReport } from "@meshbench/contracts";

/** Failed trials first (count, reasons, cells short of repetitions), then per-trial caveats. */
export function ValidityFlags({
  flags,
  failures,
}: {
  flags: TRunReport["flags"];
  failures: TRunReport["failures"];
}) {
  if (flags.length === 0 && failures.count === 0 && failures.incompleteCells.length === 0)
    return (
      <p className="muted" data-empty="flags">
        No validity flags: every trial met its checks.
      </p>
    );
  return (
    <>
      {failures.count > 0 || failures.incompleteCells.length > 0 ? (
        <div className="flags" aria-label="Failed trials">
          <p>
            <span className="badge failed">invalid</span>{" "}
            <strong>
              {failures.count} trial{failures.count === 1 ? "" : "s"} failed
            </strong>{" "}
            and produced no result.
          </p>
          <ul>
            {failures.reasons.map((r) => (
              <li key={r.reason}>
                {r.count} × {r.reason}
              </li>
            ))}
          </ul>
          {failures.incompleteCells.length > 0 ? (
            <p>
              Cells lacking repetitions:{" "}
              {failures.incompleteCells
                .map((c) => `${c.variant} × ${c.levelKey} (${c.succeeded} of ${c.planned})`)
                .join("; ")}
              .
            </p>
          ) : null}
        </div>
      ) : null}
      {flags.length > 0 ? (
        <ul className="flags" aria-label="Validity flags">
          {flags.map((t) =>
            t.flags.map((f) => (
              <li key={`${t.key}-${f.code}`} className={`flag ${f.severity}`}>
                <span className={`badge ${f.severity === "invalid" ? "failed" : "running"}`}>
                  {f.severity}
                </span>{" "}
                <code>{f.code}</code> · {t.variant} · {t.levelKey} · rep {t.repetition}: {f.message}
                {f.severity === "invalid" ? (
                  <span className="muted"> (excluded from the tables)</span>
                ) : null}
              </li>
            )),
          )}
        </ul>
      ) : null}
    </>
  );
}
