import { STATISTIC_LABELS, ZComparisonStatistic } from "@meshbench/contracts";
import { DataTable } from "@meshbench/ui";
import type { Metadata } from "next";
import { orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";
import { ChangePointList } from "~/features/history/change-point-list";
import { HistoryChart } from "~/features/history/history-chart";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ key: string }>;
  searchParams: Promise<{ statistic?: string; variant?: string; branch?: string; axis?: string }>;
};

const AXES = ["commit", "tag", "meshVersion", "date"] as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `History — ${(await params).key}` };
}

export default async function BenchmarkHistoryPage({ params, searchParams }: Props) {
  const { key } = await params;
  const query = await searchParams;
  const statistic = ZComparisonStatistic.catch("p99").parse(query.statistic);
  const axis = AXES.find((a) => a === query.axis) ?? "commit";
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  const history = await orNotFound(
    caller.history.get({
      benchmarkKey: key,
      statistic,
      variant: query.variant || undefined,
      gitBranch: query.branch || undefined,
      limit: 50,
    }),
  );
  return (
    <>
      <h1>{history.benchmarkName} — history</h1>
      <form method="get" className="inline-form" aria-label="Trend options">
        <label>
          Statistic{" "}
          <select name="statistic" defaultValue={statistic}>
            {ZComparisonStatistic.options.map((s) => (
              <option key={s} value={s}>
                {STATISTIC_LABELS[s]}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Across{" "}
          <select name="axis" defaultValue={axis}>
            <option value="commit">commits</option>
            <option value="tag">tags</option>
            <option value="meshVersion">mesh versions</option>
            <option value="date">dates</option>
          </select>
        </label>{" "}
        <label>
          Variant <input name="variant" defaultValue={query.variant ?? ""} size={10} />
        </label>{" "}
        <label>
          Branch <input name="branch" defaultValue={query.branch ?? ""} size={10} />
        </label>{" "}
        <button type="submit">Show</button>
      </form>
      <HistoryChart history={history} axis={axis} />
      <h2>Change points</h2>
      <p className="muted">
        E-divisive means per variant × level for {STATISTIC_LABELS[statistic]} (permutation test, α
        = 0.05, at least 5 runs either side).
      </p>
      <ChangePointList
        benchmarkKey={history.benchmarkKey}
        changePoints={history.changePoints ?? []}
        titles={Object.fromEntries(history.runs.map((r) => [r.runId, r.title]))}
        canDecide={
          current?.role === "owner" || current?.role === "admin" || current?.role === "member"
        }
      />
      <h2>Runs</h2>
      <DataTable
        label="History runs"
        columns={[
          { label: "Run", left: true },
          { label: "Branch", left: true },
          { label: "Commit", left: true },
          { label: "Tag", left: true },
          { label: "Mesh", left: true },
          { label: "Created" },
        ]}
      >
        {history.runs.map((r) => (
          <tr key={r.runId}>
            <th scope="row" className="left">
              <a href={`/runs/${r.runId}`}>{r.title}</a>
            </th>
            <td className="left">{r.gitBranch ?? "—"}</td>
            <td className="left">
              <code>{r.gitCommit?.slice(0, 12) ?? "—"}</code>
            </td>
            <td className="left">{r.tag ?? "—"}</td>
            <td className="left">{r.mesh ? `${r.mesh} ${r.meshVersion ?? ""}` : "—"}</td>
            <td className="num">{r.createdAt.slice(0, 16).replace("T", " ")}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
