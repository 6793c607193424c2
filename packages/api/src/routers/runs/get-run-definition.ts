import { ZId, ZRunDefinition } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** "Definition as run": the run's snapshot and how its benchmark differs today. */
export const getRunDefinition = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZRunDefinition)
  .query(({ ctx, input }) => ctx.services.runs.definition(ctx.actor.workspaceId, input.runId));
