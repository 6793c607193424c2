"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

type Loaded = { bundle: unknown; secrets: string[]; title: string };

/** Reads the names of the secrets the bundle's headers use (the server checks everything else). */
function readBundle(text: string): Loaded {
  const bundle = JSON.parse(text) as { run?: { title?: unknown }; secrets?: unknown[] };
  const secrets = (bundle.secrets ?? []).filter((s): s is string => typeof s === "string");
  return { bundle, secrets, title: typeof bundle.run?.title === "string" ? bundle.run.title : "" };
}

/**
 * Picks a bundle file, asks which workspace secret stands for each `<secret:name>` it lists
 * (default: the same name; a secret's value never travels, here or in the bundle), imports it and
 * opens the new read-only run.
 */
export function ImportBundle() {
  const trpc = useTRPC();
  const router = useRouter();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const importing = useMutation(
    trpc.bundles.import.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: (r) => router.push(`/runs/${r.runId}`),
    }),
  );
  return (
    <form
      className="panel"
      onSubmit={(e) => {
        e.preventDefault();
        if (!loaded) return;
        setError(null);
        importing.mutate({ bundle: loaded.bundle as never, secrets: values });
      }}
    >
      <label>
        Bundle file{" "}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            setError(null);
            setLoaded(null);
            void e.target.files?.[0]?.text().then((text) => {
              try {
                setLoaded(readBundle(text));
              } catch {
                setError("This file is not JSON: choose a .meshbench-bundle.json file");
              }
            });
          }}
        />
      </label>
      {loaded ? <p data-testid="bundle-title">{loaded.title}</p> : null}
      {loaded?.secrets.map((name) => (
        <label key={name}>
          Workspace secret for {`<secret:${name}>`}{" "}
          <input
            required
            value={values[name] ?? name}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </label>
      ))}
      <button type="submit" disabled={!loaded || importing.isPending}>
        {importing.isPending ? "Importing…" : "Import"}
      </button>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
