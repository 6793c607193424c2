import type { Database } from "@meshbench/db";
import { checkDatabase } from "@meshbench/db";

export type WorkerLoop = { stop(): Promise<void>; ticks(): number };

/**
 * The worker's main loop. For now it only proves the process and its database are alive; the
 * scheduler claims queued runs here (pg-boss) once it lands.
 */
export function startWorkerLoop(
  db: Database,
  options: { pollMs: number; log: (msg: string) => void },
): WorkerLoop {
  let ticks = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    const health = await checkDatabase(db);
    ticks += 1;
    if (!health.ok) options.log(`database unreachable: ${health.error}`);
  };
  const schedule = () => {
    if (stopping) return;
    timer = setTimeout(() => {
      current = tick().finally(schedule);
    }, options.pollMs);
  };
  current = tick().finally(schedule);

  return {
    ticks: () => ticks,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await current;
    },
  };
}
