import type { TBenchmarkSummary, TRole } from "@meshbench/contracts";
import Link from "next/link";
import { atLeast } from "~/lib/roles";
import { formatDuration } from "./format-duration";
import { matrixSummary } from "./matrix-summary";
import { ArchiveBenchmark } from "./archive-benchmark";
import { RunNow, type ClusterOption } from "./run-now";

/**
 * The benchmarks page: every definition with its matrix, trials, estimated duration and last run;
 * members get edit and run-now (CI-only benchmarks have no definition to edit or run).
 */
export function BenchmarksList({
  rows,
  clusters,
  role,
  archived,
}: {
  rows: TBenchmarkSummary[];
  clusters: ClusterOption[];
  role: TRole;
  /** The list includes archived benchmarks. */
  archived: boolean;
}) {
  const editable = atLeast(role, "member");
  // Only what the run-now picker shows crosses to the client.
  const clusterOptions = clusters.map((c) => ({ id: c.id, name: c.name, status: c.status }));
  return (
    <>
      <h1>Benchmarks</h1>
      <p className="muted">Benchmark definitions: target, variants, load matrix and repetitions.</p>
      {editable && (
        <div className="actions">
          <Link href="/benchmarks/new" className="button-link">
            New benchmark
          </Link>
        </div>
      )}
      <p className="small">
        {archived ? (
          <Link href="/benchmarks">Hide archived benchmarks</Link>
        ) : (
          <Link href="/benchmarks?archived=1">Show archived benchmarks</Link>
        )}
      </p>
      {rows.length === 0 ? (
        <div className="empty">
          No benchmarks yet.{" "}
          {editable ? <Link href="/benchmarks/new">Create the first one</Link> : null}
        </div>
      ) : (
        <div className="table-scroll">
          <table className="data" aria-label="Benchmarks">
            <thead>
              <tr>
                <th>Key</th>
                <th className="left">Name</th>
                <th className="left">Variants</th>
                <th className="left">Matrix</th>
                <th>Trials</th>
                <th>Est. duration</th>
                <th className="left">Last run</th>
                <th className="left">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.id} data-benchmark={b.key}>
                  <td className="num">{b.key}</td>
                  <td className="left">
                    {b.name}
                    {b.archived ? <span className="badge"> archived</span> : null}
                  </td>
                  {b.ciOnly ? (
                    <td className="left muted" colSpan={4}>
                      <span className="badge" title="results uploaded from CI">
                        CI uploads
                      </span>{" "}
                      results uploaded from CI
                    </td>
                  ) : (
                    <>
                      <td className="left wrap-narrow">{b.variantNames.join(", ")}</td>
                      <td className="left wrap small">{matrixSummary(b)}</td>
                      <td className="num" data-testid="list-trials">
                        {b.trialCount}
                      </td>
                      <td className="num">{formatDuration(b.estimatedSeconds)}</td>
                    </>
                  )}
                  <td className="left">
                    {b.lastRun ? (
                      <Link href={`/runs/${b.lastRun.id}`}>
                        <span className={`badge ${b.lastRun.status}`}>{b.lastRun.status}</span>{" "}
                        {b.lastRun.createdAt.toISOString().slice(0, 16).replace("T", " ")}
                      </Link>
                    ) : (
                      <span className="muted">never</span>
                    )}
                  </td>
                  <td className="left wrap-narrow">
                    <span className="row-actions">
                      <Link href={`/benchmarks/${encodeURIComponent(b.key)}/history`}>History</Link>
                      <Link
                        href={`/benchmarks/${encodeURIComponent(b.key)}/budgets`}
                        aria-label={`Budgets of ${b.key}`}
                      >
                        Budgets
                      </Link>
                      {!b.ciOnly && (
                        <Link
                          href={`/benchmarks/${encodeURIComponent(b.key)}/schedules`}
                          aria-label={`Schedules of ${b.key}`}
                        >
                          Schedules
                        </Link>
                      )}
                      {editable && !b.ciOnly && (
                        <Link
                          href={`/benchmarks/${encodeURIComponent(b.key)}/edit`}
                          aria-label={`Edit ${b.key}`}
                        >
                          Edit
                        </Link>
                      )}
                      {editable && !b.ciOnly && !b.archived && (
                        <RunNow benchmarkId={b.id} benchmarkKey={b.key} clusters={clusterOptions} />
                      )}
                      {editable && <ArchiveBenchmark benchmarkKey={b.key} archived={b.archived} />}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
