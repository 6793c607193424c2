"use client";
import type { TTemplateJwt } from "@meshbench/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

type Source = "none" | "generate" | "own";

/**
 * The token of a template's JWT variant (ELCA's feature cost): none (the variant is left out), a
 * test key pair and token Meshbench generates (admins: the token becomes a workspace secret, the
 * public key goes inline into the RequestAuthentication), or the user's own token from a
 * workspace secret with its issuer and keys.
 */
export function TemplateJwt({
  canGenerate,
  onChange,
}: {
  canGenerate: boolean;
  onChange: (jwt: TTemplateJwt | undefined) => void;
}) {
  const trpc = useTRPC();
  const [source, setSource] = useState<Source>("none");
  const [name, setName] = useState("elca-jwt");
  const [own, setOwn] = useState({ secret: "", issuer: "", keys: "" });
  const [generated, setGenerated] = useState<TTemplateJwt | null>(null);
  const secrets = useQuery(trpc.secrets.list.queryOptions(undefined, { retry: false }));
  const generate = useMutation(
    trpc.secrets.generateTestJwt.mutationOptions({
      onSuccess: (jwt) => (setGenerated(jwt), onChange(jwt)),
    }),
  );
  const ownJwt = (o: typeof own): TTemplateJwt => {
    const keys = o.keys.trim();
    const byUri = /^https?:\/\//.test(keys);
    return {
      secret: o.secret,
      issuer: o.issuer.trim(),
      ...(byUri ? { jwksUri: keys } : { jwks: keys }),
      generated: false,
    };
  };
  const choose = (s: Source) => {
    setSource(s);
    onChange(s === "own" ? ownJwt(own) : s === "generate" ? (generated ?? undefined) : undefined);
  };
  const edit = (patch: Partial<typeof own>) => {
    const next = { ...own, ...patch };
    setOwn(next);
    onChange(ownJwt(next));
  };

  return (
    <div className="inline-form" role="group" aria-label="JWT variant">
      <label>
        JWT variant{" "}
        <select value={source} onChange={(e) => choose(e.target.value as Source)}>
          <option value="none">none</option>
          {canGenerate && <option value="generate">a generated test token</option>}
          <option value="own">my own token</option>
        </select>
      </label>
      {source === "generate" && (
        <>
          <label>
            Secret name <input value={name} size={14} onChange={(e) => setName(e.target.value)} />
          </label>
          <button
            type="button"
            className="secondary"
            disabled={generate.isPending}
            onClick={() => generate.mutate({ name })}
          >
            Generate key pair and token
          </button>
          {generated && (
            <span className="muted small" data-testid="jwt-generated">
              token stored as &lt;secret:{generated.secret}&gt;, issuer {generated.issuer}
            </span>
          )}
          {generate.error && (
            <span role="alert" className="field-error">
              {generate.error.message}
            </span>
          )}
        </>
      )}
      {source === "own" && (
        <>
          <label>
            Token secret{" "}
            <select value={own.secret} onChange={(e) => edit({ secret: e.target.value })}>
              <option value="">(choose)</option>
              {secrets.data?.map((s) => (
                <option key={s.name} value={s.name}>{`<secret:${s.name}>`}</option>
              ))}
            </select>
          </label>
          <label>
            Issuer <input value={own.issuer} onChange={(e) => edit({ issuer: e.target.value })} />
          </label>
          <label>
            JWKS (JSON) or its https URL{" "}
            <input value={own.keys} size={30} onChange={(e) => edit({ keys: e.target.value })} />
          </label>
        </>
      )}
    </div>
  );
}
