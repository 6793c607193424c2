import { getRestHandler } from "~/server/rest";

// REST under /api/v1 (src/server/rest.ts). In the production server the front door answers
// POST /api/v1/results with the same handler before Next routes it (src/server/fast-routes.ts).
const handler = (request: Request) => getRestHandler()(request);

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };
