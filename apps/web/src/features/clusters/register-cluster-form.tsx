"use client";
import type { TClusterValidation } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { Field, FormError } from "~/components/form/field";
import { serverFieldErrors, type FieldErrors } from "~/components/form/form-errors";
import { KubeconfigFields, useKubeconfigInput } from "./kubeconfig-fields";
import { ValidationReport } from "./validation-report";

const KNOWN = new Set(["name", "kubeconfig", "auth.kubeconfig", "auth.context", "prometheusUrl"]);
const NAMES = { kubeconfig: "auth.kubeconfig", context: "auth.context" };

function placed(e: Parameters<typeof serverFieldErrors>[0]): FieldErrors {
  const { kubeconfig, ...rest } = serverFieldErrors(e, KNOWN);
  return kubeconfig ? { ...rest, "auth.kubeconfig": kubeconfig } : rest;
}

/**
 * Paste or upload a kubeconfig, choose its context, register. The text lives only in this form's
 * state until it is sent; the server seals it and never returns it, and the form forgets it after.
 */
export function RegisterClusterForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const input = useKubeconfigInput();
  const [prometheusUrl, setPrometheusUrl] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ id: string; validation: TClusterValidation } | null>(null);

  const inspect = useMutation(
    trpc.clusters.inspectKubeconfig.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (c) => input.listed(c),
    }),
  );
  const register = useMutation(
    trpc.clusters.register.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (r) => {
        setResult({ id: r.cluster.id, validation: r.validation });
        input.reset();
        router.refresh();
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    if (!input.contexts) {
      if (!input.kubeconfig.trim()) {
        setErrors({ "auth.kubeconfig": "Paste or upload a kubeconfig" });
        return;
      }
      inspect.mutate({ kubeconfig: input.kubeconfig });
      return;
    }
    register.mutate({
      name: name.trim(),
      auth: {
        mode: "kubeconfig",
        kubeconfig: input.kubeconfig,
        context: input.context || undefined,
      },
      prometheusUrl: prometheusUrl.trim() || null,
    });
  }

  const pending = inspect.isPending || register.isPending;
  return (
    <>
      <form
        className="editor-section cluster-form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Register cluster"
      >
        <Field name="name" label="Name" error={errors.name}>
          {(c) => <input {...c} value={name} onChange={(e) => setName(e.target.value)} size={30} />}
        </Field>
        <KubeconfigFields
          input={input}
          names={NAMES}
          errors={errors}
          onKubeconfigError={(message) =>
            setErrors(({ "auth.kubeconfig": _, ...rest }) =>
              message ? { ...rest, "auth.kubeconfig": message } : rest,
            )
          }
        />
        <Field name="prometheusUrl" label="Prometheus URL (optional)" error={errors.prometheusUrl}>
          {(c) => (
            <input
              {...c}
              value={prometheusUrl}
              onChange={(e) => setPrometheusUrl(e.target.value)}
              placeholder="http://prometheus.monitoring:9090"
              size={40}
            />
          )}
        </Field>
        <FormError error={errors._form} />
        <div className="actions">
          <button type="submit" disabled={pending}>
            {register.isPending
              ? "Validating…"
              : input.contexts
                ? "Register and validate"
                : inspect.isPending
                  ? "Reading…"
                  : "Read contexts"}
          </button>
          <Link href="/clusters">Cancel</Link>
        </div>
      </form>
      {result && (
        <>
          <ValidationReport validation={result.validation} />
          <p>
            Registered. <Link href={`/clusters/${result.id}`}>Open the cluster</Link> ·{" "}
            <Link href="/clusters">All clusters</Link>
          </p>
        </>
      )}
    </>
  );
}
