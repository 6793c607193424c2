import type { Metadata } from "next";
import Link from "next/link";
import { formatDuration } from "~/features/benchmarks/format-duration";
import { matrixSummary } from "~/features/benchmarks/matrix-summary";
import { RunNow } from "~/features/benchmarks/run-now";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Benchmarks" };
export const dynamic = "force-dynamic";

const canEdit = (role: string) => role !== "viewer";

export default async function BenchmarksPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  // One call for the whole list (last runs included); CI-only benchmarks come back too.
  const [rows, clusters] = await Promise.all([caller.benchmarks.list(), caller.clusters.list()]);
  const editable = canEdit(current.role);
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
                  <td className="left">{b.name}</td>
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
                      {editable && !b.ciOnly && (
                        <Link
                          href={`/benchmarks/${encodeURIComponent(b.key)}/edit`}
                          aria-label={`Edit ${b.key}`}
                        >
                          Edit
                        </Link>
                      )}
                      {editable && !b.ciOnly && (
                        <RunNow benchmarkId={b.id} benchmarkKey={b.key} clusters={clusterOptions} />
                      )}
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
