import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { REST_BASE_PATH, serveFromNode } from "@meshbench/api";
import { getRestHandler } from "./rest";
import { SECURITY_HEADERS } from "./security-headers";

type FastRoute = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The map apps/web/server/front-door.cjs puts on globalThis (absent without that preload). */
const FAST_ROUTES = Symbol.for("meshbench.front-door.fast-routes");

/**
 * Routes the production server answers without Next's routing (issue 27: a CI upload's time
 * was mostly Next's route handler). Each is served by the same handler Next's route uses, so
 * the answers are the same; without the front door (next dev) Next's route serves them.
 */
export function registerFastRoutes() {
  const routes = (globalThis as Record<symbol, unknown>)[FAST_ROUTES];
  if (!(routes instanceof Map)) return;
  const fast: Map<string, FastRoute> = routes;
  fast.set(`POST ${REST_BASE_PATH}/results`, serveFromNode(getRestHandler(), SECURITY_HEADERS));
}
