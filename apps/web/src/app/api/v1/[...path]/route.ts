import { createRestHandler } from "@meshbench/api";
import { createRequestContext } from "~/server/context";

// REST under /api/v1: the same tRPC procedures, served by trpc-to-openapi (packages/api/src/rest).
const handler = createRestHandler({
  createContext: (request) => createRequestContext(request.headers),
  onUnexpectedError: (path, message) => console.error(`REST ${path}: ${message}`),
});

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
