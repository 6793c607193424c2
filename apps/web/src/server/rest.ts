import "server-only";
import { createRestHandler } from "@meshbench/api";
import { authEnv, env } from "~/env";
import { createRequestContext } from "./context";
import { getLogger } from "./ops";
import { getIdempotencyStore, getServices } from "./services";

// One REST handler per server process, served by Next's /api/v1 route and, for the hot upload
// route, straight from the front door (fast-routes.ts).
const globalForRest = globalThis as unknown as {
  meshbenchRest?: ReturnType<typeof createRestHandler>;
};

/** The REST body limit (bytes): the front door reads a body that declares at most this whole. */
export const restBodyLimit = () => env.MESHBENCH_MAX_BODY_BYTES;

/** REST under /api/v1: the same tRPC procedures, served by trpc-to-openapi (packages/api/src/rest). */
export function getRestHandler() {
  globalForRest.meshbenchRest ??= createRestHandler({
    createContext: (request) => createRequestContext(request.headers),
    idempotency: getIdempotencyStore,
    services: getServices,
    trustedOrigins: authEnv.trustedOrigins,
    maxBodyBytes: restBodyLimit(),
    onUnexpectedError: (path, message) =>
      getLogger().error({ path, message }, "REST request failed"),
  });
  return globalForRest.meshbenchRest;
}
