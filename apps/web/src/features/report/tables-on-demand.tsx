"use client";
import type { TRunReport } from "@meshbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { GeneratorsTable } from "~/features/runs/generators-table";
import { TrialsTable } from "~/features/runs/trials-table";
import { rateTrialChoices } from "./rate-choices";
import { RateOverTime } from "./rate-over-time";
import { RepetitionTable } from "./report-tables";
import { useTRPC } from "~/trpc/react";

/** Which report the tables come from: the page's own input, so the server's cached report answers. */
export type OnDemandSource = { runId: string; reference?: string };

/**
 * A closed `<details>` whose table is fetched (the run's report, through tRPC) the first time it
 * is opened: the run page ships what it renders, and a 100-trial run's per-trial and
 * per-repetition tables are most of its weight.
 */
function OnDemand({
  source,
  summary,
  render,
}: {
  source: OnDemandSource;
  summary: ReactNode;
  render: (report: TRunReport) => ReactNode;
}) {
  const trpc = useTRPC();
  const [opened, setOpened] = useState(false);
  const { data, error } = useQuery({
    ...trpc.reports.run.queryOptions({ runId: source.runId, reference: source.reference }),
    enabled: opened,
  });
  return (
    <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>{summary}</summary>
      {!opened ? null : data ? (
        render(data)
      ) : error ? (
        <div className="empty" role="alert">
          Could not load the table: {error.message}
        </div>
      ) : (
        <div className="empty" aria-busy="true">
          Loading…
        </div>
      )}
    </details>
  );
}

/** Every trial with the load generator's own numbers, loaded when opened. */
export function TrialsOnDemand({ source, count }: { source: OnDemandSource; count: number }) {
  if (count === 0) return <div className="empty">No trials recorded yet.</div>;
  return (
    <OnDemand
      source={source}
      summary={`All ${count} trials with the load generator's own numbers`}
      render={(report) => (
        <>
          <TrialsTable trials={report.trials} />
          <GeneratorsTable trials={report.trials} />
        </>
      )}
    />
  );
}

/** One row per repetition (the run rule's drops marked), loaded when opened. */
export function RepetitionsOnDemand({ source, count }: { source: OnDemandSource; count: number }) {
  if (count === 0) return <div className="empty">No counting repetitions yet.</div>;
  return (
    <OnDemand
      source={source}
      summary={`All ${count} repetitions, each with its own percentiles`}
      render={(report) => <RepetitionTable report={report} />}
    />
  );
}

/**
 * "Throughput over time": its trial picker, loaded when opened (a 100-trial run's choices were
 * 16 KiB of the page); a picked trial's series loads on its own (rate-over-time.tsx).
 */
export function RateOverTimeOnDemand({ source, count }: { source: OnDemandSource; count: number }) {
  if (count === 0) return null;
  return (
    <>
      <h2>Throughput over time</h2>
      <OnDemand
        source={source}
        summary="Requests per second, second by second, of a trial you pick"
        render={(report) => (
          <RateOverTime runId={source.runId} trials={rateTrialChoices(report.trials)} />
        )}
      />
    </>
  );
}
