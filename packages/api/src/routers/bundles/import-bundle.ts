import { ZImportBundleInput, ZImportBundleOutput } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** A bundle exported elsewhere, as a read-only run of this workspace. */
export const importBundle = memberProcedure
  .input(ZImportBundleInput)
  .output(ZImportBundleOutput)
  .mutation(({ ctx, input }) => ctx.services.bundles.import(ctx.actor.workspaceId, input));
