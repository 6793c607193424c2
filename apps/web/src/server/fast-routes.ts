import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { REST_BASE_PATH, serveFromNode } from "@meshbench/api";
import { SECURITY_HEADERS } from "./security-headers";

type FastRoute = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The map apps/web/server/front-door.cjs puts on globalThis (absent without that preload). */
const FAST_ROUTES = Symbol.for("meshbench.front-door.fast-routes");

/**
 * The REST handler, loaded on the first request rather than at start: it reads the validated
 * env, and a server with a bad env must still start (and answer as Next's route would: 500).
 */
function lazyRest(): FastRoute {
  let loading: Promise<FastRoute> | undefined;
  return async (req, res) => {
    loading ??= import("./rest")
      .then(({ getRestHandler, restBodyLimit }) =>
        serveFromNode(getRestHandler(), SECURITY_HEADERS, restBodyLimit()),
      )
      .catch((error: unknown) => {
        loading = undefined; // e.g. the env was invalid: try loading again on the next request
        throw error;
      });
    return (await loading)(req, res);
  };
}

/**
 * Routes the production server answers without Next's routing (issue 27: Next's route handler
 * was most of a CI upload's time). Each is served by the same handler as Next's route, so the
 * answers are the same; without the front door (next dev) Next's route serves them.
 */
export function registerFastRoutes() {
  const routes = (globalThis as Record<symbol, Map<string, FastRoute> | undefined>)[FAST_ROUTES];
  routes?.set(`POST ${REST_BASE_PATH}/results`, lazyRest());
}
