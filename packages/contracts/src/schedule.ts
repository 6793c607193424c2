import { z } from "zod";
import { ZId } from "./run";

/** A five-field cron expression and an IANA time zone; core's `scheduleTimingProblem` judges them. */
export const ZScheduleTiming = z.object({
  cron: z.string().trim().min(1).max(120),
  timezone: z.string().trim().min(1).max(64),
});

/** A schedule names the benchmark and cluster by id (dashboard) or by key and name (CLI, REST). */
export const ZCreateScheduleInput = ZScheduleTiming.extend({
  benchmarkId: ZId.optional(),
  benchmarkKey: z.string().min(1).max(64).optional(),
  clusterId: ZId.optional(),
  clusterName: z.string().min(1).max(63).optional(),
  enabled: z.boolean().default(true),
}).superRefine((input, ctx) => {
  for (const [id, name] of [
    ["benchmarkId", "benchmarkKey"],
    ["clusterId", "clusterName"],
  ] as const) {
    if ((input[id] === undefined) === (input[name] === undefined))
      ctx.addIssue({ code: "custom", path: [name], message: `give either ${name} or ${id}` });
  }
});
export type TCreateScheduleInput = z.infer<typeof ZCreateScheduleInput>;
export type TCreateScheduleInputRaw = z.input<typeof ZCreateScheduleInput>;

export const ZUpdateScheduleInput = z.object({
  scheduleId: ZId,
  cron: ZScheduleTiming.shape.cron.optional(),
  timezone: ZScheduleTiming.shape.timezone.optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateScheduleInput = z.infer<typeof ZUpdateScheduleInput>;

export const ZScheduleOutcome = z.enum(["fired", "skipped_overlap", "failed"]);
export type TScheduleOutcome = z.infer<typeof ZScheduleOutcome>;

export const ZScheduleFiring = z.object({
  dueAt: z.date(),
  outcome: ZScheduleOutcome,
  runId: ZId.nullable(),
  message: z.string().nullable(),
  createdAt: z.date(),
});
export type TScheduleFiring = z.infer<typeof ZScheduleFiring>;

export const ZSchedule = z.object({
  id: ZId,
  benchmarkId: ZId,
  benchmarkKey: z.string(),
  clusterId: ZId,
  clusterName: z.string(),
  cron: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  /** The next five due times (empty while disabled). */
  nextRuns: z.array(z.date()),
  createdAt: z.date(),
  /** The latest firings, newest first: fired, skipped for overlap, or failed. */
  firings: z.array(ZScheduleFiring),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZListSchedulesInput = z.object({
  benchmarkId: ZId.optional(),
  benchmarkKey: z.string().min(1).max(64).optional(),
});
export type TListSchedulesInput = z.infer<typeof ZListSchedulesInput>;

export const ZPreviewScheduleOutput = z.object({ nextRuns: z.array(z.date()) });
