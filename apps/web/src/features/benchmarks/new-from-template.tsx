"use client";
import {
  type TBenchmarkDefinition,
  type TMeshKind,
  type TTemplateJwt,
  type TTemplateSummary,
} from "@meshbench/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BenchmarkEditor } from "./editor/benchmark-editor";
import { TemplateJwt } from "./template-jwt";
import { useTRPC } from "~/trpc/react";

/**
 * "New benchmark from a template": pick a write-up, the mesh in each of its slots and a mode; the
 * editor below fills with its benchmark (which keeps `template` set) and stays fully editable.
 */
export function NewFromTemplate({
  templates,
  canGenerateJwt,
}: {
  templates: TTemplateSummary[];
  /** Admins may have a test key pair and token generated (the token becomes a secret). */
  canGenerateJwt: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const chosen = templates.find((t) => t.key === key) ?? null;
  const [meshes, setMeshes] = useState<TMeshKind[]>([]);
  const [mode, setMode] = useState("");
  const [jwt, setJwt] = useState<TTemplateJwt | undefined>(undefined);
  const takesJwt = Boolean(chosen?.jwtModes?.includes(mode));
  const [loaded, setLoaded] = useState<{ n: number; definition: TBenchmarkDefinition | null }>({
    n: 0,
    definition: null,
  });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const pick = (k: string) => {
    const t = templates.find((x) => x.key === k);
    setKey(k);
    setMeshes(t ? [...t.defaultMeshes] : []);
    setMode(t?.defaultMode ?? "");
    setError(null);
  };

  async function applyTemplate() {
    if (!chosen) return;
    setPending(true);
    setError(null);
    try {
      const detail = await queryClient.fetchQuery(
        trpc.templates.get.queryOptions({
          key: chosen.key,
          meshes,
          mode,
          ...(takesJwt && jwt ? { jwt } : {}),
        }),
      );
      setLoaded((l) => ({ n: l.n + 1, definition: detail.definition }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <section className="panel template-picker" aria-label="New benchmark from a template">
        <h2>From a template</h2>
        <p className="muted small">
          Each template reproduces a published mesh benchmark; choose only your meshes.
        </p>
        <div className="inline-form">
          <label>
            Template{" "}
            <select value={key} onChange={(e) => pick(e.target.value)}>
              <option value="">— blank benchmark —</option>
              {templates.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          {chosen && chosen.modes.length > 1 ? (
            <label>
              Mode{" "}
              <select value={mode} onChange={(e) => setMode(e.target.value)}>
                {chosen.modes.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        {chosen ? (
          <>
            <p className="small">
              {chosen.summary}{" "}
              <span className="muted">
                After{" "}
                {chosen.writeUp.url ? (
                  <a href={chosen.writeUp.url} rel="noreferrer" target="_blank">
                    {chosen.writeUp.title}
                  </a>
                ) : (
                  chosen.writeUp.title
                )}
                .
              </span>
            </p>
            {chosen.cannotReproduce.length ? (
              <details className="small" data-testid="template-cannot-reproduce">
                <summary>What this template cannot reproduce</summary>
                <ul>
                  {chosen.cannotReproduce.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            {takesJwt && <TemplateJwt canGenerate={canGenerateJwt} onChange={setJwt} />}
            <div className="inline-form" role="group" aria-label="Meshes">
              {meshes.map((m, i) => (
                <span key={i} className="mesh-slot">
                  <label>
                    Mesh {i + 1}{" "}
                    <select
                      value={m}
                      onChange={(e) =>
                        setMeshes(
                          meshes.map((x, j) => (j === i ? (e.target.value as TMeshKind) : x)),
                        )
                      }
                    >
                      {chosen.allowedMeshes.map((a) => (
                        <option key={a} value={a}>
                          {a}
                        </option>
                      ))}
                    </select>
                  </label>
                  {meshes.length > 1 ? (
                    <button
                      type="button"
                      className="secondary"
                      title={`Remove mesh ${i + 1}`}
                      onClick={() => setMeshes(meshes.filter((_, j) => j !== i))}
                    >
                      ×
                    </button>
                  ) : null}
                </span>
              ))}
              {meshes.length < chosen.maxMeshes ? (
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    setMeshes([
                      ...meshes,
                      chosen.allowedMeshes.find((a) => !meshes.includes(a)) ??
                        chosen.allowedMeshes[0]!,
                    ])
                  }
                >
                  Add mesh
                </button>
              ) : null}
              <button type="button" onClick={() => void applyTemplate()} disabled={pending}>
                {pending ? "Loading…" : "Use template"}
              </button>
            </div>
          </>
        ) : null}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        {loaded.definition?.template ? (
          <p className="muted small" data-testid="template-loaded">
            Filled from the template {loaded.definition.template}; edit anything before saving.
          </p>
        ) : null}
      </section>
      <BenchmarkEditor key={loaded.n} benchmarkKey={null} initial={loaded.definition} />
    </>
  );
}
