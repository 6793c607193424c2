import { ZLoadGenerator, type TLoadGenerator } from "@meshbench/contracts";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { CliError, EXIT } from "./io";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** node:util parseArgs, strict, with its complaints turned into usage errors (exit 64). */
export function parse<T extends Options>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(EXIT.usage, `${(error as Error).message}\n${usage}`);
  }
}

export function requireString(value: unknown, flag: string, usage: string): string {
  if (typeof value !== "string" || value === "")
    throw new CliError(EXIT.usage, `missing ${flag}\n${usage}`);
  return value;
}

export function optionalNumber(
  value: unknown,
  flag: string,
  { integer = false } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (
    typeof value !== "string" ||
    value.trim() === "" ||
    !Number.isFinite(n) ||
    n <= 0 ||
    (integer && !Number.isInteger(n))
  ) {
    throw new CliError(
      EXIT.usage,
      `${flag} must be a positive ${integer ? "integer" : "number"}, got ${JSON.stringify(value)}`,
    );
  }
  return n;
}

/** The git flags `upload` and `run` share: where the measured code came from. */
export const GIT_OPTIONS = {
  "git-repo": { type: "string" },
  "git-commit": { type: "string" },
  "git-branch": { type: "string" },
  "git-pr": { type: "string" },
} as const;

/** `--git-*` flags → the body's `git` object, unset flags left out. */
export function gitOf(values: Record<string, unknown>): Record<string, string> {
  const git = {
    repo: values["git-repo"],
    commit: values["git-commit"],
    branch: values["git-branch"],
    pr: values["git-pr"],
  };
  return Object.fromEntries(
    Object.entries(git).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
}

/** `--label k=v` repeated → { k: v }. */
export function labelsOf(values: unknown): Record<string, string> {
  const list = Array.isArray(values) ? (values as string[]) : [];
  const labels: Record<string, string> = {};
  for (const item of list) {
    const at = item.indexOf("=");
    if (at <= 0) throw new CliError(EXIT.usage, `--label must be key=value, got "${item}"`);
    labels[item.slice(0, at)] = item.slice(at + 1);
  }
  return labels;
}

/** Every importer the contract knows (one list: adding a load generator adds its --format). */
export const FORMATS = ZLoadGenerator.options;
export type Format = TLoadGenerator;

export function formatOf(value: unknown): Format | undefined {
  if (value === undefined) return undefined;
  if (!FORMATS.includes(value as Format))
    throw new CliError(EXIT.usage, `--format must be one of ${FORMATS.join(", ")}`);
  return value as Format;
}
