"use client";
import { TOKEN_SCOPES, type TApiToken, type TTokenScope } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";

/** What a scope reaches, where its name alone does not say it. */
const SCOPE_HINTS: Record<TTokenScope, string> = {
  read: "everything a viewer sees: runs, reports, exports, verdicts, budgets",
  "results:write": "upload results — meshbench upload",
  "runs:trigger": "start and cancel runs, calibrate clusters — meshbench run, calibrate",
  "benchmarks:write": "save and edit benchmarks, decide change points — meshbench benchmark",
  "share:write": "create and revoke share links — meshbench share",
  "clusters:write":
    "admin: register and validate clusters, update their credentials — meshbench cluster",
  "budgets:write":
    "admin: set budgets — meshbench budgets set; not with results:write or runs:trigger",
  "alerts:write": "admin: create and delete alert channels, read their delivery logs",
};

export function TokensSection({ tokens }: { tokens: TApiToken[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const onError = (e: { message: string }) => setError(e.message);
  const create = useMutation(
    trpc.tokens.create.mutationOptions({
      onError,
      onSuccess: (t) => (setCreated(t.token), router.refresh()),
    }),
  );
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({ onError, onSuccess: () => router.refresh() }),
  );

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const name = form.get("name");
    const scopes = form.getAll("scopes").filter((s): s is string => typeof s === "string");
    create.mutate({ name: typeof name === "string" ? name : "", scopes: scopes as TTokenScope[] });
  }

  return (
    <section aria-label="API tokens">
      <h2>API tokens</h2>
      <form className="settings-form" onSubmit={onCreate} aria-label="Create token">
        <label>
          Name
          <input name="name" required maxLength={64} />
        </label>
        {TOKEN_SCOPES.map((s) => (
          <label key={s} style={{ display: "flex", gap: 4 }}>
            <input type="checkbox" name="scopes" value={s} defaultChecked={s === "read"} /> {s}
            <span className="muted"> ({SCOPE_HINTS[s]})</span>
          </label>
        ))}
        <button type="submit" disabled={create.isPending}>
          Create token
        </button>
      </form>
      {created && (
        <p>
          Copy it now, it will not be shown again:{" "}
          <span className="secret" data-testid="new-token">
            {created}
          </span>
        </p>
      )}
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
      <table className="data" aria-label="API tokens">
        <thead>
          <tr>
            <th>Name</th>
            <th className="left">Prefix</th>
            <th className="left">Scopes</th>
            <th className="left">Last used</th>
            <th className="left">Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              <td className="left num">{t.prefix}…</td>
              <td className="left">{t.scopes.join(", ")}</td>
              <td className="left">
                {t.lastUsedAt ? t.lastUsedAt.toISOString().slice(0, 16).replace("T", " ") : "never"}
              </td>
              <td className="left">{t.revokedAt ? "revoked" : "active"}</td>
              <td>
                {!t.revokedAt && (
                  <button
                    type="button"
                    className="danger"
                    onClick={() => revoke.mutate({ tokenId: t.id })}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
