import { ZImportBundleInput, ZImportBundleOutput } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/**
 * A bundle exported elsewhere, as a read-only run of this workspace. Members, and tokens with
 * `results:write`: an import stores a run's results, as an upload does.
 */
export const importBundle = requireScope("results:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bundles",
      protect: true,
      tags: ["bundles"],
      summary: "Import a reproducibility bundle as a read-only run",
      description:
        "The run renders the same report as where it was exported. Each `<secret:name>` in the definition is " +
        "mapped to a workspace secret by `secrets` (name → this workspace's secret; default the same name); " +
        "no secret value is ever sent. Requires the results:write scope.",
    },
  })
  .input(ZImportBundleInput)
  .output(ZImportBundleOutput)
  .mutation(({ ctx, input }) => ctx.services.bundles.import(ctx.actor.workspaceId, input));
