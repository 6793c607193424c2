/** Field key ("loadMatrix.qps", "variants.0.name") → message; "_form" for what fits no field. */
export type FieldErrors = Record<string, string>;

type Issue = { path: readonly PropertyKey[]; message: string };
type ServerError = {
  message: string;
  data?: {
    field?: string | null;
    zodError?: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } | null;
  } | null;
};

/** The longest prefix of `path` that is a field the form shows, else "_form". */
function fieldFor(path: string, known: ReadonlySet<string>): string {
  const parts = path.split(".").filter(Boolean);
  while (parts.length > 0) {
    const key = parts.join(".");
    if (known.has(key)) return key;
    parts.pop();
  }
  return "_form";
}

function add(errors: FieldErrors, key: string, message: string) {
  errors[key] = errors[key] ? `${errors[key]}; ${message}` : message;
}

/** Zod issues (the contracts' own schema, run in the browser) placed on the form's fields. */
export function issuesToFieldErrors(issues: readonly Issue[], known: ReadonlySet<string>) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldFor(issue.path.map(String).join("."), known);
    if (!errors[key]?.includes(issue.message)) add(errors, key, issue.message);
  }
  return errors;
}

/**
 * A tRPC error placed on the form's fields: a DomainError names its `field`; BAD_REQUEST input
 * errors carry the flattened zod error. `strip` drops a wrapper ("definition.").
 */
export function serverFieldErrors(
  error: ServerError,
  known: ReadonlySet<string>,
  strip = "",
): FieldErrors {
  const errors: FieldErrors = {};
  const place = (path: string, message: string) => {
    const bare = strip && path.startsWith(strip) ? path.slice(strip.length) : path;
    add(errors, fieldFor(bare, known), message);
  };
  const data = error.data;
  if (data?.zodError) {
    for (const [path, messages] of Object.entries(data.zodError.fieldErrors))
      for (const m of messages ?? []) place(path, m);
    for (const m of data.zodError.formErrors) add(errors, "_form", m);
  } else if (data?.field) {
    place(data.field, error.message);
  }
  if (Object.keys(errors).length === 0) errors._form = error.message;
  return errors;
}
