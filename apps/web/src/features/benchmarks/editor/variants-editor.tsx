import { MESH_KINDS, type TMeshKind } from "@meshbench/contracts";
import { useState } from "react";
import { Field } from "~/components/form/field";
import { VARIANT_PRESETS, type VariantDraft } from "./benchmark-draft";
import type { EditorProps } from "./editor-fields";
import { headerFieldKeys } from "./headers-draft";
import { HeadersEditor } from "./headers-editor";
import { VariantExtras, VARIANT_EXTRA_FIELDS } from "./variant-extras";

const MAX_VARIANTS = 12;

/** The variant list: add from a preset, then edit name, mesh, waypoint, labels, annotations. */
export function VariantsEditor({ draft, set, errors }: EditorProps) {
  const [preset, setPreset] = useState(VARIANT_PRESETS[0]!.label);
  const variants = draft.variants;
  const update = (i: number, patch: Partial<VariantDraft>) =>
    set(
      "variants",
      variants.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    );
  const add = () => {
    const base = VARIANT_PRESETS.find((p) => p.label === preset)?.variant;
    if (!base) return;
    const taken = new Set(variants.map((v) => v.name));
    let name = base.name;
    for (let n = 2; taken.has(name); n++) name = `${base.name}-${n}`;
    set("variants", [...variants, { ...base, name }]);
  };

  return (
    <fieldset className="editor-section" data-field="variants">
      <legend>Variants</legend>
      <p className="muted">
        Each variant runs the same target and load in its own namespace; the first is the baseline
        the others are compared with.
      </p>
      {errors.variants && (
        <p className="field-error" role="alert">
          {errors.variants}
        </p>
      )}
      <ol className="variant-list">
        {variants.map((v, i) => (
          <li key={i} className="variant-row" data-variant-index={i}>
            <Field name={`variants.${i}.name`} label="Name" error={errors[`variants.${i}.name`]}>
              {(c) => (
                <input
                  {...c}
                  value={v.name}
                  size={18}
                  onChange={(e) => update(i, { name: e.target.value })}
                />
              )}
            </Field>
            <Field name={`variants.${i}.mesh`} label="Mesh" error={errors[`variants.${i}.mesh`]}>
              {(c) => (
                <select
                  {...c}
                  value={v.mesh}
                  onChange={(e) =>
                    update(i, {
                      mesh: e.target.value as TMeshKind,
                      waypoint:
                        e.target.value === "istio-ambient" || e.target.value === "kmesh"
                          ? v.waypoint
                          : "",
                    })
                  }
                >
                  {MESH_KINDS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {(v.mesh === "istio-ambient" || v.mesh === "kmesh") && (
              <Field
                name={`variants.${i}.waypoint`}
                label="Waypoint (optional)"
                error={errors[`variants.${i}.waypoint`]}
              >
                {(c) => (
                  <input
                    {...c}
                    value={v.waypoint}
                    size={12}
                    onChange={(e) => update(i, { waypoint: e.target.value })}
                  />
                )}
              </Field>
            )}
            <Field
              name={`variants.${i}.labels`}
              label="Namespace labels"
              hint="key=value, one per line"
              error={errors[`variants.${i}.labels`]}
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={1}
                  value={v.labels}
                  onChange={(e) => update(i, { labels: e.target.value })}
                />
              )}
            </Field>
            <Field
              name={`variants.${i}.annotations`}
              label="Annotations"
              hint="key=value, one per line"
              error={errors[`variants.${i}.annotations`]}
            >
              {(c) => (
                <textarea
                  {...c}
                  rows={1}
                  value={v.annotations}
                  onChange={(e) => update(i, { annotations: e.target.value })}
                />
              )}
            </Field>
            <VariantExtras index={i} variant={v} update={update} errors={errors} />
            <details
              className="variant-extras"
              open={
                v.requestHeaders.length > 0 ||
                Object.keys(errors).some((k) => k.startsWith(`variants.${i}.requestHeaders`)) ||
                undefined
              }
            >
              <summary>Request headers ({v.requestHeaders.length})</summary>
              <p className="muted small">Added to the benchmark&apos;s; same name replaces it.</p>
              <HeadersEditor
                prefix={`variants.${i}.requestHeaders`}
                rows={v.requestHeaders}
                onChange={(rows) => update(i, { requestHeaders: rows })}
                errors={errors}
              />
            </details>
            <button
              type="button"
              className="secondary"
              aria-label={`Remove variant ${v.name || i + 1}`}
              disabled={variants.length <= 1}
              onClick={() =>
                set(
                  "variants",
                  variants.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <div className="inline-form">
        <label>
          Preset{" "}
          <select value={preset} onChange={(e) => setPreset(e.target.value)}>
            {VARIANT_PRESETS.map((p) => (
              <option key={p.label} value={p.label}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="secondary"
          onClick={add}
          disabled={variants.length >= MAX_VARIANTS}
        >
          Add variant
        </button>
      </div>
    </fieldset>
  );
}

/** Error keys of the variant rows, for placing issues on them. */
export const variantFieldKeys = (variants: readonly VariantDraft[]) =>
  variants.flatMap((v, i) => [
    ...["name", "mesh", "waypoint", "labels", "annotations", ...VARIANT_EXTRA_FIELDS].map(
      (f) => `variants.${i}.${f}`,
    ),
    ...headerFieldKeys(`variants.${i}.requestHeaders`, v.requestHeaders.length),
  ]);
