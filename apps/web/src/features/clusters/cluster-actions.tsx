"use client";
import type { TClusterValidation } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { ValidationReport } from "./validation-report";

type Props = {
  clusterId: string;
  name: string;
  /** member and up: mesh detection. */
  canRefresh: boolean;
  /** admin and up: re-validate, delete. */
  canAdmin: boolean;
  /** Offer re-validation with its report (the detail page). */
  withValidate?: boolean;
  /** Where to go after deleting (the detail page leaves; the list refreshes). */
  afterDelete?: string;
};

/** Refresh detection, re-validate and delete (with confirmation); the server enforces roles too. */
export function ClusterActions(p: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<TClusterValidation | null>(null);
  const onError = (e: { message: string }) => setError(e.message);
  const refresh = useMutation(
    trpc.clusters.refreshDetection.mutationOptions({ onError, onSuccess: () => router.refresh() }),
  );
  const validate = useMutation(
    trpc.clusters.validate.mutationOptions({
      onError,
      onSuccess: (r) => (setReport(r.validation), router.refresh()),
    }),
  );
  const remove = useMutation(
    trpc.clusters.delete.mutationOptions({
      onError,
      onSuccess: () => (p.afterDelete ? router.push(p.afterDelete) : router.refresh()),
    }),
  );
  const run = (fn: () => void) => () => (setError(null), fn());

  return (
    <div className="cluster-actions">
      <span className="row-actions">
        {p.canRefresh && (
          <button
            type="button"
            className="secondary"
            disabled={refresh.isPending}
            aria-label={`Refresh mesh detection on ${p.name}`}
            onClick={run(() => refresh.mutate({ clusterId: p.clusterId }))}
          >
            {refresh.isPending ? "Detecting…" : "Refresh detection"}
          </button>
        )}
        {p.canAdmin && p.withValidate && (
          <button
            type="button"
            className="secondary"
            disabled={validate.isPending}
            onClick={run(() => validate.mutate({ clusterId: p.clusterId }))}
          >
            {validate.isPending ? "Validating…" : "Re-validate"}
          </button>
        )}
        {p.canAdmin &&
          (confirming ? (
            <span role="group" aria-label={`Confirm deleting ${p.name}`} className="row-actions">
              <span>Delete {p.name}?</span>
              <button
                type="button"
                className="danger"
                autoFocus
                disabled={remove.isPending}
                onClick={run(() => remove.mutate({ clusterId: p.clusterId }))}
              >
                Yes, delete
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="danger"
              aria-label={`Delete ${p.name}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          ))}
      </span>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {report && <ValidationReport validation={report} />}
    </div>
  );
}
