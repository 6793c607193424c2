import {
  DomainError,
  type TCreateShareInput,
  type TExportFile,
  type TExportFormat,
  type TSharedView,
  type TShareLink,
} from "@meshbench/contracts";
import type { RunRepository, ShareLinkRepository } from "@meshbench/db";
import { comparisonExport, runExport } from "@meshbench/core";
import type { ReportService } from "../reports/report-service";

export type ShareServiceDeps = {
  shareLinks: ShareLinkRepository;
  runs: RunRepository;
  reports: ReportService;
};

const GONE = "This link does not exist or was revoked";

/** Public read-only links to a run or a comparison; revoked links are gone for everyone. */
export function createShareService({ shareLinks, runs, reports }: ShareServiceDeps) {
  /** A shared run or comparison, sanitized for anyone holding the link. */
  async function view(id: string): Promise<TSharedView> {
    const link = await shareLinks.resolveActive(id);
    if (link?.kind === "run" && link.runId)
      return {
        kind: "run",
        report: await reports.runReport(link.workspaceId, link.runId, undefined, "public"),
      };
    if (link?.kind === "comparison" && link.comparison)
      return {
        kind: "comparison",
        report: await reports.comparison(link.workspaceId, link.comparison, "public"),
      };
    throw new DomainError("NOT_FOUND", GONE, "id");
  }

  return {
    /** The target must exist in the caller's workspace (a comparison must also compute). */
    async create(
      workspaceId: string,
      createdByUserId: string | null,
      input: TCreateShareInput,
    ): Promise<TShareLink> {
      if (input.kind === "run") {
        if (!(await runs.get(workspaceId, input.runId)))
          throw new DomainError("NOT_FOUND", "Run not found", "runId");
        return shareLinks.create(workspaceId, { kind: "run", runId: input.runId, createdByUserId });
      }
      await reports.comparison(workspaceId, input.comparison);
      return shareLinks.create(workspaceId, {
        kind: "comparison",
        comparison: input.comparison,
        createdByUserId,
      });
    },

    list: (workspaceId: string, filter: { runId?: string }): Promise<TShareLink[]> =>
      shareLinks.list(workspaceId, filter),

    async revoke(workspaceId: string, id: string): Promise<{ revoked: true }> {
      if (!(await shareLinks.revoke(workspaceId, id)))
        throw new DomainError("NOT_FOUND", "Share link not found", "id");
      return { revoked: true };
    },

    view,

    /** The shared run or comparison as a download, exactly as the share page shows it. */
    async export(id: string, format: TExportFormat): Promise<TExportFile> {
      const shared = await view(id);
      return shared.kind === "run"
        ? runExport(shared.report, format)
        : comparisonExport(shared.report, format);
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
