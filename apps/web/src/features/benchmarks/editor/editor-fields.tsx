import type { InputHTMLAttributes } from "react";
import { Field } from "~/components/form/field";
import type { FieldErrors } from "~/components/form/form-errors";
import type { BenchmarkDraft } from "./benchmark-draft";

type StringKey = {
  [K in keyof BenchmarkDraft]: BenchmarkDraft[K] extends string ? K : never;
}[keyof BenchmarkDraft];
type BoolKey = {
  [K in keyof BenchmarkDraft]: BenchmarkDraft[K] extends boolean ? K : never;
}[keyof BenchmarkDraft];

export type EditorProps = {
  draft: BenchmarkDraft;
  set: <K extends keyof BenchmarkDraft>(key: K, value: BenchmarkDraft[K]) => void;
  errors: FieldErrors;
};

/** A text input bound to one draft field; `errorKey` is the definition path errors arrive on. */
export function TextInput({
  k,
  errorKey,
  label,
  hint,
  multiline,
  draft,
  set,
  errors,
  ...rest
}: EditorProps & {
  k: StringKey;
  errorKey: string;
  label: string;
  hint?: string;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  return (
    <Field name={errorKey} label={label} error={errors[errorKey]} hint={hint}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            rows={2}
            value={draft[k]}
            onChange={(e) => set(k, e.target.value)}
          />
        ) : (
          <input {...rest} {...control} value={draft[k]} onChange={(e) => set(k, e.target.value)} />
        )
      }
    </Field>
  );
}

export function CheckBox({
  k,
  label,
  draft,
  set,
}: Omit<EditorProps, "errors"> & { k: BoolKey; label: string }) {
  return (
    <label className="check">
      <input type="checkbox" checked={draft[k]} onChange={(e) => set(k, e.target.checked)} />{" "}
      {label}
    </label>
  );
}

/** A group of checkboxes whose checked values form a list (protocols, keep-alive). */
export function CheckList({
  k,
  legend,
  options,
  errorKey,
  draft,
  set,
  errors,
}: EditorProps & {
  k: "protocols" | "keepAlive";
  legend: string;
  options: { value: string; label: string }[];
  errorKey: string;
}) {
  const values = draft[k];
  const error = errors[errorKey];
  return (
    <fieldset className="check-list" data-field={errorKey} aria-invalid={Boolean(error)}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="check">
          <input
            type="checkbox"
            checked={values.includes(o.value)}
            onChange={(e) =>
              set(
                k,
                e.target.checked
                  ? options.map((x) => x.value).filter((v) => v === o.value || values.includes(v))
                  : values.filter((v) => v !== o.value),
              )
            }
          />{" "}
          {o.label}
        </label>
      ))}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
