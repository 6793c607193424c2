import { readiness, requestLogger } from "~/server/ops";

export const dynamic = "force-dynamic";

/** Readiness: database reachable and every migration bundled in this build applied. */
export async function GET(request: Request) {
  const result = await readiness();
  if (!result.ready) {
    const { log } = requestLogger(request);
    log.warn({ checks: result.checks }, "not ready");
  }
  return Response.json(
    { status: result.ready ? "ready" : "not-ready", ...result },
    { status: result.ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
