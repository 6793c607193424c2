import { ZShareId } from "@meshbench/contracts";
import { z } from "zod";
import { comparisonExport, runExport } from "@meshbench/services";
import { publicProcedure } from "../../trpc";
import { ZExportFile, ZExportFormat } from "../reports/export-run";
import { loadSharedView } from "./view-shared";

export const exportShared = publicProcedure
  .input(z.object({ id: ZShareId, format: ZExportFormat }))
  .output(ZExportFile)
  .query(async ({ ctx, input }) => {
    const view = await loadSharedView(ctx.services, input.id);
    return view.kind === "run"
      ? runExport(view.report, input.format)
      : comparisonExport(view.report, input.format);
  });
