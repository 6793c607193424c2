import {
  appRouter,
  errorResponse,
  hasMalformedPath,
  isCrossSiteWrite,
  limitBody,
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  retryAfterHeader,
} from "@meshbench/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { authEnv, env } from "~/env";
import { createRequestContext } from "~/server/context";
import { getLogger } from "~/server/ops";

const serve = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    router: appRouter,
    req,
    createContext: () => createRequestContext(req.headers),
    responseMeta: ({ errors }) => ({ headers: retryAfterHeader(errors) }),
    onError({ error, path }) {
      // Only unexpected errors are logged, and never with request bodies (they may hold secrets).
      if (error.code === "INTERNAL_SERVER_ERROR")
        getLogger().error(
          { path: path ?? "?", err: error.cause ?? error },
          "tRPC procedure failed",
        );
    },
  });

async function handler(req: Request) {
  if (hasMalformedPath(req.url))
    return errorResponse(400, "BAD_REQUEST", "path: malformed %-encoding");
  if (isCrossSiteWrite(req, authEnv.trustedOrigins)) {
    return errorResponse(403, "FORBIDDEN", "Cross-site request refused");
  }
  const limited = await limitBody(req, env.MESHBENCH_MAX_BODY_BYTES);
  if (limited instanceof Response) return limited;
  if (limited.method === "POST" && nestsDeeperThan(await limited.clone().text()))
    return errorResponse(400, "BAD_REQUEST", `body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  return serve(limited);
}

export { handler as GET, handler as POST };
