"use client";
import type { TAlertRuleKind } from "@meshbench/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { field } from "./form-field";

const KINDS: Record<TAlertRuleKind, string> = {
  run_failed: "a run failed",
  verdict: "verdict FAIL or INCONCLUSIVE",
  change_point: "a new change point",
  capacity_drop: "capacity dropped by more than…",
};

/**
 * A benchmark's alert rules (members edit): which events tell which channel. `seriesKeys` are
 * the history's series at the shown statistic (a change-point rule may watch one).
 */
export function AlertRules({
  benchmarkKey,
  seriesKeys,
  canEdit,
}: {
  benchmarkKey: string;
  seriesKeys: string[];
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const [kind, setKind] = useState<TAlertRuleKind>("run_failed");
  const [error, setError] = useState<string | null>(null);
  const rules = useQuery(trpc.alerts.listRules.queryOptions({ benchmarkKey }));
  const channels = useQuery(
    trpc.alerts.listChannels.queryOptions(undefined, { enabled: canEdit, retry: false }),
  );
  const refresh = () => (setError(null), void rules.refetch());
  const onError = (e: { message: string }) => setError(e.message);
  const create = useMutation(
    trpc.alerts.createRule.mutationOptions({ onError, onSuccess: refresh }),
  );
  const remove = useMutation(
    trpc.alerts.deleteRule.mutationOptions({ onError, onSuccess: refresh }),
  );

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const series = field(form, "series");
    const threshold = Number(form.get("threshold") ?? "");
    create.mutate({
      benchmarkKey,
      channelId: field(form, "channel"),
      kind,
      ...(kind === "change_point" && series ? { seriesKey: series } : {}),
      ...(kind === "capacity_drop" ? { thresholdPct: threshold } : {}),
    });
  }

  return (
    <section aria-label="Alert rules">
      <h2>Alerts</h2>
      <ul data-testid="alert-rules">
        {(rules.data ?? []).map((r) => (
          <li key={r.id}>
            {KINDS[r.kind]}
            {r.seriesKey
              ? ` in ${r.seriesKey}`
              : r.kind === "change_point"
                ? " (any series, p99)"
                : ""}
            {r.thresholdPct !== null ? ` ${r.thresholdPct}%` : ""} → {r.channelName}{" "}
            {canEdit && (
              <button
                type="button"
                className="danger"
                onClick={() => remove.mutate({ ruleId: r.id })}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (channels.data?.length ?? 0) > 0 && (
        <form className="settings-form" onSubmit={onCreate} aria-label="Create alert rule">
          <label>
            When
            <select value={kind} onChange={(e) => setKind(e.target.value as TAlertRuleKind)}>
              {Object.entries(KINDS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          {kind === "change_point" && (
            <label>
              Series
              <select name="series">
                <option value="">any (p99)</option>
                {seriesKeys.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
          )}
          {kind === "capacity_drop" && (
            <label>
              Drop %
              <input name="threshold" type="number" min={1} max={100} defaultValue={10} required />
            </label>
          )}
          <label>
            Tell
            <select name="channel" required>
              {channels.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.kind})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={create.isPending}>
            Add rule
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
    </section>
  );
}
