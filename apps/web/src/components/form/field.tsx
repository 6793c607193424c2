import { useId, type ReactNode } from "react";

type FieldProps = {
  /** The error key, also `data-field` for tests. */
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Renders the control with the ids it must carry. */
  children: (control: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
  }) => ReactNode;
};

/** A labelled control with its hint and error, wired for screen readers. */
export function Field({ name, label, error, hint, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": described || undefined })}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function FormError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="field-error form-error">
      {error}
    </p>
  );
}
