import type { Logger } from "@meshbench/observability";

/**
 * SIGTERM/SIGINT → readiness false → `stop()` (stop claiming, hand back or finish the current
 * trial, close clients) → exit 0. If `stop()` outlives `timeoutMs` (keep it below the pod's
 * terminationGracePeriodSeconds) the process exits 1 before the kubelet's SIGKILL, so the
 * log says what was still running.
 */
export function handleShutdownSignals(options: {
  logger: Logger;
  timeoutMs: number;
  onSignal: () => void;
  stop: () => Promise<void>;
  exit?: (code: number) => void;
}) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.onSignal();
    options.logger.info({ signal, timeoutMs: options.timeoutMs }, "shutting down");
    const started = Date.now();
    const deadline = setTimeout(() => {
      options.logger.error({ timeoutMs: options.timeoutMs }, "shutdown timed out; exiting");
      exit(1);
    }, options.timeoutMs);
    deadline.unref();
    options.stop().then(
      () => {
        clearTimeout(deadline);
        options.logger.info({ ms: Date.now() - started }, "stopped cleanly");
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        options.logger.error({ err: error }, "shutdown failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
