import { ZRetentionPolicy } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor, viewerProcedure } from "../../trpc";

/** The workspace's retention policy (null days: everything kept). */
export const getRetention = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/workspace/retention",
      protect: true,
      tags: ["workspace"],
      summary: "The workspace's retention policy for histograms and resource samples",
      description:
        "Runs older than retentionDays lose their full histograms and resource samples (the worker prunes hourly); " +
        "summaries, per-cell statistics, validity flags and verdicts stay. null: everything is kept. Requires the read scope.",
    },
  })
  .input(z.object({}).optional())
  .output(ZRetentionPolicy)
  .query(({ ctx }) => ctx.services.retention.get(ctx.actor.workspaceId));

/** Admins set how long full histograms and resource samples are kept. */
export const setRetention = adminProcedure
  .input(ZRetentionPolicy)
  .output(ZRetentionPolicy)
  .mutation(({ ctx, input }) =>
    ctx.services.retention.set(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
