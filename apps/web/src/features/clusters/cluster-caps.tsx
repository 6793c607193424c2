"use client";
import {
  CLUSTER_CAP_LABELS,
  CLUSTER_CAP_NAMES,
  ZClusterCaps,
  type TClusterCapName,
  type TClusterCaps,
} from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { Field, FormError } from "~/components/form/field";
import {
  issuesToFieldErrors,
  serverFieldErrors,
  type FieldErrors,
} from "~/components/form/form-errors";

const KNOWN = new Set<string>(CLUSTER_CAP_NAMES);

const HINTS: Record<TClusterCapName, string> = {
  maxConcurrentRuns: "queued and running runs on this cluster at once",
  maxQps: "a run's highest load level; a capacity search stops here",
  maxGenerators: "load generators per trial (and the most “auto” may use)",
  maxTrialSeconds: "the measured seconds of each trial",
};

/** "none" or the cap: the caps as the page lists them. */
export function capsSummary(caps: TClusterCaps): string {
  const set = CLUSTER_CAP_NAMES.filter((n) => caps[n] !== undefined);
  return set.length ? set.map((n) => `${CLUSTER_CAP_LABELS[n]} ≤ ${caps[n]}`).join(", ") : "none";
}

/**
 * The cluster's caps (admins edit them): what the workspace may put on it. An empty field is no
 * cap. Checked in the browser by the contract's own schema, then by the server.
 */
export function ClusterCaps({
  clusterId,
  caps,
  canEdit,
}: {
  clusterId: string;
  caps: TClusterCaps;
  canEdit: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(CLUSTER_CAP_NAMES.map((n) => [n, caps[n]?.toString() ?? ""])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.clusters.setCaps.mutationOptions({
      onError: (e) => setErrors(serverFieldErrors(e, KNOWN, "caps.")),
      onSuccess: () => (setOpen(false), router.refresh()),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = Object.fromEntries(
      CLUSTER_CAP_NAMES.filter((n) => values[n]?.trim()).map((n) => [n, Number(values[n])]),
    );
    const parsed = ZClusterCaps.safeParse(raw);
    if (!parsed.success) return setErrors(issuesToFieldErrors(parsed.error.issues, KNOWN));
    setErrors({});
    save.mutate({ clusterId, caps: parsed.data });
  }

  if (!open)
    return (
      <span data-testid="cluster-caps">
        {capsSummary(caps)}{" "}
        {canEdit && (
          <button type="button" className="secondary" onClick={() => setOpen(true)}>
            Edit caps
          </button>
        )}
      </span>
    );
  return (
    <form className="editor-section" onSubmit={onSubmit} noValidate aria-label="Cluster caps">
      {CLUSTER_CAP_NAMES.map((n) => (
        <Field key={n} name={n} label={CLUSTER_CAP_LABELS[n]} error={errors[n]} hint={HINTS[n]}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              placeholder="no cap"
              value={values[n]}
              onChange={(e) => setValues((v) => ({ ...v, [n]: e.target.value }))}
            />
          )}
        </Field>
      ))}
      <FormError error={errors._form} />
      <div className="actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save caps"}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
