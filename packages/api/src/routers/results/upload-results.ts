import { ZUploadResultsInput, ZUploadResultsOutput } from "@meshbench/contracts";
import { UPLOAD_SCOPE } from "@meshbench/services";
import { rateLimited, requireScope } from "../../trpc";

export const uploadResultsProcedure = requireScope(UPLOAD_SCOPE)
  .use(rateLimited("upload"))
  .meta({
    openapi: {
      method: "POST",
      path: "/results",
      protect: true,
      tags: ["results"],
      summary: "Upload load-generator results as a new run",
      description:
        "Fortio/Nighthawk/SMP JSON (as an object or a string), wrk text (a string) or Locust --csv (the _stats.csv text, optionally followed by its _stats_history.csv), several trials per request. " +
        "Send an Idempotency-Key header so a retry never stores the run twice. Requires the results:write scope.",
      successDescription: "The stored run and its trials with their validity flags",
      errorResponses: {
        400: "Invalid input (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope",
        409: "Idempotency-Key reused with another body",
        413: "Body over the limit",
        429: "Rate limited",
      },
    },
  })
  .input(ZUploadResultsInput)
  .output(ZUploadResultsOutput)
  .mutation(({ ctx, input }) => ctx.services.results.upload(ctx.actor.workspaceId, input));
