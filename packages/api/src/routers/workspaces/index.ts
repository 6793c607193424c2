import { createTRPCRouter } from "../../trpc";
import { getCurrentWorkspace } from "./get-current-workspace";

export const workspacesRouter = createTRPCRouter({ current: getCurrentWorkspace });
