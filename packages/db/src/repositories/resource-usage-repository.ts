import type { Database } from "../client";

export type ResourceSampleRow = {
  variant: string;
  role: "proxy" | "ztunnel" | "waypoint" | "control_plane" | "app" | "load_generator";
  pod: string;
  container: string | null;
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: Date;
};

/** Read side of ResourceSample for reports (the scheduler writes them). */
export function createResourceUsageRepository(db: Database) {
  return {
    async listSamples(workspaceId: string, runId: string): Promise<ResourceSampleRow[]> {
      return db.resourceSample.findMany({
        where: { runId, run: { workspaceId } },
        orderBy: { sampledAt: "asc" },
        select: {
          variant: true,
          role: true,
          pod: true,
          container: true,
          cpuMillicores: true,
          memoryBytes: true,
          sampledAt: true,
        },
      });
    },
  };
}

export type ResourceUsageRepository = ReturnType<typeof createResourceUsageRepository>;
