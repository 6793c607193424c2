"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

/** Archives a benchmark (hidden from the list, its runs and history kept) or restores it. */
export function ArchiveBenchmark({
  benchmarkKey,
  archived,
}: {
  benchmarkKey: string;
  archived: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation(
    trpc.benchmarks.setArchived.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: () => router.refresh(),
    }),
  );
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-label={`${archived ? "Restore" : "Archive"} ${benchmarkKey}`}
        disabled={change.isPending}
        onClick={() => {
          if (!archived && !window.confirm(`Archive ${benchmarkKey}? Its runs and history stay.`))
            return;
          setError(null);
          change.mutate({ benchmarkKey, archived: !archived });
        }}
      >
        {archived ? "Restore" : "Archive"}
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
