import type { TBenchmarkDefinition, TMeshDetection, TResolvedHeader } from "@meshbench/contracts";
import type { ClusterGateway, PreparedVariant } from "@meshbench/k8s";

type Input = {
  runId: string;
  definition: TBenchmarkDefinition;
  gateway: Pick<ClusterGateway, "prepareVariant" | "describeVariant">;
  meshes: TMeshDetection;
  /** The variants this worker still has trials of (a resumed run skips finished ones). */
  needed: Set<string>;
  shouldStop: () => Promise<boolean>;
  /** The variant's request headers, opened (the reachability check sends them). */
  requestHeaders: (variant: string) => Promise<readonly TResolvedHeader[]>;
};

/** Every needed variant being prepared at once; each one's trials may start when it is ready. */
export type PreparingVariants = {
  /** The variant's preparation (undefined: not needed by this worker). */
  get(variant: string): Promise<PreparedVariant> | undefined;
  /** True once every preparation has finished (ready, with a problem, or thrown). */
  settled(): boolean;
  /** Every variant prepared; rejects with the first preparation that threw. */
  all(): Promise<Map<string, PreparedVariant>>;
  /** Waits for every preparation to finish, never rejects (before cleanup removes what they made). */
  done(): Promise<void>;
};

/**
 * Starts the preparation of every needed variant concurrently (namespace, target, load generator,
 * mesh check, reachability): the first load waits for one pod start, not one per variant. Each
 * run keeps its own namespaces and pods; nothing is shared across runs. A variant whose request
 * headers cannot be opened is prepared as a problem (its trials fail with the reason).
 */
export function prepareVariants(input: Input): PreparingVariants {
  const { runId, definition, gateway } = input;
  const started = new Map<string, Promise<PreparedVariant>>();
  let pending = 0;
  for (const variant of definition.variants) {
    if (!input.needed.has(variant.name)) continue;
    pending += 1;
    const prepared = (async (): Promise<PreparedVariant> => {
      let requestHeaders;
      try {
        requestHeaders = await input.requestHeaders(variant.name);
      } catch (error) {
        const { namespace } = gateway.describeVariant(runId, variant, definition);
        const reason = error instanceof Error ? error.message : String(error);
        return { namespace, problem: `request headers: ${reason}` };
      }
      return gateway.prepareVariant({
        runId,
        definition,
        variant,
        meshes: input.meshes,
        shouldStop: input.shouldStop,
        requestHeaders,
      });
    })();
    // Observed here so a failure surfaces where a trial or all() awaits it, never as unhandled.
    prepared.then(
      () => (pending -= 1),
      () => (pending -= 1),
    );
    started.set(variant.name, prepared);
  }
  const all = async () => {
    const entries = await Promise.all(
      [...started].map(async ([name, p]) => [name, await p] as const),
    );
    return new Map(entries);
  };
  return {
    get: (variant) => started.get(variant),
    settled: () => pending === 0,
    all,
    done: async () => {
      await Promise.allSettled(started.values());
    },
  };
}
