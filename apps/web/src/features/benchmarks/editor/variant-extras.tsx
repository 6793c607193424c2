import { Field } from "~/components/form/field";
import type { FieldErrors } from "~/components/form/form-errors";
import type { VariantDraft } from "./benchmark-draft";

/** Error keys of a variant row's extra fields (under `variants.<i>.`). */
export const VARIANT_EXTRA_FIELDS = [
  "podAnnotations",
  "manifests",
  "extraContainers",
  "entry",
  "entry.service",
  "entry.port",
  "entry.path",
  "topology",
  "topology.hops",
];

/**
 * A variant's mesh configuration beyond namespace labels: annotations on the target's pods,
 * manifests applied before its trials (waypoint Gateway, PeerAuthentication, Telemetry…),
 * containers added to the target's pods, and where its load goes instead of the target's entry.
 */
export function VariantExtras({
  index: i,
  variant: v,
  update,
  errors,
}: {
  index: number;
  variant: VariantDraft;
  update: (i: number, patch: Partial<VariantDraft>) => void;
  errors: FieldErrors;
}) {
  const err = (f: string) => errors[`variants.${i}.${f}`];
  const hasErrors = VARIANT_EXTRA_FIELDS.some((f) => err(f));
  const configured = Boolean(
    v.podAnnotations.trim() ||
    v.manifests.trim() ||
    v.extraContainers.trim() ||
    v.entryService.trim() ||
    v.topology.trim(),
  );
  return (
    <details className="variant-extras" open={hasErrors || configured || undefined}>
      <summary>Pod annotations, manifests, containers, entry, path</summary>
      <Field
        name={`variants.${i}.podAnnotations`}
        label="Pod annotations"
        hint="key=value, one per line (on the target's pods)"
        error={err("podAnnotations")}
      >
        {(c) => (
          <textarea
            {...c}
            rows={1}
            value={v.podAnnotations}
            onChange={(e) => update(i, { podAnnotations: e.target.value })}
          />
        )}
      </Field>
      <Field
        name={`variants.${i}.manifests`}
        label="Manifests (YAML)"
        hint="applied before the variant's trials, removed after"
        error={err("manifests")}
      >
        {(c) => (
          <textarea
            {...c}
            rows={4}
            className="mono"
            value={v.manifests}
            onChange={(e) => update(i, { manifests: e.target.value })}
          />
        )}
      </Field>
      <Field
        name={`variants.${i}.extraContainers`}
        label="Extra containers (JSON)"
        hint='[{"name":"proxy","args":["proxies","-M","8080 http://localhost:8081"],"role":"proxy"}]'
        error={err("extraContainers")}
      >
        {(c) => (
          <textarea
            {...c}
            rows={2}
            className="mono"
            value={v.extraContainers}
            onChange={(e) => update(i, { extraContainers: e.target.value })}
          />
        )}
      </Field>
      <Field
        name={`variants.${i}.entry.service`}
        label="Entry Service (optional)"
        error={err("entry.service") ?? err("entry")}
      >
        {(c) => (
          <input
            {...c}
            size={14}
            value={v.entryService}
            onChange={(e) => update(i, { entryService: e.target.value })}
          />
        )}
      </Field>
      <Field name={`variants.${i}.entry.port`} label="Entry port" error={err("entry.port")}>
        {(c) => (
          <input
            {...c}
            size={6}
            inputMode="numeric"
            value={v.entryPort}
            onChange={(e) => update(i, { entryPort: e.target.value })}
          />
        )}
      </Field>
      <Field name={`variants.${i}.entry.path`} label="Entry path" error={err("entry.path")}>
        {(c) => (
          <input
            {...c}
            size={10}
            value={v.entryPath}
            onChange={(e) => update(i, { entryPath: e.target.value })}
          />
        )}
      </Field>
      <Field
        name={`variants.${i}.topology`}
        label="Declared path (JSON, optional)"
        hint='{"client":"in-mesh","hops":["client-proxy","server-proxy"],"mtls":true}; empty: from the mesh and "Load generator joins the mesh". Each trial is checked against it.'
        error={err("topology") ?? err("topology.hops")}
      >
        {(c) => (
          <textarea
            {...c}
            rows={1}
            className="mono"
            value={v.topology}
            onChange={(e) => update(i, { topology: e.target.value })}
          />
        )}
      </Field>
    </details>
  );
}
