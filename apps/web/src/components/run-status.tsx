import type { TRunListItem } from "@meshbench/contracts";

export function RunStatusBadge({ status }: { status: TRunListItem["status"] }) {
  return <span className={`badge ${status}`}>{status}</span>;
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
