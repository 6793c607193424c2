import { ZRetentionPolicy } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, viewerProcedure } from "../../trpc";

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
  .meta({
    openapi: {
      method: "PUT",
      path: "/workspace/retention",
      protect: true,
      tags: ["workspace"],
      summary: "Set the workspace's retention policy (admins)",
      description:
        "retentionDays 1–3650, or null to keep everything. Takes effect at the worker's next hourly prune. " +
        "Requires the admin role (API tokens cannot call it).",
      errorResponses: {
        400: "Invalid input (names the field)",
        401: "Missing or invalid token",
        403: "Requires the admin role",
      },
    },
  })
  .input(ZRetentionPolicy)
  .output(ZRetentionPolicy)
  .mutation(({ ctx, input }) => ctx.services.retention.set(ctx.actor.workspaceId, input));
