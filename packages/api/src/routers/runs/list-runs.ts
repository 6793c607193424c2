import { ZListRunsInput, ZRunListPage } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const listRuns = viewerProcedure
  .input(ZListRunsInput)
  .output(ZRunListPage)
  .query(({ ctx, input }) => ctx.services.runs.list(ctx.actor.workspaceId, input));
