import { ZWorkspaceSecretView } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

/** Names and times only (the benchmark editor picks a header's secret by name). */
export const listSecrets = memberProcedure
  .output(z.array(ZWorkspaceSecretView))
  .query(({ ctx }) => ctx.services.secrets.list(ctx.actor.workspaceId));
