import type { TTemplateDetail, TTemplateOptions, TTemplateSummary } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const TEMPLATE_USAGE =
  "usage: meshbench template list [--json] [--url u] [--token t]\n" +
  "       meshbench template show <key> [--mesh m]... [--mode m] [--test-scale] [--json] [--url u] [--token t]";

const OPTIONS = {
  ...CONNECTION,
  mesh: { type: "string", multiple: true },
  mode: { type: "string" },
  "test-scale": { type: "boolean" },
} as const;

function renderList(list: TTemplateSummary[]): string {
  const width = Math.max(...list.map((t) => t.key.length));
  return list
    .map(
      (t) =>
        `${t.key.padEnd(width)}  ${t.name}\n${" ".repeat(width + 2)}meshes: ${t.defaultMeshes.join(", ")} (any of ${t.allowedMeshes.join(", ")}); modes: ${t.modes.map((m) => m.value).join(", ")}\n`,
    )
    .join("");
}

function renderDetail(t: TTemplateDetail): string {
  const d = t.definition;
  const m = d.loadMatrix;
  const rule = d.methodology.runRule;
  return [
    `${t.key}: ${t.name}`,
    `write-up: ${t.writeUp.title}${t.writeUp.url ? ` (${t.writeUp.url})` : ""}`,
    `benchmark key: ${d.key}`,
    `target: ${d.target.kind}`,
    `variants: ${d.variants.map((v) => `${v.name} (${v.mesh})`).join(", ")}`,
    `qps: ${m.qps.join(", ")}; connections: ${m.connections.join(", ")}; payload: ${m.payloadBytes.join(", ")} B; protocols: ${m.protocols.join(", ")}`,
    `repetitions: ${d.repetitions} × ${d.durationSeconds} s (warm-up ${d.warmupSeconds} s)${rule.dropWorst ? `; drop worst ${rule.dropWorst} by ${rule.by}` : ""}`,
    ...(d.capacity
      ? [`capacity search: p99 ≤ ${d.capacity.p99Ms} ms from ${d.capacity.startQps} QPS`]
      : []),
    `report sections: ${d.reportSections.join(", ")}`,
    ...(t.cannotReproduce.length
      ? ["cannot reproduce:", ...t.cannotReproduce.map((n) => `  - ${n}`)]
      : []),
    "",
    `Save it: meshbench benchmark create --template ${t.key} [same flags] (REST POST /api/v1/benchmarks/from-template),`,
    "or edit the --json output and meshbench benchmark create --file (POST /api/v1/benchmarks).",
    "",
  ].join("\n");
}

/** `template list` and `template show <key>` (templates.list / templates.get over REST). */
export async function template(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, TEMPLATE_USAGE);
  const [sub, key, ...extra] = positionals;
  if (extra.length > 0) throw new CliError(EXIT.usage, TEMPLATE_USAGE);
  if (sub === "list") {
    if (key !== undefined) throw new CliError(EXIT.usage, TEMPLATE_USAGE);
    const list = await callApi<TTemplateSummary[]>(io, apiTarget(values, io), "GET", "/templates");
    io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : renderList(list));
    return EXIT.ok;
  }
  if (sub !== "show" || !key) throw new CliError(EXIT.usage, TEMPLATE_USAGE);
  const body: TTemplateOptions = {
    ...(values.mesh ? { meshes: values.mesh as TTemplateOptions["meshes"] } : {}),
    ...(values.mode ? { mode: values.mode } : {}),
    testScale: values["test-scale"] === true,
  };
  const detail = await callApi<TTemplateDetail>(
    io,
    apiTarget(values, io),
    "POST",
    `/templates/${encodeURIComponent(key)}`,
    body,
  );
  // --json prints the definition alone: exactly what the editor or POST /benchmarks takes.
  io.stdout(values.json ? `${JSON.stringify(detail.definition, null, 2)}\n` : renderDetail(detail));
  return EXIT.ok;
}
