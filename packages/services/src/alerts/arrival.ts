import {
  STATISTICS,
  ZComparisonStatistic,
  type TAlertMessage,
  type TChangePoint,
  type TComparisonStatistic,
} from "@meshbench/contracts";
import type {
  AlertRepository,
  AlertRuleRecord,
  BenchmarkRepository,
  ChangePointDecisionRepository,
  RunRepository,
} from "@meshbench/db";
import type { HistoryService } from "../history/history-service";
import type { ReportService } from "../reports/report-service";
import type { VerdictService } from "../verdicts/verdict-service";
import type { DeliveryEnqueuer } from "./deliver";
import { capacityDrops, changePointMessage, runMessage } from "./messages";

type Deps = {
  runs: RunRepository;
  benchmarks: BenchmarkRepository;
  alerts: AlertRepository;
  decisions: ChangePointDecisionRepository;
  history: Pick<HistoryService, "get">;
  verdicts: Pick<VerdictService, "get">;
  reports: Pick<ReportService, "runReport">;
  queue: DeliveryEnqueuer | null;
  appUrl: string;
  log: (line: string) => void;
};

/** The statistic an "any series" change-point rule watches: the history page's default. */
export const DEFAULT_ALERT_STATISTIC: TComparisonStatistic = "p99";
/** A new change point this close (in runs) to a decided one is the same step found again. */
const NEARBY_RUNS = 5;
/** The history page's window (the page asks for the latest 50 runs). */
const HISTORY_WINDOW = 50;

const statisticOf = (seriesKey: string) =>
  ZComparisonStatistic.safeParse(seriesKey.slice(seriesKey.lastIndexOf("|") + 1)).data;

type Event = { rule: AlertRuleRecord; eventKey: string; message: TAlertMessage };

/**
 * Data arrived: a run finished (the worker) or was uploaded. Updates the change-point detection
 * of the benchmark's series (the history page's own computation), stores each change point not
 * seen before, and turns the benchmark's alert rules into deliveries, once per (rule, event):
 * the run failed, its verdict is FAIL/INCONCLUSIVE, a new change point (not near one people
 * already confirmed or dismissed), a capacity drop beyond the rule's threshold.
 */
export function createArrivalService(deps: Deps) {
  async function newChangePoints(
    workspaceId: string,
    benchmarkKey: string,
    rules: AlertRuleRecord[],
  ) {
    const statistics = new Set<TComparisonStatistic>([DEFAULT_ALERT_STATISTIC]);
    for (const r of rules) {
      const s = r.kind === "change_point" && r.seriesKey ? statisticOf(r.seriesKey) : undefined;
      if (s) statistics.add(s);
    }
    const fresh: { point: TChangePoint; position: Map<string, number> }[] = [];
    for (const statistic of STATISTICS.filter((s) => statistics.has(s))) {
      const history = await deps.history.get(workspaceId, {
        benchmarkKey,
        statistic,
        limit: HISTORY_WINDOW,
      });
      const position = new Map(history.runs.map((r, i) => [r.runId, i]));
      const found = history.changePoints ?? [];
      const stored = await deps.decisions.recordDetected(
        workspaceId,
        benchmarkKey,
        found.map((c) => ({
          seriesKey: c.seriesKey,
          runId: c.runId,
          beforeMs: c.beforeMs,
          afterMs: c.afterMs,
        })),
      );
      const isNew = new Set(stored.map((s) => `${s.seriesKey}\n${s.runId}`));
      for (const point of found)
        if (isNew.has(`${point.seriesKey}\n${point.runId}`)) fresh.push({ point, position });
    }
    if (fresh.length === 0) return [];
    const decided = (await deps.decisions.list(workspaceId, benchmarkKey)).filter(
      (d) => d.status !== "open",
    );
    return fresh
      .filter(({ point, position }) => {
        const at = position.get(point.runId) ?? 0;
        return !decided.some((d) => {
          const p = position.get(d.runId);
          return (
            d.seriesKey === point.seriesKey && p !== undefined && Math.abs(p - at) <= NEARBY_RUNS
          );
        });
      })
      .map((f) => f.point);
  }

  async function events(workspaceId: string, runId: string): Promise<Event[]> {
    const run = await deps.runs.get(workspaceId, runId, { histograms: false });
    if (!run?.benchmarkKey || (run.status !== "succeeded" && run.status !== "failed")) return [];
    const benchmark = await deps.benchmarks.getBudgets(workspaceId, run.benchmarkKey);
    if (!benchmark) return [];
    const rules = await deps.alerts.listRules(workspaceId, benchmark.id);
    // Nobody is told about this benchmark: nothing to detect now (the history page detects on
    // read). Keeps CI uploads at a bare insert's cost (issue 27's ingest bench).
    if (rules.length === 0) return [];
    const ctx = { appUrl: deps.appUrl, benchmark, run };
    const out: Event[] = [];
    const ofKind = (kind: AlertRuleRecord["kind"]) => rules.filter((r) => r.kind === kind);
    if (run.status === "failed")
      for (const rule of ofKind("run_failed"))
        out.push({ rule, eventKey: `run:${run.id}`, message: runMessage(ctx, "run_failed", null) });
    if (run.status !== "succeeded") return out;
    const changePoints = await newChangePoints(workspaceId, benchmark.key, rules);
    for (const rule of ofKind("change_point"))
      for (const point of changePoints) {
        const watched = rule.seriesKey
          ? rule.seriesKey === point.seriesKey
          : point.statistic === DEFAULT_ALERT_STATISTIC;
        if (watched)
          out.push({
            rule,
            eventKey: `change-point:${point.seriesKey}@${point.runId}`,
            message: changePointMessage(ctx, point),
          });
      }
    if (ofKind("verdict").length) {
      const verdict = await deps.verdicts.get(workspaceId, { runId: run.id });
      if (verdict.status !== "pass")
        for (const rule of ofKind("verdict"))
          out.push({
            rule,
            eventKey: `run:${run.id}`,
            message: runMessage(ctx, "verdict", verdict.status),
          });
    }
    const capacityRules = ofKind("capacity_drop");
    if (capacityRules.length) {
      const drops = await capacityDrops(deps, workspaceId, benchmark.key, run.id);
      for (const rule of capacityRules) {
        const over = drops.filter((d) => d.dropPct > (rule.thresholdPct ?? 100));
        if (over.length)
          out.push({
            rule,
            eventKey: `run:${run.id}`,
            message: runMessage(ctx, "capacity_drop", over),
          });
      }
    }
    return out;
  }

  return {
    /**
     * Never throws: an alerting failure must not fail the run it reports on (it is logged).
     * Returns how many deliveries were queued.
     */
    runFinished: async (workspaceId: string, runId: string): Promise<number> => {
      try {
        let queued = 0;
        for (const e of await events(workspaceId, runId)) {
          const delivery = await deps.alerts.createDelivery(workspaceId, {
            channelId: e.rule.channelId,
            ruleId: e.rule.id,
            eventKey: e.eventKey,
            message: e.message,
          });
          if (!delivery) continue;
          queued++;
          await deps.queue?.enqueue({ deliveryId: delivery.id, workspaceId });
        }
        return queued;
      } catch (error) {
        deps.log(
          `alerts for run ${runId} failed: ${(error as Error).name}: ${(error as Error).message}`,
        );
        return 0;
      }
    },
  };
}

export type ArrivalService = ReturnType<typeof createArrivalService>;
