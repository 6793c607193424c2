import type { TRunReport } from "@meshbench/contracts";

/** Trials whose numbers carry a caveat (QPS shortfall, errors, mesh not detected, …) and why. */
export function ValidityFlags({ flags }: { flags: TRunReport["flags"] }) {
  if (flags.length === 0)
    return (
      <p className="muted" data-empty="flags">
        No validity flags: every trial met its checks.
      </p>
    );
  return (
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
  );
}
