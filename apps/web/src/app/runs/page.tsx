import type { Metadata } from "next";
import { ZRunSource, ZRunStatus, type TRunListFilter } from "@meshbench/contracts";
import { RunFilters } from "~/components/run-filters";
import { RunsTable } from "~/components/runs-table";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Runs" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
const oneOf = <T extends string>(v: string | undefined, values: readonly T[]) =>
  values.find((x) => x === v);

export default async function RunsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const filter: TRunListFilter = {
    benchmarkKey: one(sp.benchmark),
    clusterName: one(sp.cluster),
    variant: one(sp.variant),
    status: oneOf(one(sp.status), ZRunStatus.options),
    source: oneOf(one(sp.source), ZRunSource.options),
    gitBranch: one(sp.branch),
  };
  const cursor = one(sp.cursor);
  const caller = await api();
  const [result, options] = await Promise.all([
    caller.runs
      .list({ limit: 25, cursor: cursor && /^[a-z0-9]+$/.test(cursor) ? cursor : null, filter })
      .catch(() => null),
    caller.runs.filterOptions().catch(() => null),
  ]);
  if (!result || !options) return <SignedOut />;
  const filtered = Object.values(filter).some(Boolean);
  const next = new URLSearchParams(
    Object.entries(sp).flatMap(([k, v]) =>
      typeof v === "string" && k !== "cursor" ? [[k, v]] : [],
    ),
  );
  if (result.nextCursor) next.set("cursor", result.nextCursor);
  return (
    <>
      <h1>Runs</h1>
      <p className="muted">
        Every benchmark run: scheduled on a cluster, uploaded from CI, or imported.
      </p>
      <RunFilters options={options} values={filter} />
      <RunsTable runs={result.items} filtered={filtered} />
      <nav className="pager" aria-label="Pages">
        {cursor ? <a href="/runs">« First page</a> : null}
        {result.nextCursor ? <a href={`/runs?${next.toString()}`}>Next page »</a> : null}
      </nav>
    </>
  );
}
