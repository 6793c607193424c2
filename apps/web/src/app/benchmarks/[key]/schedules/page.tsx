import type { Metadata } from "next";
import Link from "next/link";
import { SignedOut } from "~/components/signed-out";
import { BenchmarkSchedules } from "~/features/schedules/benchmark-schedules";
import { atLeast } from "~/lib/roles";
import { orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

type Props = { params: Promise<{ key: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Schedules — ${decodeURIComponent((await params).key)}` };
}

/** A benchmark's schedules: members create, edit, enable/disable and delete them. */
export default async function SchedulesPage({ params }: Props) {
  const key = decodeURIComponent((await params).key);
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  const bench = await orNotFound(caller.benchmarks.get({ benchmarkKey: key }));
  const [schedules, clusters] = await Promise.all([
    caller.schedules.list({ benchmarkId: bench.id }),
    caller.clusters.list(),
  ]);
  return (
    <>
      <h1>Schedules of {key}</h1>
      <p className="muted">
        Each due time starts one run on its cluster, as Run now does; a due time whose previous run
        is still active is skipped and listed.{" "}
        <Link href={`/benchmarks/${encodeURIComponent(key)}/history`}>History</Link>
      </p>
      <BenchmarkSchedules
        benchmarkId={bench.id}
        initial={schedules}
        clusters={clusters.map((c) => ({ id: c.id, name: c.name }))}
        editable={atLeast(current.role, "member")}
      />
    </>
  );
}
