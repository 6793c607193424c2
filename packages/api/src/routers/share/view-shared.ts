import { DomainError, ZShareId, ZSharedView, type TSharedView } from "@meshbench/contracts";
import { z } from "zod";
import type { Services } from "../../context";
import { publicProcedure } from "../../trpc";

/** A shared run or comparison, read-only, for anyone holding the link; revoked links are gone. */
export async function loadSharedView(services: Services, id: string): Promise<TSharedView> {
  const link = await services.shareLinks.resolveActive(id);
  if (!link) throw new DomainError("NOT_FOUND", "This link does not exist or was revoked", "id");
  if (link.kind === "run" && link.runId) {
    const report = await services.reports.runReport(
      link.workspaceId,
      link.runId,
      undefined,
      "public",
    );
    return { kind: "run", report };
  }
  if (link.kind === "comparison" && link.comparison) {
    return {
      kind: "comparison",
      report: await services.reports.comparison(link.workspaceId, link.comparison, "public"),
    };
  }
  throw new DomainError("NOT_FOUND", "This link does not exist or was revoked", "id");
}

export const viewShared = publicProcedure
  .input(z.object({ id: ZShareId }))
  .output(ZSharedView)
  .query(({ ctx, input }) => loadSharedView(ctx.services, input.id));
