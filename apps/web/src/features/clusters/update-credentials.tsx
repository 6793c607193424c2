"use client";
import type { TClusterValidation } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { FormError } from "~/components/form/field";
import { serverFieldErrors, type FieldErrors } from "~/components/form/form-errors";
import { KubeconfigFields, useKubeconfigInput } from "./kubeconfig-fields";
import { ValidationReport } from "./validation-report";

const NAMES = { kubeconfig: "kubeconfig", context: "context" };
const KNOWN = new Set(["kubeconfig", "context", "auth.kubeconfig", "auth.context"]);

/** Errors of inspectKubeconfig (`auth.*`) and updateCredentials (bare) on this form's fields. */
function placed(e: Parameters<typeof serverFieldErrors>[0]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(serverFieldErrors(e, KNOWN)))
    errors[key.replace(/^auth\./, "")] = message;
  return errors;
}

/**
 * "Update credentials" on a cluster's page (admins): a new kubeconfig for the same cluster, e.g.
 * after rotating its token with `meshbench cluster connect --rotate`. The cluster keeps its id,
 * runs and calibrations; the new kubeconfig is validated like a registration.
 */
export function UpdateCredentials({ clusterId, name }: { clusterId: string; name: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const input = useKubeconfigInput();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [report, setReport] = useState<TClusterValidation | null>(null);

  const inspect = useMutation(
    trpc.clusters.inspectKubeconfig.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (c) => input.listed(c),
    }),
  );
  const update = useMutation(
    trpc.clusters.updateCredentials.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (r) => {
        setReport(r.validation);
        input.reset();
        setOpen(false);
        router.refresh();
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    if (!input.kubeconfig.trim()) return setErrors({ kubeconfig: "Paste or upload a kubeconfig" });
    if (!input.contexts) return inspect.mutate({ kubeconfig: input.kubeconfig });
    update.mutate({
      clusterId,
      kubeconfig: input.kubeconfig,
      context: input.context || undefined,
    });
  }

  if (!open)
    return (
      <div className="cluster-actions">
        <button
          type="button"
          className="secondary"
          onClick={() => (setOpen(true), setReport(null))}
        >
          Update credentials
        </button>
        {report && <ValidationReport validation={report} />}
      </div>
    );
  return (
    <form
      className="editor-section cluster-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Update credentials of ${name}`}
    >
      <KubeconfigFields
        input={input}
        names={NAMES}
        errors={errors}
        onKubeconfigError={(message) =>
          setErrors(({ kubeconfig: _, ...rest }) =>
            message ? { ...rest, kubeconfig: message } : rest,
          )
        }
      />
      <FormError error={errors._form} />
      <div className="actions">
        <button type="submit" disabled={inspect.isPending || update.isPending}>
          {update.isPending
            ? "Validating…"
            : input.contexts
              ? "Replace and validate"
              : inspect.isPending
                ? "Reading…"
                : "Read contexts"}
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => (input.reset(), setErrors({}), setOpen(false))}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
