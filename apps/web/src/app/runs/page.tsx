import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { parseRunListParams, type RunListSearch } from "~/features/runs/run-list-params";
import { RunsList } from "~/features/runs/runs-list";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Runs" };
export const dynamic = "force-dynamic";

export default async function RunsPage({ searchParams }: { searchParams: Promise<RunListSearch> }) {
  const search = await searchParams;
  const { filter, cursor, listCursor } = parseRunListParams(search);
  const caller = await api();
  const [result, options] = await Promise.all([
    caller.runs.list({ limit: 25, cursor: listCursor, ...filter }).catch(() => null),
    caller.runs.filterOptions().catch(() => null),
  ]);
  if (!result || !options) return <SignedOut />;
  return (
    <RunsList
      runs={result.items}
      nextCursor={result.nextCursor}
      options={options}
      filter={filter}
      cursor={cursor}
      search={search}
    />
  );
}
