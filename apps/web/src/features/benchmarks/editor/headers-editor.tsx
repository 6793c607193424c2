"use client";
import { MAX_REQUEST_HEADERS } from "@meshbench/contracts";
import { useQuery } from "@tanstack/react-query";
import { Field } from "~/components/form/field";
import type { FieldErrors } from "~/components/form/form-errors";
import { useTRPC } from "~/trpc/react";
import { EMPTY_HEADER, type HeaderRow } from "./headers-draft";

/**
 * A list of request headers: each a name and either a plain value or a workspace secret picked by
 * name (Settings → Secrets; its value is never shown, here or anywhere). Errors arrive on
 * `<prefix>.<i>.name|value|secret`.
 */
export function HeadersEditor({
  prefix,
  rows,
  onChange,
  errors,
}: {
  prefix: string;
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  errors: FieldErrors;
}) {
  const trpc = useTRPC();
  const secrets = useQuery(trpc.secrets.list.queryOptions(undefined, { retry: false }));
  const names = secrets.data?.map((s) => s.name) ?? [];
  const update = (i: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (i: number, f: string) => errors[`${prefix}.${i}.${f}`] ?? errors[`${prefix}.${i}`];
  return (
    <div className="headers-editor" data-field={prefix}>
      {errors[prefix] && (
        <p className="field-error" role="alert">
          {errors[prefix]}
        </p>
      )}
      {rows.map((r, i) => (
        <div key={i} className="inline-form header-row" data-header-index={i}>
          <Field name={`${prefix}.${i}.name`} label="Header" error={err(i, "name")}>
            {(c) => (
              <input
                {...c}
                size={16}
                value={r.name}
                placeholder="Authorization"
                onChange={(e) => update(i, { name: e.target.value })}
              />
            )}
          </Field>
          <Field name={`${prefix}.${i}.kind`} label="From">
            {(c) => (
              <select
                {...c}
                value={r.kind}
                onChange={(e) => update(i, { kind: e.target.value as HeaderRow["kind"] })}
              >
                <option value="value">value</option>
                <option value="secret">secret</option>
              </select>
            )}
          </Field>
          {r.kind === "value" ? (
            <Field name={`${prefix}.${i}.value`} label="Value" error={err(i, "value")}>
              {(c) => (
                <input
                  {...c}
                  size={24}
                  value={r.value}
                  onChange={(e) => update(i, { value: e.target.value })}
                />
              )}
            </Field>
          ) : (
            <Field
              name={`${prefix}.${i}.secret`}
              label="Secret"
              hint={names.length ? undefined : "no secrets yet: an admin adds them in Settings"}
              error={err(i, "secret")}
            >
              {(c) => (
                <select
                  {...c}
                  value={r.secret}
                  onChange={(e) => update(i, { secret: e.target.value })}
                >
                  <option value="">(choose)</option>
                  {/* A secret the list does not hold (deleted, or not visible) stays selectable. */}
                  {[...new Set([...names, ...(r.secret ? [r.secret] : [])])].map((n) => (
                    <option key={n} value={n}>
                      {`<secret:${n}>`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <button
            type="button"
            className="secondary"
            aria-label={`Remove header ${r.name || i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="secondary"
        disabled={rows.length >= MAX_REQUEST_HEADERS}
        onClick={() => onChange([...rows, EMPTY_HEADER])}
      >
        Add header
      </button>
    </div>
  );
}
