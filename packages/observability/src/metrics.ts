import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * What the database says the whole installation is doing. Every replica reports the same
 * values (read at scrape time), so they stay right however many web/worker pods run and
 * whichever of them did the work; aggregate with max(), not sum().
 */
export type OpsSnapshot = {
  runsInFlight: number;
  runsQueued: number;
  trialsCompleted: number;
  trialsFailed: number;
};

export type MetricsOptions = {
  component: "web" | "worker";
  /** Reads the snapshot (a few COUNTs); called at most once per `snapshotTtlMs`. */
  snapshot?: () => Promise<OpsSnapshot>;
  snapshotTtlMs?: number;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** The one place metric names are defined; web and worker each create their own registry. */
export function createMetrics(options: MetricsOptions) {
  const registry = new Registry();
  registry.setDefaultLabels({ component: options.component });
  collectDefaultMetrics({ register: registry });

  const read = cached(options.snapshot, options.snapshotTtlMs ?? 5_000);
  const fromSnapshot = (pick: (s: OpsSnapshot) => number) =>
    async function collect(this: Gauge | Counter) {
      const s = await read();
      if (!s) return; // keep the last value; meshbench_database_up says why
      if (this instanceof Gauge) this.set(pick(s));
      else {
        this.reset();
        this.inc(pick(s));
      }
    };
  if (options.snapshot) {
    new Gauge({
      name: "meshbench_database_up",
      help: "1 when the last metrics snapshot could be read from the database",
      registers: [registry],
      async collect() {
        this.set((await read()) ? 1 : 0);
      },
    });
    new Gauge({
      name: "meshbench_runs_in_flight",
      help: "Scheduled runs being executed by a worker now",
      registers: [registry],
      collect: fromSnapshot((s) => s.runsInFlight),
    });
    new Gauge({
      name: "meshbench_queue_depth",
      help: "Scheduled runs waiting for a worker",
      registers: [registry],
      collect: fromSnapshot((s) => s.runsQueued),
    });
    new Counter({
      name: "meshbench_trials_completed_total",
      help: "Trials that finished successfully (scheduled and uploaded)",
      registers: [registry],
      collect: fromSnapshot((s) => s.trialsCompleted),
    });
    new Counter({
      name: "meshbench_trials_failed_total",
      help: "Trials that failed",
      registers: [registry],
      collect: fromSnapshot((s) => s.trialsFailed),
    });
  }

  const ingestUploads = new Counter({
    name: "meshbench_ingest_uploads_total",
    help: "Result uploads handled by this process, by outcome",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const ingestTrials = new Counter({
    name: "meshbench_ingest_trials_total",
    help: "Trials stored from uploads by this process",
    registers: [registry],
  });
  const ingestDuration = new Histogram({
    name: "meshbench_ingest_duration_seconds",
    help: "Time to store one result upload",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  return {
    registry,
    /**
     * Times and counts one stored upload. `trialsOf` gives its trials, or null when the store
     * handed the upload on without storing it (the fast path's "not here": the general path then
     * stores and counts it), which counts nothing.
     */
    async observeIngest<T>(
      store: () => Promise<T>,
      trialsOf: (result: T) => number | null,
    ): Promise<T> {
      const end = ingestDuration.startTimer();
      let result: T;
      try {
        result = await store();
      } catch (error) {
        ingestUploads.inc({ outcome: "failed" });
        end();
        throw error;
      }
      const trials = trialsOf(result);
      if (trials === null) return result;
      ingestUploads.inc({ outcome: "stored" });
      ingestTrials.inc(trials);
      end();
      return result;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

function cached<T>(load: (() => Promise<T>) | undefined, ttlMs: number) {
  let at = 0;
  let pending: Promise<T | null> | null = null;
  return (): Promise<T | null> => {
    if (!load) return Promise.resolve(null);
    if (pending && Date.now() - at < ttlMs) return pending;
    at = Date.now();
    pending = load().catch(() => {
      at = 0; // retry on the next scrape
      return null;
    });
    return pending;
  };
}
