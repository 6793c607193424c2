import { ZId, ZRunDefinition } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** "Definition as run": the run's snapshot and how its benchmark differs today. */
export const getRunDefinition = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/definition",
      protect: true,
      tags: ["runs"],
      summary: "The definition a run was created with",
      description:
        "The run's snapshot (every resolved value, manifest digests, images; secret headers by name only) and the paths where its benchmark differs today. " +
        "Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId }))
  .output(ZRunDefinition)
  .query(({ ctx, input }) => ctx.services.runs.definition(ctx.actor.workspaceId, input.runId));
