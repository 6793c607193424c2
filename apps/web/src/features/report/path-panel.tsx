import type { TRunReport, TVariantPathReport } from "@meshbench/contracts";

const STATUS: Record<TVariantPathReport["status"], { label: string; badge: string }> = {
  verified: { label: "verified", badge: "succeeded" },
  not_verified: { label: "did not take the declared path", badge: "failed" },
  unchecked: { label: "path unchecked", badge: "running" },
  not_run: { label: "not checked", badge: "running" },
  not_applicable: { label: "no mesh", badge: "queued" },
};

/**
 * Each variant's declared path in words (where the client sits, the proxies on the way, mTLS)
 * and what the mesh's own counters showed after its trials: verified, not taken (those trials
 * are left out of the comparison), or unchecked and why.
 */
export function PathPanel({ paths }: { paths: TRunReport["paths"] }) {
  if (!paths?.length) return null;
  return (
    <div className="panel" aria-label="Paths" data-testid="paths">
      <dl className="kv">
        {paths.map((p) => (
          <div key={p.variant} style={{ display: "contents" }} data-testid={`path-${p.variant}`}>
            <dt>{p.variant}</dt>
            <dd>
              <div>Declared: {p.declared}</div>
              <div>
                <span className={`badge ${STATUS[p.status].badge}`}>{STATUS[p.status].label}</span>{" "}
                {p.checked}
              </div>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
