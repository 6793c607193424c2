import { ZRunFilterOptions } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const listRunFilterOptions = viewerProcedure
  .output(ZRunFilterOptions)
  .query(({ ctx }) => ctx.services.runs.filterOptions(ctx.actor.workspaceId));
