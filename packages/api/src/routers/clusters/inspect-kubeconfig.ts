import { ZKubeconfigContexts } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure } from "../../trpc";

/** Lists a kubeconfig's contexts (no secrets echoed) so the user can choose one before saving. */
export const inspectKubeconfig = adminProcedure
  .input(
    z.object({
      kubeconfig: z
        .string()
        .min(1)
        .max(256 * 1024),
    }),
  )
  .output(ZKubeconfigContexts)
  .mutation(({ ctx, input }) => ctx.services.clusters.inspectKubeconfig(input.kubeconfig));
