import { ZGetTemplateInput, ZTemplateDetail } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const getTemplate = viewerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/templates/{key}",
      protect: true,
      tags: ["templates"],
      summary: "One template's benchmark definition for a mesh choice",
      description:
        "Body: `meshes` (one mesh per slot; default the template's), `mode`, and `testScale` (the " +
        "documented test-scale override: 3 s trials, at most two QPS levels and connection counts, the " +
        "fewest repetitions the run rule allows). Save the definition with the benchmark editor or " +
        "`benchmarks.create`. Requires the read scope.",
      errorResponses: {
        400: "Invalid input (names the field: key, meshes, mode)",
        401: "Missing or invalid token",
        403: "Missing scope",
      },
    },
  })
  .input(ZGetTemplateInput)
  .output(ZTemplateDetail)
  .query(({ ctx, input }) => ctx.services.templates.get(input));
