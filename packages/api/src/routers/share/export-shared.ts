import { ZExportFile, ZExportFormat, ZShareId } from "@meshbench/contracts";
import { z } from "zod";
import { publicProcedure } from "../../trpc";

export const exportShared = publicProcedure
  .input(z.object({ id: ZShareId, format: ZExportFormat }))
  .output(ZExportFile)
  .query(({ ctx, input }) => ctx.services.share.export(input.id, input.format));
