import type { TRunListItem } from "@meshbench/contracts";

export function RunStatusBadge({ status }: { status: TRunListItem["status"] }) {
  return <span className={`badge ${status}`}>{status}</span>;
}

/**
 * Trials of a run as they are: "12/30" done of planned for a scheduled run; an upload or import
 * has no planned total, only the trials it brought ("3", never "3/0").
 */
export function trialCount(run: Pick<TRunListItem, "source" | "trialsDone" | "trialsTotal">) {
  return run.source === "scheduled"
    ? `${run.trialsDone}/${run.trialsTotal}`
    : String(run.trialsDone);
}

export function RunProgress({ run }: { run: Pick<TRunListItem, "trialsDone" | "trialsTotal"> }) {
  const pct = run.trialsTotal > 0 ? Math.round((100 * run.trialsDone) / run.trialsTotal) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label="Trials done"
    >
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}
