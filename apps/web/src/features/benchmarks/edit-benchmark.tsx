import type { TBenchmarkDetail, TRole } from "@meshbench/contracts";
import Link from "next/link";
import { atLeast } from "~/lib/roles";
import { BenchmarkEditor } from "./editor/benchmark-editor";

/** The edit page: the editor over the saved definition, or a note for viewers. */
export function EditBenchmark({
  benchmarkKey,
  detail,
  role,
}: {
  benchmarkKey: string;
  detail: TBenchmarkDetail;
  role: TRole;
}) {
  return (
    <>
      <h1>Edit {detail.definition.name}</h1>
      <p className="muted">
        <Link href="/benchmarks">Benchmarks</Link> ·{" "}
        <Link href={`/benchmarks/${encodeURIComponent(benchmarkKey)}/history`}>History</Link>
      </p>
      {atLeast(role, "member") ? (
        <BenchmarkEditor benchmarkKey={detail.definition.key} initial={detail.definition} />
      ) : (
        <div className="empty">Viewers cannot edit benchmarks.</div>
      )}
    </>
  );
}
