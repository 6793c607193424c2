import type { Database } from "../client";

export function createWorkspaceRepository(db: Database) {
  return {
    getById(workspaceId: string) {
      return db.workspace.findUnique({
        where: { id: workspaceId },
        select: { id: true, slug: true, name: true },
      });
    },
    findBySlug(slug: string) {
      return db.workspace.findUnique({
        where: { slug },
        select: { id: true, slug: true, name: true },
      });
    },
    async ensure(slug: string, name: string) {
      return db.workspace.upsert({
        where: { slug },
        create: { slug, name },
        update: {},
        select: { id: true, slug: true, name: true },
      });
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
