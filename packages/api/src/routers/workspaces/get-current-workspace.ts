import { ZCurrentWorkspace } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** The caller's active workspace and role, plus the other workspaces a session caller belongs to. */
export const getCurrentWorkspace = viewerProcedure
  .output(ZCurrentWorkspace)
  .query(({ ctx }) => ctx.services.workspaces.current(ctx.actor));
