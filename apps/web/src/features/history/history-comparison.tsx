"use client";
import type { TBenchmarkHistory, TComparisonStatistic } from "@meshbench/contracts";
import { DataTable, formatSignedPercent } from "@meshbench/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

type Pick2 = { by: "meshVersion" | "label"; name: string; a: string; b: string };

/** Every mesh version the history's runs were measured at, oldest first: "istio 1.26.2". */
function meshVersionChoices(runs: TBenchmarkHistory["runs"]) {
  const seen = new Map<string, { mesh: string; version: string }>();
  for (const r of runs)
    for (const [mesh, version] of Object.entries(r.meshVersions))
      seen.set(`${mesh} ${version}`, { mesh, version });
  return [...seen];
}

const ms = (v: number | null) => (v === null ? "—" : `${v.toFixed(3)} ms`);
const signedMs = (v: number) => `${v < 0 ? "\u2212" : "+"}${Math.abs(v).toFixed(3)}`;
/** The interval of b − a, in ms (the history's values are ms already). */
const interval = (i: readonly [number, number] | undefined) =>
  i ? `[${signedMs(i[0])}, ${signedMs(i[1])}] ms` : "—";

/**
 * "Compare across versions": pick two mesh versions (or two values of a label) and see, per
 * series, the runs on one side against the runs on the other — runs are the unit of the interval.
 */
export function HistoryComparison({
  history,
  statistic,
}: {
  history: TBenchmarkHistory;
  statistic: TComparisonStatistic;
}) {
  const trpc = useTRPC();
  const choices = meshVersionChoices(history.runs);
  const [by, setBy] = useState<Pick2["by"]>(choices.length > 1 ? "meshVersion" : "label");
  const [a, setA] = useState(choices[0]?.[0] ?? "");
  const [b, setB] = useState(choices.at(-1)?.[0] ?? "");
  const [label, setLabel] = useState({ name: "tag", a: "", b: "" });
  const [asked, setAsked] = useState<Pick2 | null>(null);
  const [error, setError] = useState<string | null>(null);
  const result = useQuery(
    trpc.history.compare.queryOptions(
      {
        benchmarkKey: history.benchmarkKey,
        statistic,
        ...(asked ?? { by, name: "", a: "", b: "" }),
      },
      { enabled: asked !== null, retry: false },
    ),
  );
  const submit = () => {
    setError(null);
    if (by === "label") return setAsked({ by, ...label });
    const [sa, sb] = [choices.find(([k]) => k === a)?.[1], choices.find(([k]) => k === b)?.[1]];
    if (!sa || !sb) return setError("Pick two mesh versions.");
    if (sa.mesh !== sb.mesh) return setError("Pick two versions of the same mesh.");
    setAsked({ by, name: sa.mesh, a: sa.version, b: sb.version });
  };
  const options = choices.map(([k]) => (
    <option key={k} value={k}>
      {k}
    </option>
  ));
  return (
    <section aria-label="Compare across versions" data-testid="history-comparison">
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label>
          By{" "}
          <select value={by} onChange={(e) => setBy(e.target.value as Pick2["by"])}>
            <option value="meshVersion">mesh version</option>
            <option value="label">label</option>
          </select>
        </label>{" "}
        {by === "meshVersion" ? (
          <>
            <label>
              A{" "}
              <select name="a" value={a} onChange={(e) => setA(e.target.value)}>
                {options}
              </select>
            </label>{" "}
            <label>
              B{" "}
              <select name="b" value={b} onChange={(e) => setB(e.target.value)}>
                {options}
              </select>
            </label>
          </>
        ) : (
          (["name", "a", "b"] as const).map((k) => (
            <label key={k}>
              {k === "name" ? "Label" : k.toUpperCase()}{" "}
              <input
                value={label[k]}
                size={10}
                required
                onChange={(e) => setLabel({ ...label, [k]: e.target.value })}
              />{" "}
            </label>
          ))
        )}{" "}
        <button type="submit">Compare</button>
      </form>
      {error || result.error ? (
        <p role="alert" className="error">
          {error ?? result.error?.message}
        </p>
      ) : null}
      {result.data ? (
        <>
          <p className="muted">
            A: {result.data.sides.a.runIds.length} run(s), B: {result.data.sides.b.runIds.length}{" "}
            run(s). {result.data.method}.
          </p>
          <DataTable
            label="Comparison across versions"
            columns={[
              { label: "Series", left: true },
              { label: "A (mean of runs)" },
              { label: "B (mean of runs)" },
              { label: "B − A" },
              { label: "95% CI" },
            ]}
          >
            {result.data.series.map((s) => (
              <tr key={s.label} data-series={s.label}>
                <th scope="row" className="left">
                  {s.label}
                </th>
                <td className="num">{ms(s.delta.baseline)}</td>
                <td className="num">{ms(s.delta.variant)}</td>
                <td className="num">
                  {s.delta.relative === null ? "—" : formatSignedPercent(s.delta.relative)}
                </td>
                <td className="num">
                  {s.delta.notEnoughRepetitions
                    ? "fewer than 3 runs a side"
                    : interval(s.delta.interval?.absolute)}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      ) : null}
    </section>
  );
}
