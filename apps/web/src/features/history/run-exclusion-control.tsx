"use client";
import type { TRunExclusion } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useTRPC } from "~/trpc/react";

/**
 * Exclude a run from history, change points and baselines (with a reason), or include it again.
 * Members and above; the run's data is never touched, and both directions are in the audit log.
 */
export function RunExclusionControl({
  runId,
  exclusion,
  canDecide,
}: {
  runId: string;
  exclusion: Pick<TRunExclusion, "reason"> | null;
  canDecide: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const id = useId();
  const [reason, setReason] = useState("");
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = {
    onError: (e: { message: string }) => setError(e.message),
    onSuccess: () => (setOpen(false), router.refresh()),
  };
  const exclude = useMutation(trpc.history.excludeRun.mutationOptions(done));
  const include = useMutation(trpc.history.includeRun.mutationOptions(done));
  if (!canDecide) return null;
  if (exclusion)
    return (
      <button
        type="button"
        className="secondary"
        disabled={include.isPending}
        onClick={() => (setError(null), include.mutate({ runId }))}
      >
        Include again
      </button>
    );
  if (!open)
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Exclude…
      </button>
    );
  return (
    <form
      className="inline-form"
      aria-label="Exclude run"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        exclude.mutate({ runId, reason });
      }}
    >
      <label htmlFor={id}>Reason </label>
      <input
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="bad night, broken cluster…"
        minLength={3}
        maxLength={500}
        required
      />{" "}
      <button type="submit" disabled={exclude.isPending}>
        Exclude
      </button>{" "}
      <button type="button" className="secondary" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
