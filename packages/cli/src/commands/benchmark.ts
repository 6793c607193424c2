import type {
  TBenchmarkDetail,
  TBenchmarkSummary,
  TCreateFromTemplateInput,
  TTemplateOptions,
} from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, readJson, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const BENCHMARK_USAGE =
  "usage: meshbench benchmark list [--json]\n" +
  "       meshbench benchmark get <key> [--json]\n" +
  "       meshbench benchmark create --file definition.json [--json]\n" +
  "       meshbench benchmark create --template <key> [--mesh m]... [--mode m] [--test-scale]\n" +
  "         [--key k] [--name n] [--description d] [--json]\n" +
  "       meshbench benchmark update <key> --file definition.json [--json]\n" +
  "       (each with [--url u] [--token t]; writes need the benchmarks:write scope)";

const OPTIONS = {
  ...CONNECTION,
  file: { type: "string" },
  template: { type: "string" },
  mesh: { type: "string", multiple: true },
  mode: { type: "string" },
  "test-scale": { type: "boolean" },
  key: { type: "string" },
  name: { type: "string" },
  description: { type: "string" },
} as const;

const path = (key: string) => `/benchmarks/${encodeURIComponent(key)}`;

function describe(d: TBenchmarkDetail): string {
  const def = d.definition;
  const minutes = Math.ceil(d.estimatedSeconds / 60);
  return [
    `${def.key}: ${def.name}${def.template ? ` (template ${def.template})` : ""}`,
    `  variants: ${def.variants.map((v) => `${v.name} (${v.mesh})`).join(", ")}`,
    `  qps: ${def.loadMatrix.qps.join(", ")}; connections: ${def.loadMatrix.connections.join(", ")}`,
    `  ${d.trialCount} trials: ${def.repetitions} × ${def.durationSeconds} s (warm-up ${def.warmupSeconds} s), about ${minutes} min`,
    "",
  ].join("\n");
}

function describeList(list: TBenchmarkSummary[]): string {
  if (list.length === 0) return "no benchmarks\n";
  const width = Math.max(...list.map((b) => b.key.length));
  return list
    .map((b) => {
      const what = b.ciOnly ? "CI uploads only" : `${b.trialCount} trials`;
      const last = b.lastRun ? `last run ${b.lastRun.id} ${b.lastRun.status}` : "never run";
      return `${b.key.padEnd(width)}  ${b.name} — ${what}; ${last}\n`;
    })
    .join("");
}

/** The body of `POST /benchmarks/from-template` from the flags `template show` also takes. */
function fromTemplate(values: Record<string, unknown>): TCreateFromTemplateInput {
  const template: TTemplateOptions & { key: string } = {
    key: values.template as string,
    ...(values.mesh ? { meshes: values.mesh as TTemplateOptions["meshes"] } : {}),
    ...(typeof values.mode === "string" ? { mode: values.mode } : {}),
    testScale: values["test-scale"] === true,
  };
  const overrides = Object.fromEntries(
    ["key", "name", "description"]
      .filter((k) => typeof values[k] === "string")
      .map((k) => [k, values[k] as string]),
  );
  return { template: template as TCreateFromTemplateInput["template"], overrides };
}

/** `benchmark list|get|create|update` over REST (GET/POST/PUT /benchmarks…). */
export async function benchmark(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, BENCHMARK_USAGE);
  const [sub, key, ...extra] = positionals;
  if (extra.length > 0) throw new CliError(EXIT.usage, BENCHMARK_USAGE);
  const target = () => apiTarget(values, io);
  const print = (detail: TBenchmarkDetail, verb: string) => {
    // --json prints the definition alone: what `update --file` and POST /benchmarks take back.
    io.stdout(
      values.json
        ? `${JSON.stringify(detail.definition, null, 2)}\n`
        : `${verb}${describe(detail)}`,
    );
    return EXIT.ok;
  };
  if (sub === "list" && key === undefined) {
    const list = await callApi<TBenchmarkSummary[]>(io, target(), "GET", "/benchmarks");
    io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : describeList(list));
    return EXIT.ok;
  }
  if (sub === "get" && key)
    return print(await callApi<TBenchmarkDetail>(io, target(), "GET", path(key)), "");
  if (sub === "create" && key === undefined) {
    if (!values.file === !values.template)
      throw new CliError(EXIT.usage, `give --file or --template\n${BENCHMARK_USAGE}`);
    const created = values.file
      ? await callApi<TBenchmarkDetail>(
          io,
          target(),
          "POST",
          "/benchmarks",
          await readJson(io, values.file),
        )
      : await callApi<TBenchmarkDetail>(
          io,
          target(),
          "POST",
          "/benchmarks/from-template",
          fromTemplate(values),
        );
    return print(created, "created ");
  }
  if (sub === "update" && key && values.file) {
    const definition = await readJson(io, values.file);
    const updated = await callApi<TBenchmarkDetail>(io, target(), "PUT", path(key), { definition });
    return print(updated, "updated ");
  }
  throw new CliError(EXIT.usage, BENCHMARK_USAGE);
}
