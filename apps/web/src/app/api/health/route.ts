import { createCaller } from "@meshbench/api";
import { getServices } from "~/server/services";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await createCaller({ services: getServices(), actor: null }).health.check();
  return Response.json(health, { status: health.status === "ok" ? 200 : 503 });
}
