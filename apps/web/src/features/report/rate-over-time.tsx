"use client";
import type { TRateDip } from "@meshbench/contracts";
import { RateOverTimeChart } from "@meshbench/ui/charts";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "~/trpc/react";
import type { RateTrialChoice } from "./rate-choices";

const DIP_WORDS: Record<TRateDip["kind"], string> = {
  warm_up: "warm-up",
  stall: "stall",
  tail: "last (partial) second",
};

/**
 * "RPS over time" for one trial at a time: the series is loaded when a trial is picked (the page
 * carries none, only the succeeded trials to pick from: rateTrialChoices), with the seconds below
 * the dip share of the trial's mean listed under it.
 */
export function RateOverTime({ runId, trials }: { runId: string; trials: RateTrialChoice[] }) {
  const trpc = useTRPC();
  const id = useId();
  const [trialId, setTrialId] = useState("");
  const view = useQuery(
    trpc.runs.trialRateSeries.queryOptions({ runId, trialId }, { enabled: trialId !== "" }),
  );
  if (trials.length === 0) return null;
  const data = view.data;
  return (
    <section className="panel" aria-label="Throughput over time" data-testid="rate-over-time">
      <label htmlFor={id}>Trial </label>
      <select id={id} value={trialId} onChange={(e) => setTrialId(e.target.value)}>
        <option value="">choose a trial…</option>
        {trials.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </select>
      {view.isError && <p className="field-error">{view.error.message}</p>}
      {data && !data.series && (
        <p className="muted">
          No per-second record for this trial: it comes from a Fortio JSON access log uploaded with
          the result (<code>accessLog</code>), or, for a scheduled run, from a benchmark with{" "}
          <code>methodology.rateSeries</code> on.
        </p>
      )}
      {data?.series && (
        <>
          <RateOverTimeChart
            series={data.series}
            meanQps={data.meanQps}
            filename={`run-${runId}-${trialId}`}
          />
          <p className="muted" data-testid="rate-dips">
            {data.dips.length === 0
              ? `Every second within ${Math.round(data.dipShare * 100)}% of the mean.`
              : `Below ${Math.round(data.dipShare * 100)}% of the mean: ` +
                data.dips
                  .map(
                    (d) =>
                      `${d.fromSeconds} s (${DIP_WORDS[d.kind]}, ${Math.round(d.shareOfMean * 100)}%)`,
                  )
                  .join(", ")}
          </p>
        </>
      )}
    </section>
  );
}
