"use client";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "~/trpc/react";

type Timing = { cron: string; timezone: string };

/** The field a BAD_REQUEST named (the error formatter's `data.field`), if any. */
function fieldOf(error: unknown): string | null {
  const field = (error as { data?: { field?: unknown } } | null)?.data?.field;
  return typeof field === "string" ? field : null;
}

/** Cron expression and time zone with the next five due times previewed as they are typed. */
export function ScheduleForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: Timing;
  submitLabel: string;
  onSubmit: (timing: Timing) => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const id = useId();
  const [timing, setTiming] = useState(initial);
  const [error, setError] = useState<{
    field: string | null;
    message: string;
    sent: Timing;
  } | null>(null);
  const [saving, setSaving] = useState(false);
  // A refused submit's error is about the timing it sent: shown only while the form still holds
  // that timing (its answer may arrive after an edit).
  const edit = (next: Timing) => setTiming(next);
  const submitError =
    error && error.sent.cron === timing.cron && error.sent.timezone === timing.timezone
      ? error
      : null;
  const preview = useQuery({
    ...trpc.schedules.preview.queryOptions(timing),
    retry: false,
  });
  const previewError = preview.error
    ? { field: fieldOf(preview.error), message: preview.error.message }
    : null;
  const shown = submitError ?? previewError;
  const fieldError = (field: string) =>
    shown && shown.field === field ? (
      <span role="alert" className="field-error">
        {shown.message}
      </span>
    ) : null;
  return (
    <form
      className="schedule-form"
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        setError(null);
        const sent = timing;
        onSubmit(sent)
          .catch((err: unknown) =>
            setError({ field: fieldOf(err), message: (err as Error).message, sent }),
          )
          .finally(() => setSaving(false));
      }}
    >
      <label htmlFor={`${id}-cron`}>Cron (minute hour day month weekday)</label>
      <input
        id={`${id}-cron`}
        value={timing.cron}
        onChange={(e) => edit({ ...timing, cron: e.target.value })}
      />
      {fieldError("cron")}
      <label htmlFor={`${id}-tz`}>Time zone (IANA, e.g. Europe/Berlin)</label>
      <input
        id={`${id}-tz`}
        value={timing.timezone}
        onChange={(e) => edit({ ...timing, timezone: e.target.value })}
      />
      {fieldError("timezone")}
      {shown && shown.field !== "cron" && shown.field !== "timezone" && (
        <span role="alert" className="field-error">
          {shown.message}
        </span>
      )}
      <p className="small" data-testid="schedule-preview">
        {preview.data
          ? `Next: ${preview.data.nextRuns.map((d) => d.toISOString().slice(0, 16).replace("T", " ")).join(" · ")} UTC`
          : null}
      </p>
      <button type="submit" disabled={saving}>
        {saving ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}
