"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

/**
 * Cancels a queued or running run (members only; the page shows it to them alone). The worker
 * stops before its next trial and deletes what it created; finished trials stay.
 */
export function CancelRunButton({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation(
    trpc.runs.cancel.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: () => router.refresh(),
    }),
  );
  return (
    <span className="cancel-run">
      <button
        type="button"
        className="secondary"
        disabled={cancel.isPending || cancel.isSuccess}
        onClick={() => {
          if (!window.confirm("Cancel this run? Finished trials are kept.")) return;
          setError(null);
          cancel.mutate({ runId });
        }}
      >
        {cancel.isPending ? "Cancelling…" : cancel.isSuccess ? "Cancelled" : "Cancel run"}
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
