import type { TBenchmarkDefinitionInput } from "@meshbench/contracts";

/**
 * The documented test-scale override: the same benchmark (variants, protocols, run rule, report
 * sections, manifests — everything a test should exercise) at a size a test cluster finishes in
 * minutes: 3 s trials without warm-up, at most two QPS levels (the first and the last, so `"max"`
 * and a fixed rate both survive), two connection counts and one payload, the fewest repetitions
 * the run rule allows (dropWorst + 1, at least 2), a capacity search of a few probes, and no idle
 * gate (fake and small clusters have no idle level worth waiting for).
 */
export const TEST_SCALE = {
  durationSeconds: 3,
  warmupSeconds: 0,
  maxQpsLevels: 2,
  maxConnections: 2,
  minRepetitions: 2,
  capacityMaxTrials: 6,
} as const;

function firstAndLast<T>(values: readonly T[], keep: number): T[] {
  if (values.length <= keep) return [...values];
  return keep === 1 ? [values[0]!] : [values[0]!, values[values.length - 1]!];
}

export function applyTestScale(definition: TBenchmarkDefinitionInput): TBenchmarkDefinitionInput {
  const matrix = definition.loadMatrix;
  const dropWorst = definition.methodology?.runRule?.dropWorst ?? 0;
  const loadMatrix: typeof matrix = {
    ...matrix,
    qps: firstAndLast(matrix.qps, TEST_SCALE.maxQpsLevels),
    connections: firstAndLast(matrix.connections, TEST_SCALE.maxConnections),
    payloadBytes: matrix.payloadBytes ? matrix.payloadBytes.slice(0, 1) : undefined,
  };
  if (definition.capacity) loadMatrix.connections = loadMatrix.connections.slice(0, 1);
  return {
    ...definition,
    key: `${definition.key}-test`.slice(0, 64),
    name: `${definition.name} (test scale)`,
    loadMatrix,
    repetitions: Math.max(TEST_SCALE.minRepetitions, dropWorst + 1),
    durationSeconds: TEST_SCALE.durationSeconds,
    warmupSeconds: TEST_SCALE.warmupSeconds,
    methodology: { ...definition.methodology, idleGate: false },
    ...(definition.capacity
      ? {
          capacity: {
            ...definition.capacity,
            repetitionsPerProbe: 1,
            maxTrials: TEST_SCALE.capacityMaxTrials,
          },
        }
      : {}),
  };
}
