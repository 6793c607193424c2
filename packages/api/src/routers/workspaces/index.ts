import { createTRPCRouter } from "../../trpc";
import { getCurrentWorkspace } from "./get-current-workspace";
import { getRetention, setRetention } from "./retention";

export const workspacesRouter = createTRPCRouter({
  current: getCurrentWorkspace,
  retention: getRetention,
  setRetention,
});
