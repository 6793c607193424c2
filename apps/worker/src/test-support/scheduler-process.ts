/**
 * One worker process's scheduler, for the exactly-once test: `tsx scheduler-process.ts <database
 * url> <clock ISO> <start at ms> <for ms>`. Waits until the shared start instant (so two processes
 * race), ticks every 20 ms with the injected clock, then prints what it fired as JSON and exits.
 */
import { createPrismaClient, createRunQueue } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { startScheduler } from "../scheduler";

const [url, clock, startAt, forMs] = process.argv.slice(2);
const db = createPrismaClient(url!);
const queue = createRunQueue(url!);
const services = createServices(db, { runQueue: queue });
const lines: string[] = [];
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
const scheduler = startScheduler({
  services,
  queue,
  log: (msg) => lines.push(msg),
  everyMs: 20,
  now: () => new Date(clock!),
});
await new Promise((r) => setTimeout(r, Number(forMs)));
await scheduler.stop();
await queue.stop({ graceful: false, timeoutMs: 1000 });
await db.$disconnect();
process.stdout.write(`${JSON.stringify(lines)}\n`);
