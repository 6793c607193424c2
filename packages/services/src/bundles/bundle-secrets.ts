import {
  DomainError,
  SECRET_PLACEHOLDER,
  secretPlaceholder,
  type TBenchmarkDefinition,
  type TBundleSecret,
} from "@meshbench/contracts";

/** A sealed value inside a definition: its name and where it sits (path segments). */
export type LocatedSecret = { name: string; path: string[] };

/**
 * Finds the sealed values of a definition. Definitions hold none yet; sealed request headers
 * (issue 22) add their locator here, and every export and import follows it.
 */
export type SecretLocator = (definition: TBenchmarkDefinition) => LocatedSecret[];

const clone = <T>(value: T): T => structuredClone(value);

function setAt(root: unknown, path: string[], value: string) {
  let node = root as Record<string, unknown>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string, unknown>;
  node[path.at(-1)!] = value;
}

function getAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const segment of path) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** Every string of the value that is a placeholder, with its dotted path. */
function placeholdersIn(value: unknown, path: string[] = [], out: [string, string][] = []) {
  if (typeof value === "string") {
    const name = SECRET_PLACEHOLDER.exec(value)?.[1];
    if (name) out.push([path.join("."), name]);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) placeholdersIn(v, [...path, k], out);
  return out;
}

/** The definition as it may travel: each sealed value replaced by `<secret:name>`, and the list. */
export function maskSecrets(
  definition: TBenchmarkDefinition,
  locators: readonly SecretLocator[],
): { definition: TBenchmarkDefinition; secrets: TBundleSecret[] } {
  const masked = clone(definition);
  const byName = new Map<string, string[]>();
  for (const { name, path } of locators.flatMap((locate) => locate(definition))) {
    setAt(masked, path, secretPlaceholder(name));
    byName.set(name, [...(byName.get(name) ?? []), path.join(".")]);
  }
  return { definition: masked, secrets: [...byName].map(([name, paths]) => ({ name, paths })) };
}

/**
 * An imported definition with every placeholder filled from `values`. A listed secret without a
 * value is a BAD_REQUEST naming `secrets.<name>`; a placeholder the bundle does not list, or a
 * listed path that holds no placeholder, is a BAD_REQUEST on `bundle.secrets`.
 */
export function fillSecrets(
  definition: TBenchmarkDefinition,
  secrets: readonly TBundleSecret[],
  values: Readonly<Record<string, string>>,
): TBenchmarkDefinition {
  const listed = new Set(secrets.flatMap((s) => s.paths.map((p) => `${p}\n${s.name}`)));
  for (const [path, name] of placeholdersIn(definition))
    if (!listed.has(`${path}\n${name}`))
      throw new DomainError(
        "BAD_REQUEST",
        `A placeholder for "${name}" at ${path} is not listed in the bundle's secrets`,
        "bundle.secrets",
      );
  const filled = clone(definition);
  for (const secret of secrets) {
    const value = values[secret.name];
    if (value === undefined)
      throw new DomainError(
        "BAD_REQUEST",
        `The bundle needs the secret "${secret.name}": give its value`,
        `secrets.${secret.name}`,
      );
    for (const dotted of secret.paths) {
      const path = dotted.split(".");
      if (getAt(filled, path) !== secretPlaceholder(secret.name))
        throw new DomainError(
          "BAD_REQUEST",
          `No placeholder for "${secret.name}" at ${dotted}`,
          "bundle.secrets",
        );
      setAt(filled, path, value);
    }
  }
  return filled;
}
