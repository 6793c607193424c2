import { MAX_LOAD_GENERATORS, type TBenchmarkDefinition } from "@meshbench/contracts";
import { expandLoadCells, type TLoadCell } from "./expand-trials";

/**
 * "auto" load generators: how much a further generator must raise the achieved QPS to be worth
 * it. Below 5% the extra generator only adds noise (two runs of the same load differ by a few
 * percent on a busy node), so the search stops there.
 */
export const AUTO_GENERATORS_RISE_PERCENT = 5;

/** Share of the requested QPS at which the generators are not what holds the load back. */
const REACHED_SHARE = 0.95;

/** One probe of the "auto" search: the load run with `generators` generators and what it gave. */
export interface GeneratorProbe {
  generators: number;
  /** null = unthrottled ("max"): never reached, only the rise stops the search. */
  requestedQps: number | null;
  actualQps: number;
  /** The target was saturated (errors, or its CPU at its limit): more load cannot help. */
  targetSaturated: boolean;
}

export type GeneratorDecision =
  | { next: number }
  | {
      chosen: number;
      reason: "reached" | "target_saturated" | "no_rise" | "cap";
    };

/**
 * The "auto" search's next step, ELCA-style: start at one generator and add one while the
 * achieved QPS still rises by more than `risePercent` (default AUTO_GENERATORS_RISE_PERCENT) and
 * the target is not saturated, up to `maxGenerators` (default 32; a cluster's cap goes here, as
 * does the fewest connections of the matrix, since each generator needs one). `probes` are in
 * the order run (1, 2, …). Chosen: the count that reached the requested rate; the count at which
 * the target saturated; the count before an extra one stopped helping; or the cap.
 */
export function nextGeneratorCount(
  probes: readonly GeneratorProbe[],
  options: { maxGenerators?: number; risePercent?: number } = {},
): GeneratorDecision {
  const cap = Math.max(1, Math.floor(options.maxGenerators ?? 32));
  const rise = (options.risePercent ?? AUTO_GENERATORS_RISE_PERCENT) / 100;
  const last = probes.at(-1);
  if (!last) return { next: 1 };
  const before = probes.at(-2);
  if (before && last.actualQps <= before.actualQps * (1 + rise))
    return { chosen: before.generators, reason: "no_rise" };
  if (last.requestedQps !== null && last.actualQps >= REACHED_SHARE * last.requestedQps)
    return { chosen: last.generators, reason: "reached" };
  if (last.targetSaturated) return { chosen: last.generators, reason: "target_saturated" };
  if (last.generators >= cap) return { chosen: last.generators, reason: "cap" };
  return { next: last.generators + 1 };
}

/**
 * What the "auto" probe runs for a variant: the matrix's heaviest load (unthrottled when the
 * matrix has "max" or the benchmark is a capacity search, whose rates are not known ahead; else
 * its highest QPS, with the most connections), so the count chosen there carries every level.
 * `maxGenerators`: the cap asked for (default 32; a cluster's cap goes here), never above the
 * matrix's fewest connections (each generator needs one at every level).
 */
export function autoGeneratorProbe(
  def: Pick<TBenchmarkDefinition, "loadMatrix" | "capacity">,
  maxGenerators = MAX_LOAD_GENERATORS,
): { cell: TLoadCell; maxGenerators: number } {
  const cells = expandLoadCells(def.loadMatrix);
  const rate = (c: TLoadCell) => (c.requestedQps === null ? Infinity : c.requestedQps);
  const heaviest = cells.reduce((a, c) =>
    rate(c) > rate(a) || (rate(c) === rate(a) && c.connections > a.connections) ? c : a,
  );
  return {
    cell: def.capacity ? { ...heaviest, requestedQps: null } : heaviest,
    maxGenerators: Math.max(1, Math.min(maxGenerators, ...def.loadMatrix.connections)),
  };
}
