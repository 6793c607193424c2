"use client";
import type { TWorkspaceSecretView } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/**
 * The workspace's header secrets (admins): a value is sealed when saved and never shown again —
 * benchmarks pick a secret by name and show it as `<secret:name>`. Saving an existing name
 * replaces its value.
 */
export function SecretsSection({ secrets }: { secrets: TWorkspaceSecretView[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState("");
  const onError = (e: { message: string }) => setError(e.message);
  const put = useMutation(
    trpc.secrets.put.mutationOptions({
      onError,
      onSuccess: () => (setName(""), router.refresh()),
    }),
  );
  const remove = useMutation(
    trpc.secrets.delete.mutationOptions({ onError, onSuccess: () => router.refresh() }),
  );

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const value = new FormData(form).get("value");
    setError(null);
    put.mutate({ name: name.trim(), value: typeof value === "string" ? value : "" });
    form.reset();
  }

  return (
    <section aria-label="Secrets">
      <h2>Secrets</h2>
      <p className="muted small">
        Values of request headers (e.g. <code>Authorization: Bearer …</code>), sealed at rest,
        opened only by the worker for the load generator&apos;s requests, never returned, logged or
        exported.
      </p>
      <form className="settings-form" onSubmit={onSave} aria-label="Save secret">
        <label>
          Name
          <input
            name="name"
            required
            maxLength={64}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          Value
          <input name="value" type="password" autoComplete="off" required maxLength={8192} />
        </label>
        <button type="submit" disabled={put.isPending}>
          {secrets.some((s) => s.name === name.trim()) ? "Replace value" : "Save secret"}
        </button>
      </form>
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
      <table className="data" aria-label="Secrets">
        <thead>
          <tr>
            <th>Name</th>
            <th className="left">Shown as</th>
            <th className="left">Created</th>
            <th className="left">Updated</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {secrets.map((s) => (
            <tr key={s.name}>
              <td>{s.name}</td>
              <td className="left mono">{`<secret:${s.name}>`}</td>
              <td className="left">{when(s.createdAt)}</td>
              <td className="left">{when(s.updatedAt)}</td>
              <td>
                <button type="button" className="secondary" onClick={() => setName(s.name)}>
                  Replace
                </button>{" "}
                <button
                  type="button"
                  className="danger"
                  onClick={() => remove.mutate({ name: s.name })}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
