import {
  CLUSTER_CAP_LABELS,
  CLUSTER_CAP_NAMES,
  type TClusterCapName,
  type TClusterCaps,
  type TClusterView,
} from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { optionalNumber, parse } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { findCluster } from "./cluster-admin";
import { CONNECTION } from "./verdict";

export const CLUSTER_CAPS_USAGE =
  "       meshbench cluster caps <name|id> [--max-concurrent-runs n] [--max-qps n] [--max-generators n]\n" +
  '         [--max-trial-seconds n] [--json]   (a value "none" removes that cap; setting needs clusters:write)';

const FLAGS = {
  maxConcurrentRuns: "max-concurrent-runs",
  maxQps: "max-qps",
  maxGenerators: "max-generators",
  maxTrialSeconds: "max-trial-seconds",
} as const satisfies Record<TClusterCapName, string>;

const OPTIONS = {
  ...CONNECTION,
  "max-concurrent-runs": { type: "string" },
  "max-qps": { type: "string" },
  "max-generators": { type: "string" },
  "max-trial-seconds": { type: "string" },
} as const;

function describe(caps: TClusterCaps) {
  const set = CLUSTER_CAP_NAMES.filter((n) => caps[n] !== undefined);
  if (!set.length) return "no caps\n";
  return set.map((n) => `${CLUSTER_CAP_LABELS[n]}: ${caps[n]}  (--${FLAGS[n]})\n`).join("");
}

/**
 * `cluster caps <cluster>`: prints the caps; with flags, changes those caps and keeps the others
 * (`PUT /clusters/{id}/caps` replaces the whole set, so the current one is read first).
 */
export async function clusterCaps(argv: string[], io: CliIo, usage: string): Promise<number> {
  const { values, positionals } = parse(argv, OPTIONS, usage);
  const [, ref, ...extra] = positionals;
  if (!ref || extra.length) throw new CliError(EXIT.usage, usage);
  const target = apiTarget(values, io);
  const cluster = await findCluster(io, target, ref);
  const caps: TClusterCaps = { ...cluster.caps };
  let changed = false;
  for (const name of CLUSTER_CAP_NAMES) {
    const raw = values[FLAGS[name]];
    if (raw === undefined) continue;
    changed = true;
    if (raw === "none") delete caps[name];
    else caps[name] = optionalNumber(raw, `--${FLAGS[name]}`, { integer: true });
  }
  const shown = changed
    ? await callApi<TClusterView>(
        io,
        target,
        "PUT",
        `/clusters/${encodeURIComponent(cluster.id)}/caps`,
        { caps },
      )
    : cluster;
  io.stdout(values.json ? `${JSON.stringify(shown.caps, null, 2)}\n` : describe(shown.caps));
  return EXIT.ok;
}
