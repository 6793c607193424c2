import { ZRunIdInput } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

/** Members, and API tokens with `benchmarks:write`: undoes an exclusion (audited). */
export const includeRun = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/runs/{runId}/include",
      protect: true,
      tags: ["history"],
      summary: "Include an excluded run again",
      description:
        "Removes the run's exclusion: it counts in history, change points and baselines again. Audited. " +
        "Requires the benchmarks:write scope.",
    },
  })
  .input(ZRunIdInput)
  .output(z.object({ runId: z.string(), excluded: z.literal(false) }))
  .mutation(({ ctx, input }) =>
    ctx.services.history.exclusions.include(
      ctx.actor.workspaceId,
      auditActor(ctx.actor),
      input.runId,
    ),
  );
