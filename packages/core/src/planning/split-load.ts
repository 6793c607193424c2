/** One load generator's part of a trial's load. */
export interface GeneratorLoad {
  /** 0-based, in the order the generators are started. */
  index: number;
  /** null = unthrottled ("max"), as the trial's. */
  requestedQps: number | null;
  connections: number;
}

/**
 * A trial's load split over `generators` load generators. Connections as evenly as integers allow
 * (the first `connections mod generators` get one more); QPS in proportion to each one's
 * connections, so every connection is paced as it would be with one generator (Fortio spreads
 * -qps evenly over its -c connections). The parts add up to the trial's QPS: the last one takes
 * what the others leave, so rounding never loses a request per second. "max" stays "max" for all.
 * Throws RangeError when a generator would get no connection (the definition's schema refuses
 * such a benchmark first).
 */
export function splitLoad(
  load: { requestedQps: number | null; connections: number },
  generators: number,
): GeneratorLoad[] {
  const { requestedQps, connections } = load;
  if (!Number.isInteger(generators) || generators < 1 || generators > connections)
    throw new RangeError(`cannot split ${connections} connections over ${generators} generators`);
  const base = Math.floor(connections / generators);
  const extra = connections % generators;
  const parts = Array.from({ length: generators }, (_, index) => ({
    index,
    connections: base + (index < extra ? 1 : 0),
  }));
  let given = 0;
  return parts.map((p, i) => {
    if (requestedQps === null) return { ...p, requestedQps: null };
    const qps =
      i === parts.length - 1 ? requestedQps - given : (requestedQps * p.connections) / connections;
    given += qps;
    return { ...p, requestedQps: qps };
  });
}
