/**
 * Scheduler figures need helper-4's kwok test cluster driven by the worker; until that harness
 * can run outside vitest (it reads its cluster through vitest's `inject`), they are reported as
 * n/a with the reason rather than guessed.
 */
export async function benchScheduler(_log: (line: string) => void) {
  const reason =
    "n/a (kwok harness in packages/testing is vitest-bound: inject(); not wired into the bench yet)";
  return Promise.resolve({ firstJob: reason, callsPerTrial: reason });
}
