import { DomainError, ZCreateShareInput, ZShareLink } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** Creates a public read-only link; the target must exist in the caller's workspace. */
export const createShareLink = memberProcedure
  .input(ZCreateShareInput)
  .output(ZShareLink)
  .mutation(async ({ ctx, input }) => {
    const { workspaceId, userId } = ctx.actor;
    if (input.kind === "run") {
      if (!(await ctx.services.runs.get(workspaceId, input.runId)))
        throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return ctx.services.shareLinks.create(workspaceId, {
        kind: "run",
        runId: input.runId,
        createdByUserId: userId,
      });
    }
    await ctx.services.reports.comparison(workspaceId, input.comparison);
    return ctx.services.shareLinks.create(workspaceId, {
      kind: "comparison",
      comparison: input.comparison,
      createdByUserId: userId,
    });
  });
