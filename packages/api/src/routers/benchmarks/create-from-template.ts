import { ZBenchmarkDetail, ZCreateFromTemplateInput } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/** A template's benchmark for a mesh choice, saved in one call (`meshbench benchmark create --template`). */
export const createFromTemplate = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/benchmarks/from-template",
      protect: true,
      tags: ["benchmarks"],
      summary: "Save a template's benchmark in one call",
      description:
        "`template` is what `POST /templates/{key}` takes plus the key (`key`, `meshes`, `mode`, " +
        "`testScale`); `overrides` renames it (`key`, `name`, `description`; the template's own otherwise). " +
        "409 when the key is taken. Requires the benchmarks:write scope.",
    },
  })
  .input(ZCreateFromTemplateInput)
  .output(ZBenchmarkDetail)
  .mutation(({ ctx, input }) =>
    ctx.services.benchmarks.createFromTemplate(ctx.actor.workspaceId, input),
  );
