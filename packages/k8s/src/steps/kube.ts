import { type KubeApis, statusCode } from "../cluster/kube-apis";
import type { Stopper } from "../gateway";

/**
 * What every step needs of the cluster, and no more: the typed apis (with the connection's error
 * wording, `apis.describe`), the counter of apiserver requests (the gateway's cost figure) and
 * how often waits poll. The gateway builds one; a step never receives the gateway itself.
 */
export type Kube = { apis: KubeApis; count: () => void; pollMs: number };

export type WaitInput = { timeoutMs: number; shouldStop?: Stopper };

/** One counted apiserver request. */
export function call<T>(k: Pick<Kube, "apis" | "count">, fn: (apis: KubeApis) => Promise<T>) {
  k.count();
  return fn(k.apis);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Create, treating "already exists" as success: every name is deterministic (restart safety). */
export async function createOrKeep(create: () => Promise<unknown>) {
  try {
    await create();
  } catch (error) {
    if (statusCode(error) !== 409) throw error;
  }
}

/** Polls `check` (an error counts as false) until it holds (true) or the deadline (false). */
export async function untilTrue(
  k: Pick<Kube, "pollMs">,
  what: string,
  check: () => Promise<boolean>,
  options: WaitInput,
) {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    if (await options.shouldStop?.()) throw new Error(`stopped while waiting for ${what}`);
    await sleep(Math.min(k.pollMs, 500));
  }
}
