import type { Metadata } from "next";
import { AlertRules } from "~/features/alerts/alert-rules";
import { BenchmarkHistory } from "~/features/history/benchmark-history";
import { atLeast } from "~/lib/roles";
import { parseHistoryParams, type HistorySearch } from "~/features/history/history-params";
import { orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ key: string }>; searchParams: Promise<HistorySearch> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History — ${(await params).key}` };
}

export default async function BenchmarkHistoryPage({ params, searchParams }: Props) {
  const { key } = await params;
  const options = parseHistoryParams(await searchParams);
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  const history = await orNotFound(
    caller.history.get({
      benchmarkKey: key,
      statistic: options.statistic,
      variant: options.variant,
      gitBranch: options.branch,
      limit: 50,
    }),
  );
  return (
    <>
      <BenchmarkHistory history={history} params={options} role={current?.role} />
      <AlertRules
        benchmarkKey={key}
        seriesKeys={history.series.map((s) => `${s.label}|${history.statistic}`)}
        canEdit={current ? atLeast(current.role, "member") : false}
      />
    </>
  );
}
