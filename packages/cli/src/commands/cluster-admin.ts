import type {
  TClusterCheckResult,
  TClusterView,
  TRegisterClusterInput,
} from "@meshbench/contracts";
import { apiTarget, callApi, type ApiTarget } from "../api-client";
import { parse, requireString } from "../args";
import { CliError, EXIT, readInput, type CliIo } from "../io";
import { CONNECTION } from "./verdict";

export const CLUSTER_ADMIN_USAGE =
  "       meshbench cluster register --name n --kubeconfig file [--context c] [--prometheus-url u] [--json]\n" +
  "       meshbench cluster validate <name|id> [--json]\n" +
  "       meshbench cluster list [--json]\n" +
  "       (register and validate need the clusters:write scope; list needs read)";

const OPTIONS = {
  ...CONNECTION,
  name: { type: "string" },
  kubeconfig: { type: "string" },
  context: { type: "string" },
  "prometheus-url": { type: "string" },
} as const;

/** Prints a registration or validation; exit 0 when the cluster is ready, 1 when it is not. */
export function report(io: CliIo, verb: string, result: TClusterCheckResult, json: boolean) {
  const { cluster, validation } = result;
  if (json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    io.stdout(`${verb} cluster "${cluster.name}" (${cluster.id}): ${cluster.status}\n`);
    if (cluster.statusMessage && validation.missing.length === 0)
      io.stdout(`  ${cluster.statusMessage}\n`);
    for (const missing of validation.missing) io.stdout(`  missing permission: ${missing}\n`);
  }
  return cluster.status === "ready" ? EXIT.ok : EXIT.fail;
}

/** A cluster named by id or name (CI knows names), looked up in `GET /clusters`. */
export async function findCluster(io: CliIo, target: ApiTarget, ref: string) {
  const clusters = await callApi<TClusterView[]>(io, target, "GET", "/clusters");
  const found = clusters.find((c) => c.id === ref) ?? clusters.find((c) => c.name === ref);
  if (!found) throw new CliError(EXIT.invalidInput, `no cluster named or with id "${ref}"`);
  return found;
}

function describeList(clusters: TClusterView[]): string {
  if (clusters.length === 0) return "no clusters\n";
  const width = Math.max(...clusters.map((c) => c.name.length));
  return clusters.map((c) => `${c.name.padEnd(width)}  ${c.id}  ${c.status}\n`).join("");
}

/** `cluster register|validate|list` over REST; `cluster connect` is commands/cluster.ts. */
export async function clusterAdmin(argv: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, usage);
  const [sub, ref, ...extra] = positionals;
  if (extra.length > 0) throw new CliError(EXIT.usage, usage);
  const json = values.json === true;
  if (sub === "list" && ref === undefined) {
    const clusters = await callApi<TClusterView[]>(io, apiTarget(values, io), "GET", "/clusters");
    io.stdout(json ? `${JSON.stringify(clusters, null, 2)}\n` : describeList(clusters));
    return EXIT.ok;
  }
  if (sub === "validate" && ref) {
    const target = apiTarget(values, io);
    const { id } = await findCluster(io, target, ref);
    const route = `/clusters/${encodeURIComponent(id)}/validate`;
    return report(io, "validated", await callApi(io, target, "POST", route, {}), json);
  }
  if (sub === "register" && ref === undefined) {
    const name = requireString(values.name, "--name", usage);
    const file = requireString(values.kubeconfig, "--kubeconfig", usage);
    const target = apiTarget(values, io);
    // Sent as text: the server checks it (inline credentials only) and seals it; never printed.
    const body: TRegisterClusterInput = {
      name,
      auth: {
        mode: "kubeconfig",
        kubeconfig: await readInput(io, file),
        ...(values.context ? { context: values.context } : {}),
      },
      ...(values["prometheus-url"] ? { prometheusUrl: values["prometheus-url"] } : {}),
    };
    return report(io, "registered", await callApi(io, target, "POST", "/clusters", body), json);
  }
  throw new CliError(EXIT.usage, usage);
}
