import { ZTemplateSummary } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listTemplates = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/templates",
      protect: true,
      tags: ["templates"],
      summary: "List the benchmark templates (one per published write-up)",
      description:
        "Each template reproduces a public mesh benchmark: its matrix, repetitions, run rule, placement, " +
        "variants and report sections. The caller only picks meshes (and a mode). Requires the read scope.",
      errorResponses: { 401: "Missing or invalid token", 403: "Missing scope" },
    },
  })
  .input(z.object({}).optional())
  .output(z.array(ZTemplateSummary))
  .query(({ ctx }) => ctx.services.templates.list());
