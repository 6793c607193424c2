export const dynamic = "force-dynamic";

/** Liveness: the server answers (no database round trip, so a database outage restarts nothing). */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
