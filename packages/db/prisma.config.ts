// Prisma CLI configuration. Migrations run through the WASM schema engine with our
// migration-only adapter: no engine binary is downloaded (see ARCHITECTURE.md).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { createMigrationAdapter } from "./src/migrate/migration-adapter";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(import.meta.dirname, "../../prisma/schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "../../prisma/migrations") },
  // eslint-disable-next-line @typescript-eslint/require-await
  adapter: async () => {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL must be set for Prisma CLI commands");
    return createMigrationAdapter(url, process.env.SHADOW_DATABASE_URL);
  },
});
