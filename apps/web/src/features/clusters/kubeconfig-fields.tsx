"use client";
import type { TKubeconfigContexts } from "@meshbench/contracts";
import { useState, type ChangeEvent } from "react";
import { Field } from "~/components/form/field";

const MAX_BYTES = 256 * 1024;

/** The error keys a form shows the kubeconfig and its context under (its input's field names). */
export type KubeconfigFieldNames = { kubeconfig: string; context: string };

/**
 * A kubeconfig being entered: pasted or loaded text, then (after the server listed them) its
 * contexts and the chosen one. The text lives only here until sent; `reset` forgets it.
 */
export function useKubeconfigInput() {
  const [kubeconfig, setKubeconfig] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [contexts, setContexts] = useState<TKubeconfigContexts | null>(null);
  const [context, setContext] = useState("");
  return {
    kubeconfig,
    fileName,
    contexts,
    context,
    setContext,
    change(text: string, file: string | null) {
      setKubeconfig(text);
      setFileName(file);
      setContexts(null);
    },
    listed(c: TKubeconfigContexts) {
      setContexts(c);
      setContext(c.currentContext ?? c.contexts[0]?.name ?? "");
    },
    reset() {
      setKubeconfig("");
      setFileName(null);
      setContexts(null);
    },
  };
}
export type KubeconfigInput = ReturnType<typeof useKubeconfigInput>;

type Props = {
  input: KubeconfigInput;
  names: KubeconfigFieldNames;
  errors: Record<string, string | undefined>;
  /** Clears the kubeconfig's error when it changes, or sets one (a file too large). */
  onKubeconfigError: (message: string | null) => void;
};

/** Kubeconfig textarea or loaded file, file picker, and the context select once listed. */
export function KubeconfigFields({ input, names, errors, onKubeconfigError }: Props) {
  const change = (text: string, file: string | null) => {
    input.change(text, file);
    onKubeconfigError(null);
  };
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > MAX_BYTES) return onKubeconfigError("The file is larger than 256 KiB");
    change(await file.text(), file.name);
  }
  const listed = input.contexts;
  return (
    <>
      <Field
        name={names.kubeconfig}
        label="Kubeconfig"
        error={errors[names.kubeconfig]}
        hint="Paste it here or upload the file. It is encrypted at rest and never shown again."
      >
        {(c) =>
          input.fileName ? (
            <span className="inline-form">
              <output {...c}>Loaded {input.fileName}</output>
              <button type="button" className="secondary" onClick={() => change("", null)}>
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
              value={input.kubeconfig}
              onChange={(e) => change(e.target.value, null)}
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
      {listed && (
        <Field name={names.context} label="Context" error={errors[names.context]}>
          {(c) => (
            <select {...c} value={input.context} onChange={(e) => input.setContext(e.target.value)}>
              {listed.contexts.map((x) => (
                <option key={x.name} value={x.name}>
                  {x.name} — {x.server}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}
