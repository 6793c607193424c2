import { appRouter } from "@meshbench/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createRequestContext } from "~/server/context";

const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    router: appRouter,
    req,
    createContext: () => createRequestContext(req.headers),
    onError({ error, path }) {
      // Only unexpected errors are logged, and never with request bodies (they may hold secrets).
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path ?? "?"}: ${error.message}`);
    },
  });

export { handler as GET, handler as POST };
