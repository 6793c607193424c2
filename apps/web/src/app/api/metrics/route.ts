import { restErrorBody } from "@meshbench/contracts";
import { getMetrics, metricsAuthorized, requestLogger } from "~/server/ops";

export const dynamic = "force-dynamic";

/** Prometheus text format; guarded by MESHBENCH_METRICS_TOKEN (bearer; required in production). */
export async function GET(request: Request) {
  if (!metricsAuthorized(request)) {
    const { log, requestId } = requestLogger(request);
    log.warn("metrics: missing or wrong bearer token");
    return Response.json(restErrorBody("UNAUTHORIZED", "Bearer token required"), {
      status: 401,
      headers: { "www-authenticate": "Bearer", "x-request-id": requestId },
    });
  }
  const { contentType, body } = await getMetrics().render();
  return new Response(body, {
    headers: { "content-type": contentType, "cache-control": "no-store" },
  });
}
