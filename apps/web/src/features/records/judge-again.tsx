"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

/** Judges the run again by today's budgets; the new record becomes the run's verdict. */
export function JudgeAgain({ runId }: { runId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const judge = useMutation(
    trpc.verdicts.recompute.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: () => router.refresh(),
    }),
  );
  return (
    <p>
      <button
        type="button"
        className="secondary"
        disabled={judge.isPending}
        onClick={() => (setError(null), judge.mutate({ runId }))}
      >
        {judge.isPending ? "Judging…" : "Judge again by today's budgets"}
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}
