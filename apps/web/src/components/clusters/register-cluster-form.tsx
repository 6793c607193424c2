"use client";
import type { TClusterValidation, TKubeconfigContexts } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { Field, FormError } from "../form/field";
import { serverFieldErrors, type FieldErrors } from "../form/form-errors";
import { ValidationReport } from "./validation-report";

const KNOWN = new Set(["name", "kubeconfig", "auth.kubeconfig", "auth.context", "prometheusUrl"]);
const MAX_BYTES = 256 * 1024;

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
  const [kubeconfig, setKubeconfig] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [prometheusUrl, setPrometheusUrl] = useState("");
  const [contexts, setContexts] = useState<TKubeconfigContexts | null>(null);
  const [context, setContext] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ id: string; validation: TClusterValidation } | null>(null);

  const inspect = useMutation(
    trpc.clusters.inspectKubeconfig.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (c) => {
        setContexts(c);
        setContext(c.currentContext ?? c.contexts[0]?.name ?? "");
      },
    }),
  );
  const register = useMutation(
    trpc.clusters.register.mutationOptions({
      onError: (e) => setErrors(placed(e)),
      onSuccess: (r) => {
        setResult({ id: r.cluster.id, validation: r.validation });
        setKubeconfig("");
        setFileName(null);
        setContexts(null);
        router.refresh();
      },
    }),
  );

  const changeConfig = (text: string, file: string | null) => {
    setKubeconfig(text);
    setFileName(file);
    setContexts(null);
    setErrors(({ "auth.kubeconfig": _, ...rest }) => rest);
  };
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setErrors({ "auth.kubeconfig": "The file is larger than 256 KiB" });
      return;
    }
    changeConfig(await file.text(), file.name);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    if (!contexts) {
      if (!kubeconfig.trim()) {
        setErrors({ "auth.kubeconfig": "Paste or upload a kubeconfig" });
        return;
      }
      inspect.mutate({ kubeconfig });
      return;
    }
    register.mutate({
      name: name.trim(),
      auth: { mode: "kubeconfig", kubeconfig, context: context || undefined },
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
        <Field
          name="auth.kubeconfig"
          label="Kubeconfig"
          error={errors["auth.kubeconfig"]}
          hint="Paste it here or upload the file. It is encrypted at rest and never shown again."
        >
          {(c) =>
            fileName ? (
              <span className="inline-form">
                <output {...c}>Loaded {fileName}</output>
                <button type="button" className="secondary" onClick={() => changeConfig("", null)}>
                  Clear
                </button>
              </span>
            ) : (
              <textarea
                {...c}
                rows={8}
                spellCheck={false}
                autoComplete="off"
                className="mono"
                value={kubeconfig}
                onChange={(e) => changeConfig(e.target.value, null)}
              />
            )
          }
        </Field>
        <label className="file-pick">
          Upload kubeconfig file{" "}
          <input
            type="file"
            accept=".yaml,.yml,.json,.conf,text/*,application/json"
            onChange={(e) => void onFile(e)}
          />
        </label>
        {contexts && (
          <Field name="auth.context" label="Context" error={errors["auth.context"]}>
            {(c) => (
              <select {...c} value={context} onChange={(e) => setContext(e.target.value)}>
                {contexts.contexts.map((x) => (
                  <option key={x.name} value={x.name}>
                    {x.name} — {x.server}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
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
              : contexts
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
