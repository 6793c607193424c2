import { Field } from "~/components/form/field";
import { CheckBox, TextInput, type EditorProps } from "./editor-fields";

/** Fortio's options, placement of the load generator and server, trial order, failure policy. */
export function MethodologySection(p: EditorProps) {
  const { draft, set, errors } = p;
  return (
    <fieldset className="editor-section">
      <legend>Fortio and placement</legend>
      <TextInput
        {...p}
        k="fortioImage"
        errorKey="methodology.fortio.image"
        label="Load generator image"
        size={28}
      />
      <TextInput
        {...p}
        k="resolutionSeconds"
        errorKey="methodology.fortio.resolutionSeconds"
        label="Histogram resolution (s)"
        hint="Fortio -r; default 0.0001"
        inputMode="decimal"
        size={8}
      />
      <CheckBox draft={draft} set={set} k="uniform" label="Uniform (-uniform)" />
      <CheckBox draft={draft} set={set} k="noCatchUp" label="No catch-up (-nocatchup)" />
      <CheckBox
        draft={draft}
        set={set}
        k="antiAffinity"
        label="Load generator and server on different nodes"
      />
      <CheckBox
        draft={draft}
        set={set}
        k="loadGeneratorInMesh"
        label="Load generator joins the mesh"
      />
      <TextInput
        {...p}
        k="loadGeneratorNodeSelector"
        errorKey="methodology.placement.loadGeneratorNodeSelector"
        label="Load generator node selector"
        hint="key=value"
        multiline
      />
      <TextInput
        {...p}
        k="serverNodeSelector"
        errorKey="methodology.placement.serverNodeSelector"
        label="Server node selector"
        hint="key=value"
        multiline
      />
      <Field
        name="methodology.interleaving"
        label="Trial order"
        error={errors["methodology.interleaving"]}
      >
        {(c) => (
          <select
            {...c}
            value={draft.interleaving}
            onChange={(e) => set("interleaving", e.target.value as typeof draft.interleaving)}
          >
            <option value="round-robin">round-robin</option>
            <option value="randomized-blocks">randomized blocks</option>
          </select>
        )}
      </Field>
      <Field
        name="methodology.failurePolicy"
        label="When a trial fails"
        error={errors["methodology.failurePolicy"]}
      >
        {(c) => (
          <select
            {...c}
            value={draft.failurePolicy}
            onChange={(e) => set("failurePolicy", e.target.value as typeof draft.failurePolicy)}
          >
            <option value="continue">continue</option>
            <option value="stop">stop the run</option>
          </select>
        )}
      </Field>
    </fieldset>
  );
}

/** The error keys the section above shows. */
export const METHODOLOGY_FIELD_KEYS = [
  "methodology.fortio.image",
  "methodology.fortio.resolutionSeconds",
  "methodology.placement.loadGeneratorNodeSelector",
  "methodology.placement.serverNodeSelector",
  "methodology.interleaving",
  "methodology.failurePolicy",
];
