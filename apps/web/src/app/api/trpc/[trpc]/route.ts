import { appRouter, errorResponse, isCrossSiteWrite, limitBody } from "@meshbench/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { authEnv, env } from "~/env";
import { createRequestContext } from "~/server/context";

const serve = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    router: appRouter,
    req,
    createContext: () => createRequestContext(req.headers),
    onError({ error, path }) {
      // Only unexpected errors are logged, and never with request bodies (they may hold secrets).
      if (error.code === "INTERNAL_SERVER_ERROR")
        console.error(`tRPC ${path ?? "?"}: ${error.message}`);
    },
  });

async function handler(req: Request) {
  if (isCrossSiteWrite(req, authEnv.trustedOrigins)) {
    return errorResponse(403, "FORBIDDEN", "Cross-site request refused");
  }
  const limited = await limitBody(req, env.MESHBENCH_MAX_BODY_BYTES);
  return limited instanceof Response ? limited : serve(limited);
}

export { handler as GET, handler as POST };
