/**
 * Scheduler figures (start run → first Job, Kubernetes API calls per trial) need helper-4's kwok
 * control plane (packages/testing startK8sTestEnv) driven by the worker's executor, with the
 * gateway's call counter (KubeClusterGateway). Not wired into the bench yet, so the table says
 * n/a with the reason instead of a guess.
 */
export async function benchScheduler(_log: (line: string) => void) {
  const reason =
    "n/a (kwok testenv + worker executor not wired into the bench yet; see BENCHMARKS.md)";
  return Promise.resolve({ firstJob: reason, callsPerTrial: reason });
}
