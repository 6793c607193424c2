import { createRestHandler } from "@meshbench/api";
import { authEnv, env } from "~/env";
import { createRequestContext } from "~/server/context";
import { getIdempotencyStore } from "~/server/services";
import { getLogger } from "~/server/ops";

// REST under /api/v1: the same tRPC procedures, served by trpc-to-openapi (packages/api/src/rest).
const handler = createRestHandler({
  createContext: (request) => createRequestContext(request.headers),
  idempotency: getIdempotencyStore,
  trustedOrigins: authEnv.trustedOrigins,
  maxBodyBytes: env.MESHBENCH_MAX_BODY_BYTES,
  onUnexpectedError: (path, message) => getLogger().error({ path, message }, "REST request failed"),
});

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
