/**
 * One worker process's scheduler, for the exactly-once test: `tsx scheduler-process.ts <database
 * url> <clock ISO> <for ms>`. Connects, prints "ready", waits for a line on stdin (the parent
 * sends it to every process at once, so they race), ticks every 20 ms with the injected clock,
 * then prints what it fired as JSON and exits.
 */
import { once } from "node:events";
import { createPrismaClient, createRunQueue } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { startScheduler } from "../scheduler";

const [url, clock, forMs] = process.argv.slice(2);
const db = createPrismaClient(url!);
const queue = createRunQueue(url!);
const services = createServices(db, { runQueue: queue });
await db.$connect();
const lines: string[] = [];
process.stdout.write("ready\n");
await once(process.stdin, "data");
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
process.exit(0);
