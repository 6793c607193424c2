import { Field } from "~/components/form/field";
import { TextInput, type EditorProps } from "./editor-fields";

/** The target kinds' own fields: per-variant URLs, a workload's manifests and entry, sample-app tiers. */
export function TargetExtras(p: EditorProps) {
  const { draft, set, errors } = p;
  if (draft.targetKind === "service-url")
    return (
      <TextInput
        {...p}
        k="variantUrls"
        errorKey="target.variantUrls"
        label="Per-variant URLs"
        hint="variant=url, one per line; overrides the shared URL"
        multiline
      />
    );
  if (draft.targetKind === "workload")
    return (
      <>
        <Field
          name="target.manifests"
          label="Workload manifests (YAML)"
          hint="applied into each variant's namespace"
          error={errors["target.manifests"]}
        >
          {(c) => (
            <textarea
              {...c}
              rows={8}
              className="mono"
              value={draft.workloadManifests}
              onChange={(e) => set("workloadManifests", e.target.value)}
            />
          )}
        </Field>
        <EntryInputs {...p} prefix="target.entry" />
      </>
    );
  if (draft.targetKind === "sample-app")
    return (
      <>
        <TextInput
          {...p}
          k="sampleTiers"
          errorKey="target.tiers"
          label="Tiers"
          inputMode="numeric"
          size={4}
        />
        <Field name="target.entry" label="Load enters at" error={errors["target.entry"]}>
          {(c) => (
            <select
              {...c}
              value={draft.sampleEntry}
              onChange={(e) => set("sampleEntry", e.target.value as "front" | "leaf")}
            >
              <option value="front">front (the whole chain)</option>
              <option value="leaf">leaf (one service)</option>
            </select>
          )}
        </Field>
      </>
    );
  return null;
}

function EntryInputs(p: EditorProps & { prefix: string }) {
  return (
    <>
      <TextInput
        {...p}
        k="entryService"
        errorKey={`${p.prefix}.service`}
        label="Entry Service"
        size={16}
      />
      <TextInput
        {...p}
        k="entryPort"
        errorKey={`${p.prefix}.port`}
        label="Entry port"
        inputMode="numeric"
        size={6}
      />
      <TextInput {...p} k="entryPath" errorKey={`${p.prefix}.path`} label="Entry path" size={12} />
    </>
  );
}
