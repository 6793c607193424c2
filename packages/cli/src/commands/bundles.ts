import { randomUUID } from "node:crypto";
import { ZSecretName, type TImportBundleInput, type TRerunPlan } from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, readJson, type CliIo } from "../io";
import { findCluster } from "./cluster-admin";
import { CONNECTION } from "./verdict";

export const IMPORT_USAGE =
  "usage: meshbench import <bundle.json> [--secret bundleName=workspaceSecret ...] [--idempotency-key k] [--json] [--url u] [--token t]\n" +
  "       (a bundle from `export --format bundle` as a read-only run; needs the results:write scope)";
export const RERUN_PLAN_USAGE =
  "usage: meshbench rerun-plan <runId> --cluster name|id [--json] [--url u] [--token t]\n" +
  "       (what running it again on the cluster would change; needs the runs:trigger scope)";

/** `--secret a=b` repeated → { a: b }: the bundle's secret name → this workspace's secret. */
function secretsOf(values: unknown): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const item of Array.isArray(values) ? (values as string[]) : []) {
    const at = item.indexOf("=");
    const [from, to] = [item.slice(0, at), item.slice(at + 1)];
    if (at <= 0 || !ZSecretName.safeParse(from).success || !ZSecretName.safeParse(to).success)
      throw new CliError(
        EXIT.usage,
        `--secret must be bundleName=workspaceSecret (letters, digits, '.', '_', '-'), got "${item}"\n${IMPORT_USAGE}`,
      );
    secrets[from] = to;
  }
  return secrets;
}

/** `import <bundle.json>`: POST /bundles; prints the new run and the secrets this workspace lacks. */
export async function importBundle(argv: string[], io: CliIo): Promise<number> {
  const opts = {
    ...CONNECTION,
    secret: { type: "string", multiple: true },
    "idempotency-key": { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, IMPORT_USAGE);
  if (positionals.length !== 1) throw new CliError(EXIT.usage, IMPORT_USAGE);
  const secrets = secretsOf(values.secret);
  const target = apiTarget(values, io);
  // The server checks the bundle's shape; the CLI only needs it to be JSON.
  const body = { bundle: await readJson(io, positionals[0]!), secrets } as TImportBundleInput;
  // One key per invocation: a retried request never imports the run twice.
  const out = await callApi<{ runId: string; missingSecrets: string[] }>(
    io,
    target,
    "POST",
    "/bundles",
    body,
    { "idempotency-key": values["idempotency-key"] ?? randomUUID() },
  );
  if (values.json) io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  else {
    io.stdout(`imported run ${out.runId}\n${target.url}/runs/${out.runId}\n`);
    if (out.missingSecrets.length > 0)
      io.stdout(
        `missing workspace secrets (a rerun needs them): ${out.missingSecrets.join(", ")}\n`,
      );
  }
  return EXIT.ok;
}

function describePlan(p: TRerunPlan): string {
  const lines = [
    `rerun of run ${p.runId} on cluster ${p.clusterName} (${p.clusterId}) as benchmark ${p.benchmarkKey}`,
    p.differences.length === 0
      ? "no known differences from the run's environment"
      : `${p.differences.length} difference(s), the run's → the cluster's:`,
    ...p.differences.map((d) => `  ${d.field}: ${d.a ?? "unknown"} → ${d.b ?? "unknown"}`),
    ...p.notes.map((n) => `note: ${n}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** `rerun-plan <runId> --cluster c`: GET /runs/{runId}/rerun-plan?clusterId=… (runs:trigger). */
export async function rerunPlan(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    argv,
    { ...CONNECTION, cluster: { type: "string" } },
    RERUN_PLAN_USAGE,
  );
  if (positionals.length !== 1) throw new CliError(EXIT.usage, RERUN_PLAN_USAGE);
  const clusterRef = requireString(values.cluster, "--cluster", RERUN_PLAN_USAGE);
  const target = apiTarget(values, io);
  const cluster = await findCluster(io, target, clusterRef);
  const query = new URLSearchParams({ clusterId: cluster.id }).toString();
  const plan = await callApi<TRerunPlan>(
    io,
    target,
    "GET",
    `/runs/${encodeURIComponent(positionals[0]!)}/rerun-plan?${query}`,
  );
  io.stdout(values.json ? `${JSON.stringify(plan, null, 2)}\n` : describePlan(plan));
  return EXIT.ok;
}
