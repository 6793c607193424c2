import type { TBenchmarkDefinition, TTrialCoordinates } from "@meshbench/contracts";

/** One cell of the load matrix: everything of a trial but its variant and repetition. */
export type TLoadCell = Omit<TTrialCoordinates, "variant" | "repetition">;

/** The load matrix as cells, in a stable order (qps, then connections, payload, protocol, keep-alive). */
export function expandLoadCells(matrix: TBenchmarkDefinition["loadMatrix"]): TLoadCell[] {
  const cells: TLoadCell[] = [];
  for (const qps of matrix.qps)
    for (const connections of matrix.connections)
      for (const payloadBytes of matrix.payloadBytes)
        for (const protocol of matrix.protocols)
          for (const keepAlive of matrix.keepAlive)
            cells.push({
              requestedQps: qps === "max" ? null : qps,
              connections,
              payloadBytes,
              protocol,
              keepAlive,
            });
  return dedupeCells(cells);
}

function dedupeCells(cells: TLoadCell[]) {
  const seen = new Set<string>();
  return cells.filter((c) => {
    const id = JSON.stringify(c);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Every trial of a benchmark (variants × cells × repetitions), not yet ordered. */
export function expandTrials(
  def: Pick<TBenchmarkDefinition, "variants" | "loadMatrix" | "repetitions">,
) {
  const cells = expandLoadCells(def.loadMatrix);
  const trials: TTrialCoordinates[] = [];
  for (let repetition = 1; repetition <= def.repetitions; repetition++)
    for (const cell of cells)
      for (const variant of def.variants)
        trials.push({ ...cell, variant: variant.name, repetition });
  return trials;
}

/** Trials a run holds; a capacity search is not planned ahead, so its budget is the upper bound. */
export function countTrials(
  def: Pick<TBenchmarkDefinition, "variants" | "loadMatrix" | "repetitions"> & {
    capacity?: TBenchmarkDefinition["capacity"];
  },
) {
  if (def.capacity) return def.capacity.maxTrials;
  return def.variants.length * expandLoadCells(def.loadMatrix).length * def.repetitions;
}
